import Foundation

// The bar's menu, read from the bundle Larder's build-tool plugin made from content/ at
// build time (larder.yml's json-bundle export, a resource of this target under Larder/).
struct Drink: Decodable {
    var id: String
    var name: String
}

guard let resources = Bundle.module.resourceURL else {
    FileHandle.standardError.write(Data("bar-menu: the target has no resources\n".utf8))
    exit(1)
}
let bundle = resources.appendingPathComponent("Larder/dist/json")
do {
    let drinks = try JSONDecoder().decode([Drink].self, from: Data(contentsOf: bundle.appendingPathComponent("en/recipe.json")))
    print("Menu (\(drinks.count) drinks):")
    for drink in drinks { print("- \(drink.name) [\(drink.id)]") }
} catch {
    FileHandle.standardError.write(Data("bar-menu: cannot read the menu in \(bundle.path): \(error)\n".utf8))
    exit(1)
}
