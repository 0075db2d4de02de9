#!/usr/bin/env python3
"""Writes a JSON document as block-style YAML, for the YAML benchmark's smoke run in CI.

    Scripts/json-to-yaml.py INPUT.json > OUTPUT.yaml

Mappings and sequences become block collections, strings double-quoted scalars (JSON's
escapes are YAML's), and numbers keep their text as written, so `JSON(yaml:)` of the
output equals `JSON(parsing:)` of the input. Standard library only.
"""

import json
import sys


class Number(str):
    """A number's text, as written in the input."""


def scalar(value):
    if isinstance(value, Number):
        return str(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "{}"
    return "[]"


def is_block(value):
    return isinstance(value, (dict, list)) and not isinstance(value, Number) and len(value) > 0


def emit(value, indent, out):
    pad = " " * indent
    if isinstance(value, dict):
        for key, item in value.items():
            if is_block(item):
                out.append("%s%s:" % (pad, json.dumps(key, ensure_ascii=False)))
                emit(item, indent + 2, out)
            else:
                out.append("%s%s: %s" % (pad, json.dumps(key, ensure_ascii=False), scalar(item)))
    else:
        for item in value:
            if is_block(item):
                out.append("%s-" % pad)
                emit(item, indent + 2, out)
            else:
                out.append("%s- %s" % (pad, scalar(item)))


def main():
    with open(sys.argv[1], encoding="utf-8") as handle:
        document = json.load(handle, parse_float=Number, parse_int=Number)
    out = []
    if is_block(document):
        emit(document, 0, out)
    else:
        out.append(scalar(document))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
