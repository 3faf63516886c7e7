"""The Python mirror's intrinsic speed: runs the mirror's operations
in-process over a list of cases, without the harness protocol.

Usage (from the mirror's directory):
    python3 inprocess.py CASES.jsonl BATCHES ROUNDS SECONDS
CASES.jsonl has one {"batch","contract","op","input" (base64)} per line, in
batch order, from BATCHES batches. Prints "ready" once the cases are
loaded; then, for each "go R" line on stdin, runs the cases of chunk R (the
batches cut into ROUNDS chunks, as BenchmarkThroughput cuts them) over and
over, whole, until SECONDS have passed (at least once), or, for "go R N",
exactly N times (the ceiling's copies), and prints one JSON line: cases
run, seconds, and the outcome counts. Exits at the end of stdin.

The operations are the functions the harness serves: the harness
(harness.py) builds its kit as ``python3 harness.py`` does (harness.build),
and every function its registration hands to the kit
(mirrors/kit/python/conform_kit.py, Kit.handle) is recorded, by contract and
operation. No contract or operation is named here: a new contract needs no
edit.
"""

import base64
import json
import os
import re
import sys
import time
from typing import Any, Callable

sys.dont_write_bytecode = True  # as the harness runs (python3 -B)
sys.path.insert(0, os.getcwd())
import harness  # noqa: E402  (the mirror's harness, from its directory)
import conform_kit  # noqa: E402  (on sys.path once the harness is imported)

Operation = Callable[[bytes], Any]
registered: dict[str, dict[str, Operation]] = {}
_handle = conform_kit.Kit.handle


def _recording(self: conform_kit.Kit, contract: str, op: str, function: Operation) -> conform_kit.Kit:
    kit = _handle(self, contract, op, function)
    registered.setdefault(contract, {})[op] = function
    return kit


conform_kit.Kit.handle = _recording  # type: ignore[assignment]
try:
    harness.build()
finally:
    conform_kit.Kit.handle = _handle  # type: ignore[assignment]
if not registered:
    sys.exit("harness.build() registered no operation with conform_kit.Kit")
Refusal = conform_kit.Refusal

path, batches, rounds, secs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
cases = []
with open(path) as f:
    for line in f:
        if line.strip():
            c = json.loads(line)
            fn = registered.get(c["contract"], {}).get(c["op"])
            if fn is None:
                sys.exit(f"the harness registers no operation {c['op']} of contract {c['contract']}")
            cases.append((c["batch"], fn, base64.b64decode(c["input"])))


def run_round(r: int, passes: int = 0) -> str:
    lo, hi = r * batches // rounds, (r + 1) * batches // rounds
    chunk = [(fn, data) for b, fn, data in cases if lo <= b < hi]
    counts = {"ok": 0, "refused": 0, "errored": 0}
    n = 0
    start = time.perf_counter()
    while True:
        for fn, data in chunk:
            try:
                # As the kit answers: anything but bytes is errored.
                if isinstance(fn(data), (bytes, bytearray, memoryview)):
                    counts["ok"] += 1
                else:
                    counts["errored"] += 1
            except Refusal:
                counts["refused"] += 1
            except Exception:  # a crash is still work done
                counts["errored"] += 1
            n += 1
        if (n >= passes * len(chunk)) if passes else (time.perf_counter() - start >= secs):
            break
    return json.dumps({"cases": n, "seconds": time.perf_counter() - start, **counts})


print("ready", flush=True)
for line in sys.stdin:
    m = re.fullmatch(r"go (\d+)(?: ([1-9]\d*))?\n", line)
    if m is None or int(m[1]) >= rounds:
        sys.exit(f"unexpected {line!r} on stdin")
    print(run_round(int(m[1]), int(m[2] or 0)), flush=True)
