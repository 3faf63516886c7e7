"""A harness with the protocol's mutant switch, for the watchdog's test:
it answers every run with its input, never answers one while the
mutant "hang" is active (a mutant that loops), and does not have the row
mutant "x/1 gone" (a row its declaration cannot apply)."""
import json
import sys

active = ""
for line in sys.stdin:
    req = json.loads(line)
    seq, cmd = req["seq"], req["cmd"]
    if cmd == "start":
        ans = {"seq": seq, "outcome": "started", "protocol": 1, "features": ["mutant"],
               "implementation": {"name": "switch", "language": "python", "language_version": "3",
                                  "runtime": "cpython", "runtime_version": "3", "version": "0",
                                  "contracts": {"x/1": ["op"]}}}
    elif cmd == "mutant":
        known = req["mutant"] != "x/1 gone"
        active = req["mutant"] if known else ""
        ans = {"seq": seq, "outcome": "switched", "known": known, "reached": []}
    elif cmd == "run":
        if active == "hang":
            sys.stdin.read()  # never answers
        ans = {"seq": seq, "outcome": "ok", "output": req["input"]}
    else:
        ans = {"seq": seq, "outcome": "errored", "message": "unknown command", "trace": ""}
    sys.stdout.write(json.dumps(ans, separators=(",", ":")) + "\n")
    sys.stdout.flush()
