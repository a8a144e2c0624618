import Foundation
import LarderImport
import Testing
