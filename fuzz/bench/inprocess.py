"""The Python mirror's intrinsic speed: runs the mirror's operations
in-process over a list of cases, without the harness protocol.

Usage (from the mirror's directory):
    python3 inprocess.py CASES.jsonl BATCHES ROUNDS SECONDS
CASES.jsonl has one {"batch","contract","op","input" (base64)} per line, in
batch order, from BATCHES batches. Prints "ready" once the cases are
loaded; then, for each "go R" line on stdin, runs the cases of chunk R (the
batches cut into ROUNDS chunks, as BenchmarkThroughput cuts them) over and
over, whole, until SECONDS have passed, and prints one JSON line: cases
run, seconds, and the outcome counts. Exits at the end of stdin.
"""

import base64
import json
import re
import sys
import time

sys.path.insert(0, ".")
from conform_mirror import OPERATIONS, Refusal  # noqa: E402

path, batches, rounds, secs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
cases = []
with open(path) as f:
    for line in f:
        if line.strip():
            c = json.loads(line)
            cases.append((c["batch"], OPERATIONS[c["contract"]][c["op"]], base64.b64decode(c["input"])))


def run_round(r: int) -> str:
    lo, hi = r * batches // rounds, (r + 1) * batches // rounds
    chunk = [(fn, data) for b, fn, data in cases if lo <= b < hi]
    counts = {"ok": 0, "refused": 0, "errored": 0}
    n = 0
    start = time.perf_counter()
    while True:
        for fn, data in chunk:
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
    m = re.fullmatch(r"go (\d+)\n", line)
    if m is None or int(m[1]) >= rounds:
        sys.exit(f"unexpected {line!r} on stdin")
    print(run_round(int(m[1])), flush=True)
