// `import ArgonautYAML` brings in the core too, as `import ArgonautServices` does: a
// file that reads YAML names `JSON`, `Decoded` and the operators without a second
// import (`let json: JSON = try JSON(yaml: text)`). There, as in any file that imports
// the core, the plain name `Decodable` is Argonaut's protocol.
@_exported import Argonaut
