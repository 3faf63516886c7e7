"""The Python mirror's intrinsic speed: runs the mirror's operations
in-process over a list of cases, without the harness protocol.

Usage (from the mirror's directory): python3 inprocess.py CASES.jsonl SECONDS
CASES.jsonl has one {"contract","op","input" (base64)} per line. Prints
"ready" once the cases are loaded; then, for each "go" line on stdin, runs
the cases over and over for SECONDS and prints one JSON line: cases run,
seconds, and the outcome counts. Exits at the end of stdin.
"""

import base64
import json
import sys
import time

sys.path.insert(0, ".")
from conform_mirror import OPERATIONS, Refusal  # noqa: E402

path, secs = sys.argv[1], float(sys.argv[2])
cases = []
with open(path) as f:
    for line in f:
        if line.strip():
            c = json.loads(line)
            cases.append((OPERATIONS[c["contract"]][c["op"]], base64.b64decode(c["input"])))


def run_round() -> str:
    counts = {"ok": 0, "refused": 0, "errored": 0}
    n = 0
    start = time.perf_counter()
    while True:
        for fn, data in cases:
            try:
                fn(data)
                counts["ok"] += 1
            except Refusal:
                counts["refused"] += 1
            except Exception:  # a crash is still work done
                counts["errored"] += 1
            n += 1
        if time.perf_counter() - start >= secs:
            break
    return json.dumps({"cases": n, "seconds": time.perf_counter() - start, **counts})


print("ready", flush=True)
for line in sys.stdin:
    if line != "go\n":
        sys.exit(f"unexpected {line!r} on stdin")
    print(run_round(), flush=True)
