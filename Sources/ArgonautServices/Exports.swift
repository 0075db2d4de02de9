// `import ArgonautServices` brings in the core too: a service file can write its
// models' decoders (`Decodable`, `JSON`, the operators) without a second import. Here
// the plain name `Decodable` is Argonaut's protocol, as in any file that imports
// Argonaut; write `Swift.Decodable` (or `Codable`) for the standard one.
@_exported import Argonaut
