#!/usr/bin/env python3
"""Prints the migration guide's table of Argo 5's public API from an Argo checkout.

Usage:
  Scripts/argo-api.py ARGO_DIR [ARGO_DIR...]        print the table (Markdown)
  Scripts/argo-api.py --list ARGO_DIR [ARGO_DIR...]  print the declarations found, one a line
  Scripts/argo-api.py --check GUIDE.md ARGO_DIR...   fail unless every row is in GUIDE.md

ARGO_DIR is a checkout of thoughtbot/Argo (its `Sources/Argo` is read), such as the
v5.0.0 tag and the 5.x branch (master), which replaced the `<|` operators with
subscripts. Give both to cover everything Argo 5 code may use; a declaration found in
only one of them says so in the first column.

Every `public` declaration is listed: types, enum cases, protocol requirements, members
of `public extension` blocks, conformances, operators and precedence groups. Each must
have an Argonaut spelling in SPELLINGS below; one that has none fails the script, so a
symbol cannot be missed. Argo's code is read, never copied.
"""

import os
import re
import sys

# Argo 5 declaration (as --list prints it) -> Argonaut's spelling, in Markdown.
SPELLINGS = {
    # JSON
    "enum JSON": "`JSON`, the same name and cases; see the payload rows below",
    "case JSON.object([String: JSON])": "`.object(JSONObject)`: `o[\"id\"]`, `o.keys`, `for (key, value) in o` work; "
    "a `[String: JSON]` variable becomes `JSONObject(dictionary)`, and `.object([\"k\": v])` literals are unchanged",
    "case JSON.array([JSON])": "`.array(JSONArray)`: `a[0]`, `a.count`, `a.map(f)` work (`a[0]` from "
    "`ArgonautCompatibility`); a `[JSON]` variable becomes `JSONArray(elements)`, and literals are unchanged",
    "case JSON.string(String)": "`.string(String)`, the same",
    "case JSON.number(NSNumber)": "`.number(JSONNumber)`: exact; `n.intValue`, `n.int64Value`, `n.doubleValue`, "
    "`n.boolValue` from `ArgonautCompatibility` truncate as `NSNumber` did; exact: `n.integer(as: Int.self)`; "
    "`.number(NSNumber(value: x))` becomes `.number(JSONNumber(x))`, or `.number(1)` for a literal",
    "case JSON.bool(Bool)": "`.bool(Bool)`, the same",
    "case JSON.null": "`.null`, the same",
    "init JSON(_ json: Any)": "`try JSON(foundationObject: any)` (`ArgonautFoundation`): throws on what is not "
    "JSON where Argo gave `.null`; `JSON(parsing: bytes)` for text; a `JSON` literal in code",
    "subscript JSON[keyPath: String...] -> Decoded<T>": "`json[\"key\"]`, `json[\"a\", \"b\"]` (`ArgonautCompatibility`)",
    "subscript JSON[optional keyPath: String...] -> Decoded<T?>": "`json[optional: \"key\"]` "
    "(`ArgonautCompatibility`); a present value of the wrong type is a failure",
    "static func JSON.decode(_ json: JSON) -> Decoded<JSON>": "`JSON.decode(_:)`, the same",
    "var JSON.description": "`description`: the JSON text (`{\"id\":1}`), not `Object([...])`",
    "func == (lhs: JSON, rhs: JSON) -> Bool": "`==`; numbers compare by exact value (`1 == 1.0`)",
    "extension JSON: Decodable": "the same",
    "extension JSON: CustomStringConvertible": "the same",
    "extension JSON: Equatable": "the same, and `Hashable`",
    # Decoded
    "enum Decoded<T>": "`Decoded<T>`, the same",
    "case Decoded.success(T)": "`.success(T)`, the same",
    "case Decoded.failure(DecodeError)": "`.failure(DecodeError)`, the same",
    "var Decoded.value": "`value`, the same",
    "var Decoded.error": "`error`, the same",
    "static func Decoded.optional<T>(_ x: Decoded<T>) -> Decoded<T?>": "`Decoded.optional(_:)`, the same",
    "static func Decoded.fromOptional<T>(_ x: T?) -> Decoded<T>": "`Decoded.fromOptional(_:)`, the same; "
    "`fromOptional(_:orFailWith:)` says why",
    "static func Decoded.typeMismatch<T, U>(expected: String, actual: U) -> Decoded<T>": "the same",
    "static func Decoded.missingKey<T>(_ name: String) -> Decoded<T>": "the same",
    "static func Decoded.customError<T>(_ message: String) -> Decoded<T>": "the same",
    "static func Decoded.multipleErrors<T>(errors: [DecodeError]) -> Decoded<T>": "the same (`ArgonautCompatibility`)",
    "var Decoded.description": "`description`: `success(…)`, `failure(path: message)`",
    "func Decoded.dematerialize() throws -> T": "the same; `get()` is the native name",
    "func materialize<T>(_ f: () throws -> T) -> Decoded<T>": "the same",
    "func Decoded.map<U>(_ f: (T) -> U) -> Decoded<U>": "the same",
    "func Decoded.apply<U>(_ f: Decoded<(T) -> U>) -> Decoded<U>": "the same; it collects every failure",
    "func Decoded.flatMap<U>(_ f: (T) -> Decoded<U>) -> Decoded<U>": "the same",
    "func Decoded.or(_ other: @autoclosure () -> Decoded<T>) -> Decoded<T>": "the same",
    "extension Decoded: CustomStringConvertible": "the same",
    "func <^> <T, U>(f: (T) -> U, x: Decoded<T>) -> Decoded<U>": "the same, and over `curry`'s values",
    "func <*> <T, U>(f: Decoded<(T) -> U>, x: Decoded<T>) -> Decoded<U>": "the same over `curry(f)`'s values; "
    "for a hand-written closure, call `apply` by name",
    "func pure<T>(_ x: T) -> Decoded<T>": "the same",
    "func <|> <T>(lhs: Decoded<T>, rhs: @autoclosure () -> Decoded<T>) -> Decoded<T>": "the same",
    "func >>- <T, U>(x: Decoded<T>, f: (T) -> Decoded<U>) -> Decoded<U>": "the same",
    "func -<< <T, U>(f: (T) -> Decoded<U>, x: Decoded<T>) -> Decoded<U>": "the same (`ArgonautCompatibility`)",
    "func ?? <T>(lhs: Decoded<T>, rhs: @autoclosure () -> T) -> T": "the same (`ArgonautCompatibility`)",
    # DecodeError
    "enum DecodeError": "`DecodeError`, the same; its cases but `.multiple` carry a defaulted `path:` last",
    "case DecodeError.typeMismatch(expected: String, actual: String)": "the same to build; "
    "`case .typeMismatch(let expected, let actual, _)` to match",
    "case DecodeError.missingKey(String)": "the same to build; `case .missingKey(let key, _)` to match",
    "case DecodeError.custom(String)": "the same to build; `case .custom(let message, _)` to match",
    "case DecodeError.multiple([DecodeError])": "the same",
    "var DecodeError.description": "`description`: `path: message`, one line per failure",
    "var DecodeError.hashValue": "the same (`DecodeError` is `Hashable`)",
    "func == (lhs: DecodeError, rhs: DecodeError) -> Bool": "the same; the paths take part",
    "func + (lhs: DecodeError, rhs: DecodeError) -> DecodeError": "the same (`ArgonautCompatibility`); "
    "`combined(with:)` in the core flattens",
    "extension DecodeError: Error": "the same",
    "extension DecodeError: CustomStringConvertible": "the same",
    "extension DecodeError: Hashable": "the same",
    # Decodable
    "protocol Decodable": "`Argonaut.Decodable`; the plain name works where the file imports `Argonaut` "
    "(see \u201cWhich `Decodable`\u201d)",
    "associatedtype Decodable.DecodedType": "the same",
    "static func Decodable.decode(_ json: JSON) -> Decoded<DecodedType>": "the same",
    "static func Decodable.decode(_ json: JSON) -> Decoded<Self> where RawValue == String":
    "the same: `extension Role: Decodable {}`",
    "static func Decodable.decode(_ json: JSON) -> Decoded<Self> where RawValue == Int":
    "the same, and for every integer raw value",
    "static func String.decode(_ json: JSON) -> Decoded<String>": "the same",
    "static func Int.decode(_ json: JSON) -> Decoded<Int>": "the same; `3.7` is a failure, not `3`",
    "static func UInt.decode(_ json: JSON) -> Decoded<UInt>": "the same; `-1` is a failure",
    "static func Int64.decode(_ json: JSON) -> Decoded<Int64>": "the same for numbers; from a numeric string "
    "(`\"123\"`): `json.decodeNumericString(\"id\")`",
    "static func UInt64.decode(_ json: JSON) -> Decoded<UInt64>": "the same for numbers; from a numeric string: "
    "`json.decodeNumericString(\"id\")`",
    "static func Double.decode(_ json: JSON) -> Decoded<Double>": "the same, correctly rounded",
    "static func Float.decode(_ json: JSON) -> Decoded<Float>": "the same, correctly rounded",
    "static func Bool.decode(_ json: JSON) -> Decoded<Bool>": "the same; `1` and `\"true\"` are failures",
    "static func Optional.decode(_ json: JSON) -> Decoded<Wrapped?>": "the same",
    "static func Array.decode(_ json: JSON) -> Decoded<Array>": "the same",
    "static func Dictionary.decode(_ json: JSON) -> Decoded<Dictionary>": "the same",
    "extension String: Decodable": "the same",
    "extension Int: Decodable": "the same",
    "extension UInt: Decodable": "the same",
    "extension Int64: Decodable": "the same",
    "extension UInt64: Decodable": "the same",
    "extension Double: Decodable": "the same",
    "extension Float: Decodable": "the same",
    "extension Bool: Decodable": "the same",
    "static func Collection.decode(_ json: JSON) -> Decoded<[Iterator.Element]>": "`[T].decode(json)`; "
    "other collections map from an array",
    "func decodeArray<T: Decodable>(_ json: JSON) -> Decoded<[T]>": "the same (`ArgonautCompatibility`)",
    "static func ExpressibleByDictionaryLiteral.decode(_ json: JSON) -> Decoded<[String: Value]>":
    "`[String: T].decode(json)`",
    "func decodeObject<T: Decodable>(_ json: JSON) -> Decoded<[String: T]>": "the same (`ArgonautCompatibility`)",
    "extension Array: Decodable": "the same",
    "extension Dictionary: Decodable": "the same (`[String: T]`)",
    # Functions
    "func sequence<T>(_ xs: [Decoded<T>]) -> Decoded<[T]>": "the same (`ArgonautCompatibility`)",
    "func sequence<Key, Value>(_ xs: [Key: Decoded<Value>]) -> Decoded<[Key: Value]>":
    "the same (`ArgonautCompatibility`)",
    "func catDecoded<T>(_ xs: [Decoded<T>]) -> [T]": "the same (`ArgonautCompatibility`)",
    "func catDecoded<T>(_ xs: [String: Decoded<T>]) -> [String: T]": "the same (`ArgonautCompatibility`)",
    "func flatReduce<S: Sequence, U>(_ sequence: S, initial: U, combine: (U, S.Iterator.Element) -> Decoded<U>) "
    "-> Decoded<U>": "the same (`ArgonautCompatibility`)",
    "func decodedJSON(_ json: JSON, forKey key: String) -> Decoded<JSON>": "the same (`ArgonautCompatibility`)",
    "func decode<T: Decodable>(_ object: Any) -> Decoded<T>": "`decode(json)` of a `JSON`: "
    "`JSON(parsing: data)`, or `JSON(foundationObject: any)` for an `Any`",
    "func decode<T: Decodable>(_ object: Any) -> T?": "`decode(json)` of a `JSON`, as above",
    "func decode<T: Decodable>(_ object: Any) -> Decoded<[T]>": "`decode(json)` of a `JSON`, as above",
    "func decode<T: Decodable>(_ object: Any) -> [T]?": "`decode(json)` of a `JSON`, as above",
    "func decode<T: Decodable>(_ dict: [String: Any], rootKey: String) -> Decoded<T>":
    "`decode(json, rootKey: \"user\")` of a `JSON`",
    "func decode<T: Decodable>(_ dict: [String: Any], rootKey: String) -> T?":
    "`decode(json, rootKey: \"user\")` of a `JSON`",
    "func decode<T: Decodable>(_ dict: [String: Any], rootKey: String) -> Decoded<[T]>":
    "`decode(json, rootKey: \"users\")` of a `JSON`",
    "func decode<T: Decodable>(_ dict: [String: Any], rootKey: String) -> [T]?":
    "`decode(json, rootKey: \"users\")` of a `JSON`",
    # Argo 5.0.0's operators (the 5.x branch replaced them with the subscripts)
    "precedencegroup ArgoDecodePrecedence": "`DecodingPrecedence`, between `<*>` and `??` as in Argo",
    "operator <|": "the same",
    "operator <|?": "the same",
    "operator <||": "the same",
    "operator <||?": "the same",
    "func <| <A: Decodable>(json: JSON, key: String) -> Decoded<A>": "the same",
    "func <| <A: Decodable>(json: JSON, keys: [String]) -> Decoded<A>": "the same",
    "func <|? <A: Decodable>(json: JSON, key: String) -> Decoded<A?>": "the same; a present value of the wrong "
    "type is a failure",
    "func <|? <A: Decodable>(json: JSON, keys: [String]) -> Decoded<A?>": "the same",
    "func <|| <A: Decodable>(json: JSON, key: String) -> Decoded<[A]>": "the same",
    "func <|| <A: Decodable>(json: JSON, keys: [String]) -> Decoded<[A]>": "the same",
    "func <||? <A: Decodable>(json: JSON, key: String) -> Decoded<[A]?>": "the same",
    "func <||? <A: Decodable>(json: JSON, keys: [String]) -> Decoded<[A]?>": "the same",
}

DECL = re.compile(
    r"^(?P<mods>(?:(?:public|static|final|mutating|@\w+(?:\([^)]*\))?)\s+)*)"
    r"(?P<kind>func|var|let|subscript|init|enum|struct|class|protocol|typealias|associatedtype|case|extension"
    r"|precedencegroup|infix operator|prefix operator|postfix operator)\b\s*(?P<rest>.*)$")


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(re.sub(r"//.*$", "", line) for line in text.splitlines())


def normalize(signature):
    signature = re.sub(r"\s+", " ", signature).strip()
    signature = re.sub(r"\s*\{.*$", "", signature)
    signature = re.sub(r"\s*where\s+(T|A|Wrapped) == \1\.DecodedType$", "", signature)
    signature = re.sub(r"\s*where\s+(T|A)\.DecodedType == \1$", "", signature)
    return signature.strip()


def declarations(root):
    """The public declarations of the Swift files under root/Sources/Argo."""
    found = []
    sources = os.path.join(root, "Sources", "Argo")
    for directory, _, files in sorted(os.walk(sources)):
        for name in sorted(files):
            if name.endswith(".swift"):
                with open(os.path.join(directory, name), encoding="utf-8") as file:
                    found += declarations_in(strip_comments(file.read()))
    return found


def declarations_in(text):
    found = []
    # Each open brace pushes (owner name, public, kind, extra), or None for a body.
    stack = []
    pending = None  # a declaration whose `{` is still to come
    for line in text.splitlines():
        stripped = line.strip()
        match = DECL.match(stripped)
        context = next((entry for entry in reversed(stack) if entry is not None), None)
        in_body = bool(stack) and stack[-1] is None
        if match and not in_body:
            mods, kind, rest = match["mods"], match["kind"], match["rest"]
            public = "public" in mods.split()
            owner = context[0] if context else None
            member_public = public or (context is not None and context[1] and "private" not in mods)
            if kind == "extension":
                head = rest.split("{")[0]
                head, _, where = head.partition(" where ")
                target, _, conformances = head.partition(":")
                target = target.strip()
                for conformance in filter(None, (c.strip() for c in conformances.split(","))):
                    found.append(f"extension {target}: {conformance}")
                pending = (target, public, "extension", where.strip())
            elif kind in ("enum", "struct", "class", "protocol"):
                name = re.split(r"[\s:{]", rest)[0]
                if public:
                    found.append(f"{kind} {name}")
                    inherited = rest.split("{")[0].partition(":")[2]
                    bare = re.sub(r"<.*", "", name)
                    for conformance in filter(None, (c.strip() for c in inherited.split(","))):
                        found.append(f"extension {bare}: {conformance}")
                pending = (re.sub(r"<.*", "", name), public, kind, "")
            elif kind == "case" and context and context[1] and context[2] == "enum":
                for case in re.findall(r"\w+(?:\([^)]*\))?", rest):
                    found.append(f"case {context[0]}.{case}")
            elif kind in ("precedencegroup", "infix operator", "prefix operator", "postfix operator"):
                name = rest.split(":")[0].split("{")[0].strip()
                found.append(f"{kind.split()[-1]} {name}" if "operator" in kind else f"precedencegroup {name}")
                if kind == "precedencegroup":
                    pending = (name, False, kind, "")
            elif kind == "associatedtype" and context and context[1]:
                found.append(f"associatedtype {context[0]}.{rest.split()[0]}")
            elif member_public or (context and context[2] == "protocol" and context[1]):
                prefix = "static " if "static" in mods.split() else ""
                signature = normalize(rest)
                if kind == "var":
                    signature = signature.split(":")[0].strip()
                if kind == "subscript":
                    signature = signature[len("subscript"):] if signature.startswith("subscript") else signature
                    signature = re.sub(r"^<[^>]*>\(", "[", signature)
                    signature = re.sub(r"\)\s*->", "] ->", signature, count=1)
                    found.append(f"subscript {owner}{signature}")
                elif kind == "init":
                    found.append(f"init {owner}{signature}")
                elif owner:
                    constraint = ""
                    if context[3] and "RawValue ==" in context[3]:
                        constraint = " where RawValue == " + context[3].split("RawValue ==")[1].strip()
                    found.append(f"{prefix}{kind} {owner}.{signature}{constraint}")
                else:
                    found.append(f"{prefix}{kind} {signature}")
                pending = None
            if kind not in ("extension", "enum", "struct", "class", "protocol", "precedencegroup"):
                pending = None if "{" in stripped else pending
        for character in stripped:
            if character == "{":
                stack.append(pending)
                pending = None
            elif character == "}" and stack:
                stack.pop()
    return found


def cell(text):
    return text.replace("|", "\\|")


def table(entries):
    """One row per declaration, in the order of SPELLINGS (grouped by type)."""
    rows = ["| Argo 5 | Argonaut |", "|---|---|"]
    order = list(SPELLINGS)
    for entry, versions in sorted(entries, key=lambda e: order.index(e[0])):
        note = f" ({versions} only)" if versions else ""
        rows.append(f"| {cell('`' + entry + '`')}{note} | {cell(SPELLINGS[entry])} |")
    return "\n".join(rows)


def main(argv):
    mode = "table"
    guide = None
    if argv and argv[0] == "--list":
        mode, argv = "list", argv[1:]
    elif argv and argv[0] == "--check":
        mode, guide, argv = "check", argv[1], argv[2:]
    if not argv:
        sys.exit(__doc__)
    per_checkout = [(root, declarations(root)) for root in argv]
    entries = []
    for root, found in per_checkout:
        for entry in found:
            if entry not in (e for e, _ in entries):
                elsewhere = [os.path.basename(os.path.normpath(r)) for r, f in per_checkout if entry in f]
                entries.append((entry, ", ".join(elsewhere) if len(elsewhere) < len(per_checkout) else ""))
    if mode == "list":
        print("\n".join(entry for entry, _ in entries))
        return
    missing = [entry for entry, _ in entries if entry not in SPELLINGS]
    stale = [entry for entry in SPELLINGS if entry not in (e for e, _ in entries)]
    if stale:
        print("spellings for no declaration found (another version of Argo?):\n  " + "\n  ".join(stale),
              file=sys.stderr)
    if missing:
        sys.exit("no Argonaut spelling for:\n  " + "\n  ".join(missing))
    text = table(entries)
    if mode == "table":
        print(text)
        return
    with open(guide, encoding="utf-8") as file:
        content = file.read()
    absent = [row for row in text.splitlines()[2:] if row not in content]
    if absent:
        sys.exit(f"{guide} lacks {len(absent)} row(s):\n" + "\n".join(absent))
    print(f"{guide}: all {len(entries)} of Argo 5's public declarations have their row")


if __name__ == "__main__":
    main(sys.argv[1:])
