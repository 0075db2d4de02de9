@_exported import enum Argonaut.DecodeError
@_exported import enum Argonaut.Decoded
// `import ArgonautFoundation` brings in the core's types too: a file that decodes
// Codable models can name `JSON`, `Decoded`, `JSONSerializer` and the rest without a
// second import.
//
// Every public type and protocol of the core, but one: Argonaut's `Decodable`. In a
// Codable-only file that imports this module, `Decodable` keeps meaning the standard
// library's protocol, as it does with Foundation's `JSONDecoder`; a file that writes
// Argonaut decoders imports `Argonaut` (or `ArgonautServices`), and there the name is
// Argonaut's. This module also declares the core's operators (Operators.swift), so that
// they stay known in a file that imports it together with `ArgonautServices`.
@_exported import enum Argonaut.JSON
@_exported import struct Argonaut.JSONArray
@_exported import protocol Argonaut.JSONEncodable
@_exported import protocol Argonaut.JSONKey
@_exported import struct Argonaut.JSONNumber
@_exported import struct Argonaut.JSONObject
@_exported import struct Argonaut.JSONParseError
@_exported import struct Argonaut.JSONParsingOptions
@_exported import struct Argonaut.JSONPath
@_exported import struct Argonaut.JSONSerializer
@_exported import protocol Argonaut.JSONVisitor
@_exported import struct Argonaut.LossyArray
