import Foundation
@testable import LarderCore
import LarderJSON
import LarderRules
import Testing

/// A temporary project folder with some files, removed at the end of the test.
final class TempProject {
    let root: String

    init(files: [String]) throws {
        root = NSTemporaryDirectory() + "larder-rules-" + UUID().uuidString
        for file in files {
            let full = root + "/" + file
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: full, contents: Data([0x89, 0x50])))
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }
}

@Suite struct ImageExistsTests {
    let rule = ImageExistsRule()

    func check(_ json: String, kind: String = "recipe", images: String = "assets", files: any ProjectFiles,
               extra: [String: JSONValue] = [:]) throws -> [Diagnostic] {
        var options = JSONObject()
        options["images"] = .string(images)
        for (k, v) in extra { options[k] = v }
        return try run(rule, [("content/drinks.json", json)], kind: kind, options: .object(options), projectFiles: files)
    }

    @Test func existingImagesPassInTheWorkingTree() throws {
        let project = try TempProject(files: ["assets/drinks/negroni.png", "assets/drinks/Sour.JPG", "assets/p/front_fr.webp"])
        let files = WorkingTreeFiles(root: project.root)
        #expect(try check(#"{"images": ["drinks/negroni.png", {"src": "drinks/Sour.JPG", "alt": "A sour"}]}"#, files: files).isEmpty)
        #expect(try check(#"{"images": ["./drinks//negroni.png", "drinks/../drinks/negroni.png"]}"#, files: files).isEmpty)
        let product = #"{"code": "1", "images": {"front": {"fr": "p/front_fr.webp"}, "nutrition": {"src": "p/front_fr.webp"}}}"#
        #expect(try check(product, kind: "product", files: files).isEmpty)
    }

    /// A location written in place in a recipe's `shops` has a location's images, which the
    /// images export copies: a missing one passed lint.
    @Test func theImagesOfAShopWrittenInARecipeAreChecked() throws {
        let project = try TempProject(files: ["assets/shops/bar.png", "assets/pho.png"])
        let files = WorkingTreeFiles(root: project.root)
        let recipe = #"{"id": "pho", "images": ["pho.png"], "shops": ["gerrys", {"id": "pop-up", "images": ["shops/bar.png", {"src": "shops/Stall.png", "alt": "x"}]}]}"#
        let found = try check(recipe, files: files)
        #expect(found.map(\.pointer) == ["/shops/1/images/1/src"])
        #expect(found.first?.message == "image 'shops/Stall.png' does not exist in the images folder 'assets'; add the file (and stage it), or fix the path")
    }

    /// Each folder is listed once however many look-ups a run makes: listing the folder of
    /// every segment again for each image made `image-exists` quadratic (a project of 4,000
    /// recipes with 8,000 images in one folder took a minute to lint).
    @Test func eachFolderIsListedOnceForEveryLookUp() throws {
        let names = (0..<300).map { "assets/drinks/d\($0).png" }
        let project = try TempProject(files: names)
        let files = WorkingTreeFiles(root: project.root)
        for name in names { #expect(files.fileExists(atPath: name)) }
        #expect(!files.fileExists(atPath: "assets/drinks/D1.png"))
        #expect(files.entries(inDirectory: "assets/drinks")?.count == 300)
        #expect(files.listedFolders == 3)  // the root, assets, assets/drinks
    }

    /// Missing images in a large folder: each is looked for in another case and
    /// normalization from the folder's index, made once, not by lowercasing every entry for
    /// each image (missing images × files in the folder: 50 seconds here).
    @Test func missingImagesInALargeFolderAreFoundFromOneIndex() throws {
        let project = try TempProject(files: (0..<10_000).map { "assets/d/Photo-\($0).png" })
        let images = (0..<6_000).map { #""d/missing-\#($0).png""# } + [#""d/photo-1.png""#, #""d/Photo-1.png""#]
        let json = #"{"images": [\#(images.joined(separator: ", "))]}"#
        let started = Date()
        let found = try check(json, files: WorkingTreeFiles(root: project.root))
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(found.count == 6_001)
        #expect(found.last?.message.contains("the file is 'd/Photo-1.png'") == true)
        #expect(found.first?.message.hasPrefix("image 'd/missing-0.png' does not exist in the images folder 'assets'") == true)
    }

    /// How a folder's index finds a name: as written, in another normalization, in another
    /// case, in both.
    @Test func folderNamesFindEachSpelling() {
        let names = FolderNames(["Caf\u{E9}.png", "menu.png", "Cre\u{300}me.PNG"])
        #expect(names.match("menu.png") == .exact)
        #expect(names.match("Cafe\u{301}.png") == .otherNormalization(entry: "Caf\u{E9}.png"))
        #expect(names.match("MENU.png") == .otherCase(entry: "menu.png", alsoNormalization: false))
        #expect(names.match("cr\u{E8}me.png") == .otherCase(entry: "Cre\u{300}me.PNG", alsoNormalization: true))
        #expect(names.match("tea.png") == nil)
    }

    @Test func aWrongCaseDoesNotPassAndTheMessageNamesTheRealFile() throws {
        let project = try TempProject(files: ["assets/Drinks/Negroni.PNG"])
        let found = try check(#"{"images": ["drinks/negroni.png"]}"#, files: WorkingTreeFiles(root: project.root))
        #expect(found.map(\.pointer) == ["/images/0"])
        #expect(found.first?.message.contains("the file is 'Drinks/Negroni.PNG'") == true)
        #expect(!WorkingTreeFiles(root: project.root).fileExists(atPath: "assets/drinks/negroni.png"))
        #expect(!WorkingTreeFiles(root: project.root).fileExists(atPath: "assets/Drinks/negroni.PNG"))
        #expect(WorkingTreeFiles(root: project.root).fileExists(atPath: "assets/Drinks/Negroni.PNG"))
    }

    /// A path in another Unicode normalization than the file's name (`é` as `e` and a
    /// combining accent, as a copy from a Mac's Finder may give) is reported, with the file
    /// named: the message said "add the file", though a file of that visible name was there.
    @Test func anotherNormalizationIsNamedAsSuch() throws {
        let project = try TempProject(files: ["assets/Caf\u{E9}/Cr\u{E8}me.png"])
        let files = WorkingTreeFiles(root: project.root)
        let nfd = "Cafe\u{301}/Cre\u{300}me.png"
        let found = try check(#"{"images": ["\#(nfd)", "caf\#u{E9}/Cr\#u{E8}me.png"]}"#, files: files)
        #expect(found.map(\.pointer) == ["/images/0", "/images/1"])
        #expect(found.first?.message.hasPrefix("image '\(nfd)' does not exist as written; the file is 'Caf\u{E9}/Cr\u{E8}me.png', the same letters in another Unicode normalization") == true)
        #expect(found.last?.message.contains("does not exist with that case; the file is 'Caf\u{E9}/Cr\u{E8}me.png':") == true)
    }

    /// A path that names a folder said the image "does not exist in the images folder",
    /// though something is there by that name.
    @Test func aFolderIsNamedAsAFolder() throws {
        let project = try TempProject(files: ["assets/dir.png/inner.png"])
        let found = try check(#"{"images": ["dir.png"]}"#, files: WorkingTreeFiles(root: project.root))
        #expect(found.map(\.message) == ["image 'dir.png' is a folder in the images folder 'assets', not an image file; name the file inside it, or fix the path"])
    }

    /// An image that is a link to a file outside the project would ship that file (a CI
    /// secret, say); a link to another image of the project is fine.
    @Test func aLinkOutOfTheProjectIsReported() throws {
        let project = try TempProject(files: ["assets/drinks/negroni.png"])
        let outside = try TempProject(files: ["secret.png"])
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: project.root + "/assets/drinks/out.png", withDestinationPath: outside.root + "/secret.png")
        try fm.createSymbolicLink(atPath: project.root + "/assets/drinks/same.png", withDestinationPath: "negroni.png")
        try fm.createSymbolicLink(atPath: project.root + "/assets/up", withDestinationPath: outside.root)
        let files = WorkingTreeFiles(root: project.root)
        let found = try check(#"{"images": ["drinks/out.png", "drinks/same.png", "up/secret.png", "drinks/negroni.png"]}"#, files: files)
        #expect(found.map(\.pointer) == ["/images/0", "/images/2"])
        #expect(found.first?.message == "image 'drinks/out.png' is a symbolic link to a file outside the project, which would ship that file; copy the image into the images folder 'assets' instead of linking it")
        #expect(files.leavesProject(atPath: "assets/up/secret.png"))
        #expect(!files.leavesProject(atPath: "assets/drinks/same.png"))
        #expect(throws: ProjectFileReadError.self) { try files.contents(atPath: "assets/drinks/out.png") }
        #expect((try? files.contents(atPath: "assets/drinks/same.png"))?.count == 2)
    }


    /// A link that stays in the project but leaves the images folder, into `.git` (whose
    /// config can hold a CI token) or to an ignored `.env`, passed the rule, and the images
    /// exporter shipped the file it led to.
    @Test func aLinkOutOfTheImagesFolderOrIntoAHiddenFileIsReported() throws {
        let project = try TempProject(files: ["assets/drinks/negroni.png", ".git/config", ".env", "docs/logo.png"])
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: project.root + "/assets/drinks/git.png", withDestinationPath: "../../.git/config")
        try fm.createSymbolicLink(atPath: project.root + "/assets/drinks/env.webp", withDestinationPath: "../../.env")
        try fm.createSymbolicLink(atPath: project.root + "/assets/drinks/docs.png", withDestinationPath: "../../docs/logo.png")
        try fm.createSymbolicLink(atPath: project.root + "/assets/drinks/same.png", withDestinationPath: "negroni.png")
        let files = WorkingTreeFiles(root: project.root)
        let found = try check(#"{"images": ["drinks/git.png", "drinks/env.webp", "drinks/docs.png", "drinks/same.png", "drinks/negroni.png"]}"#, files: files)
        #expect(found.map(\.pointer) == ["/images/0", "/images/1", "/images/2"])
        #expect(found.first?.message == "image 'drinks/git.png' is a symbolic link to a file outside the images folder 'assets' or in a hidden folder, which would ship that file; copy the image into the images folder 'assets' instead of linking it")
        // The images exporter's read refuses them too.
        for name in ["git.png", "env.webp", "docs.png"] {
            #expect(throws: ProjectFileReadError.self) { try files.contents(atPath: "assets/drinks/" + name, within: "assets") }
        }
        #expect((try? files.contents(atPath: "assets/drinks/same.png", within: "assets"))?.count == 2)
        // With the project root as the images folder, a link into a hidden folder is refused still.
        #expect(files.linkLeaves("", atPath: "assets/drinks/git.png"))
        #expect(!files.linkLeaves("", atPath: "assets/drinks/docs.png"))
    }
    @Test func aFolderIsNotAnImage() throws {
        let project = try TempProject(files: ["assets/drinks.png/x.png"])
        let found = try check(#"{"images": ["drinks.png"]}"#, files: WorkingTreeFiles(root: project.root))
        #expect(found.count == 1)
    }

    @Test func pathsThatLeaveTheFolderAreErrorsThatSaySo() throws {
        let project = try TempProject(files: ["secret.png", "assets/a.png"])
        let files = WorkingTreeFiles(root: project.root)
        let json = #"{"images": ["../secret.png", "a/../../secret.png", "/etc/x.png", "C:\\x.png", "a\\b.png", "https://x.org/a.png", ""]}"#
        let found = try check(json, files: files)
        #expect(found.map(\.pointer) == (0..<7).map { JSONPointer(tokens: ["images", String($0)]) })
        #expect(found[0].message.contains("leaves the images folder 'assets' with '..'"))
        #expect(found[1].message.contains("leaves"))
        #expect(found[2].message.contains("absolute"))
        #expect(found[3].message.contains("backslash"))
        #expect(found[4].message.contains("backslash"))
        #expect(found[5].message.contains("URL"))
        #expect(found[6].message.contains("empty"))
    }

    @Test func anImagesFolderOutsideTheProjectIsReported() throws {
        let project = try TempProject(files: ["a.png"])
        let found = try check(#"{"images": ["a.png"]}"#, images: "../elsewhere", files: WorkingTreeFiles(root: project.root))
        #expect(found.first?.message.contains("leaves the project root") == true)
    }

    @Test func extensionsAreCheckedWithoutCaseAndConfigurable() throws {
        let project = try TempProject(files: ["assets/a.PNG", "assets/b.gif", "assets/c", "assets/d.txt"])
        let files = WorkingTreeFiles(root: project.root)
        #expect(try check(#"{"images": ["a.PNG", "b.gif"]}"#, files: files).isEmpty)
        let found = try check(#"{"images": ["a.PNG", "b.gif", "c", "d.txt"]}"#, files: files,
                              extra: ["extensions": ["png", ".jpg"]])
        #expect(found.map(\.pointer) == ["/images/1", "/images/2", "/images/3"])
        #expect(found[0].message.contains("the extension '.gif'; allowed extensions: jpg, png"))
        #expect(found[1].message.contains("has no file extension"))
    }

    @Test func aMissingImagesFolderIsNamed() throws {
        let project = try TempProject(files: ["other/a.png"])
        let found = try check(#"{"images": ["a.png"]}"#, files: WorkingTreeFiles(root: project.root))
        #expect(found.first?.message.contains("the images folder 'assets' itself is missing") == true)
    }

    /// `images:` naming a file: the folder was said to be missing, which it is not.
    @Test func anImagesFolderThatIsAFileIsNamedAsOne() throws {
        let project = try TempProject(files: ["assets"])
        let found = try check(#"{"images": ["a.png"]}"#, files: WorkingTreeFiles(root: project.root))
        #expect(found.map(\.message) == ["image 'a.png' does not exist: the images folder 'assets' is a file, not a folder; fix `images:` in larder.yml to name the folder the images are in"])
    }

    @Test func theGitIndexSnapshotDoesNotPassAnUntrackedImage() throws {
        // On disk: both files. Staged: only negroni.png.
        let project = try TempProject(files: ["assets/negroni.png", "assets/untracked.png"])
        let lsFiles = Array("assets/negroni.png\0content/drinks.json\0".utf8)
        let staged = ProjectFileSnapshot(gitLsFilesOutput: lsFiles)
        let json = #"{"images": ["negroni.png", "untracked.png"]}"#
        #expect(try check(json, files: WorkingTreeFiles(root: project.root)).isEmpty)
        let found = try check(json, files: staged)
        #expect(found.map(\.pointer) == ["/images/1"])
        #expect(found.first?.message.contains("does not exist") == true)
    }

    @Test func aSnapshotScannedFromDiskMatchesTheWorkingTree() throws {
        let project = try TempProject(files: ["assets/x/a.png", "assets/B.png", "readme.md"])
        let snapshot = ProjectFileSnapshot(scanning: "assets", in: project.root)
        #expect(snapshot.count == 2)
        #expect(snapshot.fileExists(atPath: "assets/x/a.png") && snapshot.fileExists(atPath: "assets/B.png"))
        #expect(!snapshot.fileExists(atPath: "assets/b.png") && !snapshot.fileExists(atPath: "readme.md"))
        #expect(try check(#"{"images": ["x/a.png", "b.png"]}"#, files: snapshot).map(\.pointer) == ["/images/1"])
    }

    @Test func customFieldsForATeamsOwnKind() throws {
        let project = try TempProject(files: ["assets/achievements/easy.png"])
        let json = #"[{"id": "easy", "icon": "achievements/easy.png"}, {"id": "hard", "icon": "achievements/hard.png"}]"#
        let found = try check(json, kind: "achievement", files: WorkingTreeFiles(root: project.root),
                              extra: ["fields": ["/icon"]])
        #expect(found.map(\.pointer) == ["/1/icon"])
    }

    /// A field that holds a list of images (`fields: [/gallery]`) means each image in it, as
    /// the `images` export's `imageFields` and the other rules' `fields` read a list: its
    /// images went unchecked, and the build then stopped on the missing one.
    @Test func aFieldThatHoldsAListMeansEachImage() throws {
        let project = try TempProject(files: ["assets/spots/a.png"])
        let json = #"{"id": "x", "gallery": ["spots/a.png", "spots/missing.png", {"src": "spots/gone.png", "alt": "x"}]}"#
        let found = try check(json, kind: "spot", files: WorkingTreeFiles(root: project.root), extra: ["fields": ["/gallery"]])
        #expect(found.map(\.pointer) == ["/gallery/1", "/gallery/2/src"])
    }
}

@Suite struct ProjectFilesTests {
    @Test func lsFilesOutputIsSplitOnNUL() {
        let snapshot = ProjectFileSnapshot(gitLsFilesOutput: Array("a.png\0dir/b c.png\0dir/sub/ü.png\0".utf8))
        #expect(snapshot.count == 3)
        #expect(snapshot.fileExists(atPath: "dir/b c.png") && snapshot.fileExists(atPath: "dir/sub/ü.png"))
        #expect(Set(snapshot.entries(inDirectory: "") ?? []) == ["a.png", "dir"])
        #expect(Set(snapshot.entries(inDirectory: "dir") ?? []) == ["b c.png", "sub"])
        #expect(snapshot.entries(inDirectory: "nope") == nil)
        #expect(!snapshot.fileExists(atPath: "dir"))
        #expect(!snapshot.fileExists(atPath: "A.png"))
    }

    @Test func lsFilesOutputWithAPrefixAndStageFormat() {
        let output = "100644 e69de29bb2d1d6434b8b29ae775ad8c2e48c5391 0\tapps/bar/images/a.png\0"
            + "100644 e69de29bb2d1d6434b8b29ae775ad8c2e48c5391 0\tapps/other/b.png\0apps/bar/larder.yml"
        let snapshot = ProjectFileSnapshot(gitLsFilesOutput: Array(output.utf8), prefix: "apps/bar/")
        #expect(snapshot.count == 2)
        #expect(snapshot.fileExists(atPath: "images/a.png") && snapshot.fileExists(atPath: "larder.yml"))
        #expect(!snapshot.fileExists(atPath: "apps/other/b.png"))
    }

    @Test func unsafePathsAreLeftOut() {
        let snapshot = ProjectFileSnapshot(paths: ["../x.png", "/abs.png", "a//b.png", "./c.png", "ok.png"])
        #expect(snapshot.count == 1 && snapshot.fileExists(atPath: "ok.png"))
        #expect(ProjectFileSnapshot(gitLsFilesOutput: [UInt8]()).count == 0)
    }

    @Test func theWorkingTreeRefusesPathsThatLeaveTheRoot() throws {
        let project = try TempProject(files: ["inside/a.png"])
        let files = WorkingTreeFiles(root: project.root + "/inside")
        #expect(files.fileExists(atPath: "a.png"))
        #expect(!files.fileExists(atPath: "../inside/a.png"))
        #expect(files.entries(inDirectory: "..") == nil)
        #expect(files.entries(inDirectory: "") == ["a.png"])
    }

    @Test func theContextDefaultsToTheWorkingTreeOfTheProjectRoot() throws {
        let project = try TempProject(files: ["a.png"])
        let context = RuleContext(ruleID: "x", severity: .error, projectRoot: project.root)
        #expect(context.projectFiles.fileExists(atPath: "a.png"))
    }
}
