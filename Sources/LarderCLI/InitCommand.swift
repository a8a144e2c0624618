import ArgumentParser
import Foundation

/// `larder init`: writes a commented starter `larder.yml`.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented starter larder.yml in the current folder.")

    @Flag(name: .long, help: "Overwrite an existing larder.yml.")
    var force = false

    static let starter = """
        # Larder configuration: what your content is, which rules check it, what `larder build`
        # exports. Paths and globs are relative to this file's folder. Reference:
        # `larder schema print config`, `larder rules`, `larder explain RULE`.

        # BCP 47 language tags; the first is the source language (the language of plain strings).
        locales: [en]

        # Where each kind of content lives. Built-in kinds: recipe, location, product, taxonomy.
        # A kind of your own names its JSON Schema: `- kind: achievement` + `schema: schemas/achievement.schema.json`;
        # add `formats: assert` to check its "format"s (date, email, uri, ...), an annotation by default.
        content:
          - kind: recipe
            include: ["content/recipes/**/*.json"]
            images: images                  # image paths resolve under this folder

        # Severity (error, warning, note, off) and options per rule.
        rules:
          locale-complete: warning
          image-exists: { severity: error, extensions: [png, jpg, webp] }

        # What `larder build` does, in order.
        # transforms:
        #   - scale: { servings: 4 }
        # exports:
        #   - json-bundle: { out: dist/json }
        #   - xcstrings: { out: dist/ios/Content.xcstrings }

        """

    func run() throws {
        let folder = FileManager.default.currentDirectoryPath
        let path = folder + "/larder.yml"
        // Any config Larder reads, and a link by the name even when it leads nowhere: a new
        // larder.yml beside a larder.yaml is the one lint then reads (larder.yml comes
        // first), so the project's real config was set aside without a word.
        var info = stat()
        let existing = ConfigFile.names.first(where: { lstat(folder + "/" + $0, &info) == 0 })
        // A folder by that name (or a link to one) is no config, and --force replaces a
        // file, never a folder: said so, rather than "already exists" (which --force does
        // not get past) or the write's error code.
        if existing == "larder.yml", stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw ValidationError(
                "cannot write larder.yml: it is a directory; "
                    + "move or rename that folder, then run `larder init` again (--force replaces a file, never a folder)")
        }
        if let existing, !(force && existing == "larder.yml") {
            throw ValidationError(existing == "larder.yml"
                ? "larder.yml already exists here; use --force to overwrite it"
                : "\(existing) already exists here, and a larder.yml would be read in its place; edit \(existing), or remove it first")
        }
        do {
            try Data(Self.starter.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ValidationError("cannot write larder.yml: \(error.localizedDescription)")
        }
        print("Wrote larder.yml. Put your content under content/recipes/ and run `larder lint`.")
    }
}
