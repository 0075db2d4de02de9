#!/usr/bin/env python3
"""Writes a synthetic OpenAPI 3.0 document of a chosen size, to measure how long
`argonaut-generate openapi` and the Swift compiler take on large descriptions.

Usage: Scripts/openapi-synthetic.py SCHEMAS [OPERATIONS] > doc.json

SCHEMAS component schemas (objects of 6 to 24 properties with references, string
enums, nullable dates, maps, arrays, inline objects; every tenth an `allOf`, every
thirtieth a discriminated `oneOf`) and OPERATIONS operations (default SCHEMAS * 10 / 9)
over min(40, OPERATIONS / 25) tags. The same arguments always give the same document.
GitHub's REST description is about 900 schemas and 1,000 operations.
"""
import json
import random
import sys


def main():
    schemas = int(sys.argv[1])
    operations = int(sys.argv[2]) if len(sys.argv) > 2 else schemas * 10 // 9
    tags = max(1, min(40, operations // 25))
    rng = random.Random(schemas * 7919 + operations)
    names = [f"Thing{i}" for i in range(schemas)]
    components = {}
    for i, name in enumerate(names):
        if i % 30 == 29 and i >= 3:
            a, b = names[i - 1], names[i - 2]
            components[name] = {
                "oneOf": [{"$ref": f"#/components/schemas/{a}"}, {"$ref": f"#/components/schemas/{b}"}],
                "discriminator": {"propertyName": "kind"},
            }
            continue
        properties = {"kind": {"type": "string"}}
        required = ["kind"]
        for p in range(rng.randint(6, 24)):
            key = f"field_{p}_{rng.choice(['name', 'url', 'count', 'state', 'owner', 'items'])}"
            roll = rng.random()
            if roll < 0.25:
                schema = {"type": "string"}
            elif roll < 0.35:
                schema = {"type": "integer", "format": "int64"}
            elif roll < 0.42:
                schema = {"type": "boolean"}
            elif roll < 0.50:
                schema = {"type": "string", "format": "date-time", "nullable": True}
            elif roll < 0.58:
                schema = {"type": "string", "enum": [f"value-{k}" for k in range(rng.randint(2, 8))]}
            elif roll < 0.70 and i > 0:
                schema = {"$ref": f"#/components/schemas/{names[rng.randrange(schemas)]}"}
            elif roll < 0.78 and i > 0:
                schema = {"type": "array", "items": {"$ref": f"#/components/schemas/{names[rng.randrange(schemas)]}"}}
            elif roll < 0.83:
                schema = {"type": "object", "additionalProperties": {"type": "string"}}
            elif roll < 0.93:
                schema = {
                    "type": "object",
                    "properties": {
                        "id": {"type": "integer"},
                        "label": {"type": "string", "nullable": True},
                        "mode": {"type": "string", "enum": ["on", "off"]},
                    },
                    "required": ["id"],
                }
            else:
                schema = {"type": "number"}
            properties[key] = schema
            # A required reference only to an earlier schema: a cycle of required
            # references has no finite value (the compiler warns of infinite recursion).
            target = schema.get("$ref") or schema.get("items", {}).get("$ref") or ""
            forward = target and names.index(target.rsplit("/", 1)[1]) >= i
            if rng.random() < 0.5 and not forward:
                required.append(key)
        body = {"type": "object", "properties": properties, "required": required}
        if i % 10 == 9:
            body = {"allOf": [{"$ref": f"#/components/schemas/{names[i - 1]}"}, body]}
        components[name] = body
    paths = {}
    for o in range(operations):
        tag = f"area{o % tags}"
        model = names[o % schemas]
        path = f"/{tag}/things{o}/{{id}}"
        operation = {
            "operationId": f"operation{o}",
            "tags": [tag],
            "parameters": [
                {"name": "id", "in": "path", "required": True, "schema": {"type": "integer"}},
                {"name": "per_page", "in": "query", "schema": {"type": "integer"}},
                {"name": "labels", "in": "query", "schema": {"type": "array", "items": {"type": "string"}}},
            ],
            "responses": {
                "200": {
                    "description": "OK",
                    "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{model}"}}},
                }
            },
        }
        method = "get"
        if o % 3 == 1:
            method = "post"
            operation["requestBody"] = {
                "required": True,
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "object",
                            "properties": {"title": {"type": "string"}, "body": {"type": "string", "nullable": True}},
                            "required": ["title"],
                        }
                    }
                },
            }
        paths[path] = {method: operation}
    document = {
        "openapi": "3.0.3",
        "info": {"title": "Synthetic", "version": "1"},
        "paths": paths,
        "components": {"schemas": components},
    }
    json.dump(document, sys.stdout, indent=1, sort_keys=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
