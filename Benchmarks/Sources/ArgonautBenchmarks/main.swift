import Argonaut
let docs = [#"{"a": [1, 2.5, -0, "x\n\u00e9\ud83d\ude00", true, null, {}], "b": {"c": []}, "a": 7}"#, "[]", "  12 ", #""s""#, "[1,]", "{\"a\" 1}", "[[[", "01", "\"\\ud800\""]
for d in docs {
  do { let j = try JSON(parsing: d); print(j, "|", j.serialized(.pretty)) } catch { print("ERR", error) }
}
let j: JSON = ["id": 1, "tags": ["a", "b"], "x": 1.5, "n": .null]
print(j, j == (try! JSON(parsing: #"{"tags":["a","b"],"id":1.0,"n":null,"x":15e-1}"#)))
print(j["tags"]?[1] as Any, j["id"]?.intValue as Any)
print(JSONSerializer(isPretty: true, sortsKeys: true).string(from: j))
