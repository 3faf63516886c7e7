"""model-selector/1 (spec/model-selector.md): the selector grammar,
transportOf, payerForSelector, the tier pins, the payer rows with
admissibility by chain level and the commit shas, with json.loads as the
oracle that every output is one JSON value of the right strings."""

from __future__ import annotations

import json
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import model_selector as ms  # noqa: E402
from conform_mirror.refusal import Refusal, ignoring  # noqa: E402

SHA = "0123456789abcdef0123456789abcdef01234567"


def run(op, value, *ignored) -> str:
    """The operation's output text, or "refused: <message>"."""
    data = value if isinstance(value, bytes) else json.dumps(value).encode()
    with ignoring(*ignored):
        try:
            return op(data).decode("ascii")
        except Refusal as r:
            return "refused: " + r.guard.message


def refused(g) -> str:
    return "refused: " + g.message


class Grammar(unittest.TestCase):
    def test_model_is_verbatim(self) -> None:
        for sel, want in [
            ("api:ollama:llama3.1:8b", ("api", "ollama", "llama3.1:8b")),
            ("api:ollama:a:b:c:", ("api", "ollama", "a:b:c:")),
            ("own:openai: gpt 5 ", ("own", "openai", " gpt 5 ")),
            ("sub:anthropic:\u00e9\U0001f600", ("sub", "anthropic", "\u00e9\U0001f600")),
        ]:
            out = run(ms.parse, sel)
            self.assertTrue(out.isascii())
            self.assertEqual(json.loads(out), dict(zip(("mode", "vendor", "model"), want)))

    def test_output_escapes(self) -> None:
        # No short escapes, lowercase hex, an astral character as two units.
        self.assertEqual(run(ms.parse, "api:openai:\n\u00c9\U0001f600"),
                         '{"mode":"api","vendor":"openai","model":"\\u000a\\u00c9\\ud83d\\ude00"}')
        self.assertEqual(run(ms.parse, b'"api:openai:\\ud800\\u007f"'),
                         '{"mode":"api","vendor":"openai","model":"\\ud800\\u007f"}')

    def test_rules_in_order_and_ignored(self) -> None:
        self.assertEqual(run(ms.parse, "claude-sonnet-4"), refused(ms.SEGMENTS))
        self.assertEqual(run(ms.parse, "api:openai", ms.SEGMENTS), refused(ms.MODEL))
        self.assertEqual(run(ms.parse, "api:openai", ms.SEGMENTS, ms.MODEL),
                         '{"mode":"api","vendor":"openai","model":""}')
        self.assertEqual(run(ms.parse, "API:openai:x"), refused(ms.MODE))
        self.assertEqual(run(ms.transport, "API:openai:x", ms.MODE), '{"transport":"openai-api"}')
        self.assertEqual(run(ms.parse, "api:OpenAI:x"), refused(ms.VENDOR))
        self.assertEqual(run(ms.parse, "own:ollama:x"), refused(ms.OLLAMA))
        self.assertEqual(run(ms.transport, "own:ollama:x", ms.OLLAMA), '{"transport":"ollama-subscription"}')
        self.assertEqual(run(ms.parse, "x:y:"), refused(ms.MODE))
        others: tuple[object, ...] = (1, None, [], {})
        for v in others:
            self.assertEqual(run(ms.parse, v, ms.TYPE), refused(ms.TYPE))


class Payers(unittest.TestCase):
    def test_transport_and_payer(self) -> None:
        every = ["anthropic", "google", "ollama", "openai"]
        for sel, transport, payer, with_key in [
            ("api:anthropic:m", "anthropic-api", "host-key", "org-key"),
            ("api:google:m", "google-api", "host-key", "org-key"),
            ("api:ollama:m:7b", "ollama-selfhosted", "host-selfhosted", "host-selfhosted"),
            ("sub:openai:m", "openai-subscription", "host-subscription", "host-subscription"),
            ("own:anthropic:m", "anthropic-subscription", "principal-subscription", "principal-subscription"),
        ]:
            self.assertEqual(json.loads(run(ms.transport, sel)), {"transport": transport})
            self.assertEqual(json.loads(run(ms.payer, {"selector": sel, "org_keys": []})), {"payer": payer})
            self.assertEqual(json.loads(run(ms.payer, {"selector": sel, "org_keys": every})), {"payer": with_key})
        self.assertEqual(run(ms.payer, {"selector": "api:openai:m", "org_keys": ["mistral"]}), refused(ms.ORG_KEYS))
        self.assertEqual(run(ms.payer, {"selector": "api:openai:m", "org_keys": [1]}, ms.ORG_KEYS),
                         refused(ms.ORG_KEYS))
        self.assertEqual(run(ms.payer, {"org_keys": []}, ms.MISSING_MEMBER), refused(ms.SELECTOR))

    def test_rows_and_admissibility(self) -> None:
        def pin(selector: str, level: str) -> dict:
            return {"selector": selector, "level": level}

        rows = json.loads(run(ms.run_payers, {"l1": pin("api:openai:a", "host"), "l2": pin("sub:openai:b", "account"),
                                              "l3": pin("own:google:c", "account"), "org_keys": ["openai"]}))
        self.assertEqual([r["payer"] for r in rows], ["org-key", "host-subscription", "principal-subscription"])
        self.assertEqual([r["tier"] for r in rows], ["l1", "l2", "l3"])
        for mode in ("sub", "own"):
            for level in ("org", "host"):
                doc = {"l1": pin("api:openai:a", "host"), "l2": pin("api:openai:b", "org"),
                       "l3": pin(mode + ":openai:c", level), "org_keys": []}
                self.assertEqual(run(ms.run_payers, doc), refused(ms.ADMISSIBLE))
                self.assertEqual(json.loads(run(ms.run_payers, doc, ms.ADMISSIBLE))[2]["level"], level)

    def test_tier_pins(self) -> None:
        env = {"ATOMA_MODEL_L1": "api:openai:a", "ATOMA_MODEL_L2": "sub:openai:b",
               "ATOMA_MODEL_L3": "api:ollama:c:1", "HOME": None}
        self.assertEqual(json.loads(run(ms.tier_selectors, env))["l3"],
                         {"mode": "api", "vendor": "ollama", "model": "c:1"})
        for name in ("ATOMA_MODEL_L1", "ATOMA_MODEL_L2", "ATOMA_MODEL_L3"):
            for v in ("", None, 7):
                self.assertEqual(run(ms.tier_selectors, {**env, name: v}, ms.PIN), refused(ms.PIN))
            self.assertEqual(run(ms.tier_selectors, {k: x for k, x in env.items() if k != name}), refused(ms.PIN))


class Shas(unittest.TestCase):
    def test_commit_and_receipt(self) -> None:
        self.assertEqual(run(ms.commit_sha, SHA), '{"sha":"%s"}' % SHA)
        for bad in (SHA[1:], SHA + "0", SHA.upper(), SHA[1:] + "g", "", SHA + "\n", "\uff10" + SHA[1:]):
            self.assertEqual(run(ms.commit_sha, bad), refused(ms.COMMIT_SHA))
        self.assertEqual(run(ms.publication_receipt, {"commitSha": SHA, "baseSha": None}),
                         '{"commitSha":"%s","baseSha":null}' % SHA)
        self.assertEqual(run(ms.publication_receipt, {"commitSha": SHA}), refused(ms.MISSING_MEMBER))
        self.assertEqual(run(ms.publication_receipt, {"commitSha": SHA}, ms.MISSING_MEMBER), refused(ms.BASE_SHA))
        self.assertEqual(run(ms.publication_receipt, {"commitSha": SHA, "baseSha": 1}, ms.BASE_SHA),
                         refused(ms.BASE_SHA))


if __name__ == "__main__":
    unittest.main()
