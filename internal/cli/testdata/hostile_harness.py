#!/usr/bin/env python3
"""A hostile harness for conform's tests (cli/hostile_test.go).

conform runs it as conform-harness --fake <bug> when a test puts it beside
a copy of the conform binary. It speaks the harness protocol
(mirrors/PROTOCOL.md) and misbehaves as the JSON object in the environment
variable HOSTILE says:

  name        the handshake's implementation name (any string)
  contracts   the contracts it announces, {contract: [op, ...]}
  batch       announce the batch feature
  start       "silent": never answer the handshake
  start_delay seconds to wait before answering the handshake
  answer      "skip" (answer skipped), "refuse" (refused "nope"),
              "hang" (never answer a case)
  reason      the reason of a skip
  hang_input  hex of an input whose case (run request) is never answered
  hang_batch  never answer a batch request
  setsid      fork a child into a session of its own (setsid sleep 300)
  guards      the guard table to answer, [{contract, code, message}]

With HOSTILE_PIDS set, it appends its own pid, and its setsid child's, to
that file, one per line.
"""
import base64
import json
import os
import subprocess
import sys
import time

cfg = json.loads(os.environ.get("HOSTILE", "{}"))
pids = os.environ.get("HOSTILE_PIDS")


def note(pid):
    if pids:
        with open(pids, "a") as f:
            f.write("%d\n" % pid)


def say(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def hang():
    while True:
        time.sleep(3600)


def answer(inp):
    if cfg.get("hang_input") is not None and inp.hex() == cfg["hang_input"]:
        hang()
    kind = cfg.get("answer", "skip")
    if kind == "hang":
        hang()
    if kind == "refuse":
        return {"outcome": "refused", "message": "nope"}
    return {"outcome": "skipped", "reason": cfg.get("reason", "not today")}


note(os.getpid())
if cfg.get("setsid"):
    # The child is no process group leader, so setsid(1) calls setsid(2)
    # itself and execs sleep: one process, of pid child.pid, in a session
    # of its own.
    child = subprocess.Popen(["setsid", "sleep", "300"], stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    note(child.pid)

for line in sys.stdin:
    req = json.loads(line)
    seq, cmd = req.get("seq"), req.get("cmd")
    if cmd == "start":
        if cfg.get("start") == "silent":
            hang()
        time.sleep(cfg.get("start_delay", 0))
        a = {"seq": seq, "outcome": "started", "protocol": 1,
             "implementation": {"name": cfg.get("name", "hostile"), "language": "python",
                                "language_version": "3", "runtime": "cpython",
                                "runtime_version": "3", "version": "0",
                                "contracts": cfg.get("contracts", {})}}
        if cfg.get("batch"):
            a["features"] = ["batch"]
        say(a)
    elif cmd == "run":
        a = answer(base64.b64decode(req["input"]))
        a["seq"] = seq
        say(a)
    elif cmd == "batch":
        if cfg.get("hang_batch"):
            hang()
        say({"seq": seq, "outcome": "batch",
             "answers": [answer(base64.b64decode(c["input"])) for c in req["cases"]]})
    elif cmd == "ignore":
        say({"seq": seq, "outcome": "ack", "unknown": []})
    elif cmd == "guards":
        say({"seq": seq, "outcome": "guards", "guards": cfg.get("guards", [])})
    else:
        say({"seq": seq, "outcome": "errored", "message": "unknown command", "trace": ""})
