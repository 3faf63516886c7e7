"""probe-manifest/1 (spec/probe-manifest.md): merge identity, the web
discriminant and its aliases, paths, hand edits and the writers'
corrupt-input policies, with json.loads as the oracle on written
manifests."""

from __future__ import annotations

import json
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import probe_manifest as pm  # noqa: E402
from conform_mirror.refusal import Refusal, ignoring  # noqa: E402


def run(op, value, *ignored) -> str:
    with ignoring(*ignored):
        try:
            return op(json.dumps(value).encode()).decode("ascii")
        except Refusal as r:
            return "refused: " + r.guard.message


def merge(entries, existing=None, writer="verify", path=".atoma-probes.json", *ignored) -> str:
    return run(pm.merge, {"path": path, "writer": writer, "existing": existing, "entries": entries}, *ignored)


def refused(g) -> str:
    return "refused: " + g.message


SHELL = {"kind": "shell", "cmd": "make", "exit": 0}
WEB = {"kind": "web", "file": "a", "smoke": "s"}
HTTP = {"kind": "http", "url": "http://x", "status": 200}


class Merge(unittest.TestCase):
    def test_identity(self) -> None:
        m = merge([SHELL, WEB, HTTP])
        self.assertEqual(json.loads(m)["probes"], [SHELL, WEB, HTTP])
        again = merge([dict(SHELL, exit=2), WEB, dict(WEB, smoke="t"), HTTP], m)
        self.assertEqual(json.loads(again)["probes"],
                         [dict(SHELL, exit=2), WEB, HTTP, dict(WEB, smoke="t"), HTTP])
        self.assertEqual(merge([SHELL, WEB], m), m)  # idempotent

    def test_aliases(self) -> None:
        self.assertEqual(json.loads(merge([dict(WEB, kind="browser"), dict(WEB, kind="playwright")]))["probes"],
                         [WEB])
        on_disk = json.dumps({"probes": [dict(WEB, kind="browser")]})
        self.assertEqual(run(pm.check, json.loads(on_disk)), refused(pm.KIND))
        self.assertEqual(merge([], on_disk, "record_probe"), refused(pm.CORRUPT))
        self.assertEqual(merge([], on_disk, "distill"), "")
        self.assertEqual(merge([], on_disk, "verify"), '{"probes":[]}\n')

    def test_paths_and_hand_edits(self) -> None:
        for path in (".atoma-probes.json", "./.atoma-probes.json", "x/../.atoma-probes.json", ".\\.atoma-probes.json"):
            self.assertEqual(run(pm.write_guard, {"path": path, "writer": "model"}), refused(pm.HAND_EDIT))
            self.assertEqual(run(pm.write_guard, {"path": path, "writer": "distill"}),
                             '{"path":".atoma-probes.json","manifest":true}')
        for path in ("", "/x", "C:\\x", "../x", "."):
            self.assertEqual(run(pm.write_guard, {"path": path, "writer": "verify"}), refused(pm.PATH))
        self.assertEqual(merge([], None, "verify", "sub/.atoma-probes.json"), refused(pm.NOT_MANIFEST))

    def test_rules(self) -> None:
        self.assertEqual(merge([dict(SHELL, exit=256)]), refused(pm.EXIT))
        self.assertEqual(merge([dict(SHELL, exit=True)], None, "verify", ".atoma-probes.json", pm.EXIT),
                         refused(pm.EXIT))
        self.assertEqual(merge([dict(HTTP, url="ftp://x")]), refused(pm.URL))
        self.assertEqual(merge([{"kind": "ftp"}], None, "verify", ".atoma-probes.json", pm.KIND), refused(pm.KIND))
        self.assertEqual(merge([dict(SHELL, file="a")]), refused(pm.UNKNOWN_MEMBER))


if __name__ == "__main__":
    unittest.main()
