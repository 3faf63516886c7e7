"""Oracle for the TypeScript mirror's pyjson-ascii/1 tests (test only).

Reads one base64 input per line on stdin and writes one JSON line per input:
{"ok": base64} or {"refused": message}. Mode "encode" (the default) is
spec/pyjson-ascii.md computed with the real CPython json module; mode
"replace" answers the input decoded with errors="replace", as UTF-8.
"""

import base64
import json
import sys

BOM = "input begins with a UTF-8 byte order mark"
UTF8 = "input is not valid UTF-8"
DEPTH = "nesting exceeds depth 128"
SYNTAX = "input is not valid JSON"
INT_DIGITS = "integer literal exceeds 4300 digits"


def deeper_than_128(text):
    depth = 0
    in_string = False
    i = 0
    while i < len(text):
        c = text[i]
        if in_string:
            if c == "\\":
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            if depth > 128:
                return True
        elif c in "]}":
            if depth > 0:
                depth -= 1
        i += 1
    return False


def encode(data):
    if data[:3] == b"\xef\xbb\xbf":
        return {"refused": BOM}
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return {"refused": UTF8}
    if deeper_than_128(text):
        return {"refused": DEPTH}
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return {"refused": SYNTAX}
    except ValueError as e:
        if "Exceeds the limit (4300 digits)" in str(e):
            return {"refused": INT_DIGITS}
        raise
    out = json.dumps(value, ensure_ascii=True, sort_keys=True, separators=(",", ":"))
    return {"ok": base64.b64encode(out.encode("ascii")).decode("ascii")}


def replace(data):
    text = data.decode("utf-8", errors="replace")
    return {"ok": base64.b64encode(text.encode("utf-8")).decode("ascii")}


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "encode"
    fn = {"encode": encode, "replace": replace}[mode]
    out = sys.stdout
    for line in sys.stdin:
        line = line.strip()
        out.write(json.dumps(fn(base64.b64decode(line))) + "\n")
    out.flush()


if __name__ == "__main__":
    main()
