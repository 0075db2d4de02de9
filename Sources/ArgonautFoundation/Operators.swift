import Argonaut

// The core's operators, declared here again, in the core's precedence groups, so that a
// file that imports this module together with `ArgonautServices` (in either order, with
// or without `import Argonaut`) still knows them.
//
// Why this is needed (Swift 6.3.1): the compiler looks an operator declaration up in
// every module a file's imports reach. `Exports.swift` re-exports the core's types one
// scoped import at a time, and each scoped import is a separate path to `Argonaut`, so a
// file that imports `ArgonautServices` (which re-exports all of `Argonaut`) and this
// module reaches the core's `<|` fifteen times. More than one result sends the compiler
// back to its older lookup, which searches only the modules the file imports *directly*:
// neither `ArgonautServices` nor this module declared `<|`, so the file failed with
// "operator is not a known binary operator" at every operator, then with conversion
// errors such as `Decoded<Curried<…>>` to `JSON`. The frontend flag
// `-enable-new-operator-lookup`, which Swift does not turn on yet, skips that fallback.
//
// Declared here, the operators are found in a module the file imports directly. Two
// declarations of one operator in the same precedence group are not ambiguous: the
// compiler keeps the first it sees per group. The functions themselves stay in the
// core; a file that imports this module alone still has no `Argonaut.Decodable` in
// scope, so `Decodable` keeps meaning the standard library's protocol there.
// `Scripts/imports-check.sh` compiles every combination of the three imports.

infix operator <^> : ApplicativePrecedence
infix operator <*> : ApplicativePrecedence
infix operator <|> : AlternativePrecedence
infix operator >>- : MonadicPrecedenceLeft
infix operator <| : DecodingPrecedence
infix operator <|? : DecodingPrecedence
infix operator <|| : DecodingPrecedence
infix operator <||? : DecodingPrecedence
