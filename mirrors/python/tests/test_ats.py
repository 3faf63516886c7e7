"""ats/1 (spec/ats.md): the validators, the export and the optional
bindings: canonical instances and their digests, the strict variants, the
single-cause rejects and the frozen weaknesses of the spec's vector plan,
every field rule, bound and kind, the cross-field rules both ways, the
precedence, the Python traps, one body per /1 and /2 pair, and what each
guard does when ignored."""

from __future__ import annotations

import json
import re
import sys
import unittest
from pathlib import Path
from typing import Any, Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import ats  # noqa: E402
from conform_mirror.refusal import Refusal, ignoring  # noqa: E402
from test_ats_fixtures import (  # noqa: E402
    CANONICAL, DIGESTS, OPERATION, PAIRS, SPEC, D, Raw, doc, encode, retag,
)


def run(op: str, value: Any) -> tuple[str, Any]:
    """("ok", output bytes) or ("refused", message) of an operation on the
    JSON text of ``value`` (bytes are sent as they are)."""
    data = value if isinstance(value, bytes) else encode(value)
    try:
        return "ok", ats.OPERATIONS[op](data)
    except Refusal as r:
        return "refused", r.message


def verdict_of(d: dict[str, Any], untagged: bool = False) -> bytes:
    out = {"digest": D(d)}
    if not untagged:
        out["schema_version"] = d["schema_version"]
    return encode(out)


def msg(code: str) -> str:
    return ats.guard(code).message


SYMBOL_MSG = "symbol does not match ^[A-Z0-9][A-Z0-9.^:=_/-]{0,39}$"
EQUITY_MSG = "equity ticker does not match ^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$"
LABEL_CHAR_MSG = "masked label has a character outside the closed set"
WEAK_TICKERS = ["HTTPS://X", "A:B", "X/Y", "ABCDEFG", "BRK.BBBBB", "A^B", "1ABC"]
WEAK_LABELS = [
    "Acct \uff14\uff18\uff12\uff11\uff19",  # fullwidth digits
    "Acct \u0664\u0668\u0662\u0661\u0669",  # Arabic-Indic digits
    "\u0410cct 4821",  # Cyrillic A
    "Acct \u202e4821",  # right-to-left override
    "Acct\u200b4821",  # zero-width space
    "\ufeffAcct 4821",  # byte order mark
]
# The /1 operations of the documents that carry a symbol (the grant: its
# allowlist).
SYMBOL_DOCS = ["equity-order-intent-v1", "operator-approval-v1", "execution-receipt-v1",
               "model-order-proposal-v1"]


def with_symbol(op: str, symbol: str) -> dict[str, Any]:
    d = doc(op)
    d["symbol"] = symbol
    return d


def with_allowlist(op: str, allowlist: list[Any]) -> dict[str, Any]:
    d = doc(op)
    d["symbol_allowlist"] = allowlist
    return d


def with_label(op: str, label: Any) -> dict[str, Any]:
    d = doc(op)
    d["masked_label"] = label
    return d


def two(op1: str) -> str:
    return op1[:-3] + "-v2"


class Canonical(unittest.TestCase):
    def test_the_fixture_digests_are_the_spec_digests(self) -> None:
        # The independent D of the fixtures agrees with every digest the
        # spec names, so the fixtures are the spec's documents.
        for name, d in CANONICAL.items():
            with self.subTest(name=name):
                self.assertEqual(D(d), DIGESTS[name])

    def test_the_spec_blocks_are_the_fixtures(self) -> None:
        text = SPEC.read_text("utf-8")
        section = text[text.index("## Canonical instances"):text.index("## Vectors")]
        blocks = re.findall(r"\n`([a-z0-9-]+)`[^\n]*?, digest `(sha256:[0-9a-f]{64})`:\n\n```json\n(.*?)\n```",
                            section, re.S)
        self.assertEqual(len(blocks), 17)
        for op, digest, body in blocks:
            with self.subTest(op=op, digest=digest):
                self.assertEqual(D(json.loads(body)), digest)
                self.assertIn(digest, DIGESTS.values())
                self.assertEqual(run(op, body.encode()), ("ok", verdict_of(json.loads(body), op == "grant-usage")))

    def test_every_canonical_document(self) -> None:
        for name, d in CANONICAL.items():
            with self.subTest(name=name):
                self.assertEqual(run(OPERATION[name], d), ("ok", verdict_of(d, name == "grant-usage")))

    def test_spec_verdict_example(self) -> None:
        self.assertEqual(
            run("equity-order-intent-v2", doc("equity-order-intent-v2")),
            ("ok", b'{"digest":"sha256:ff7ffffab5b6e33f141308d5ca29b364ecb0369f2d93b706adf5e00c89cbc06d",'
                   b'"schema_version":"aether.ats.equity-order-intent/2"}'),
        )

    def test_digest_covers_the_tag(self) -> None:
        # A document and the same retagged have different digests.
        self.assertNotEqual(DIGESTS["equity-order-intent-v1"], DIGESTS["equity-order-intent-v2"])

    def test_member_order_and_spelling_do_not_change_the_verdict(self) -> None:
        d = doc("equity-order-intent-v2")
        shuffled = dict(reversed(list(d.items())))
        spelled = encode(d).replace(b'"SPY"', b'"SP\\u0059"').replace(b'"buy"', b'"b\\u0075y"')
        self.assertNotEqual(spelled, encode(d))
        for value in (shuffled, spelled):
            self.assertEqual(run("equity-order-intent-v2", value), ("ok", verdict_of(d)))


class Export(unittest.TestCase):
    def test_spec_example(self) -> None:
        self.assertEqual(
            run("redact-binding-for-export", doc("account-binding-v2")),
            ("ok", b'{"account_binding_id":"bind_7Qm2Xw9Lk4","binding_generation":3,'
                   b'"binding_schema_version":"aether.ats.account-binding/2","environment":"live",'
                   b'"masked_label":"Individual ****4821","provider":"acme-broker","status":"active"}'),
        )

    def test_v1_and_never_the_private_members(self) -> None:
        kind, out = run("redact-binding-for-export", doc("account-binding-v1"))
        self.assertEqual(kind, "ok")
        exported = json.loads(out)
        self.assertEqual(exported["binding_schema_version"], "aether.ats.account-binding/1")
        self.assertEqual(sorted(exported), ["account_binding_id", "binding_generation",
                                            "binding_schema_version", "environment",
                                            "masked_label", "provider", "status"])
        for private in ("acct_R8v3Nf6Tz1Hq", "acme-rest", "USD", "1789000000000", "16738da2"):
            self.assertNotIn(private.encode(), out)

    def test_version_choice(self) -> None:
        # The /2 body only for the exact /2 tag: a /2 weakness refused, the
        # same label under /1 exported; any other tag is the /1 body's refusal.
        self.assertEqual(run("redact-binding-for-export", with_label("account-binding-v2", WEAK_LABELS[3])),
                         ("refused", LABEL_CHAR_MSG))
        self.assertEqual(run("redact-binding-for-export", with_label("account-binding-v1", WEAK_LABELS[3]))[0], "ok")
        for tag in ["aether.ats.account-binding/3", "aether.ats.account-binding/2 ", 2, None]:
            d = retag(doc("account-binding-v2"), tag)  # type: ignore[arg-type]
            self.assertEqual(run("redact-binding-for-export", d), ("refused", msg("ats.schema_version")))
        self.assertEqual(run("redact-binding-for-export", []), ("refused", "document is not a JSON object"))
        self.assertEqual(run("redact-binding-for-export", None), ("refused", "document is not a JSON object"))
        no_tag = doc("account-binding-v2")
        del no_tag["schema_version"]
        self.assertEqual(run("redact-binding-for-export", no_tag), ("refused", msg("ats.missing_member")))


class OptionalBinding(unittest.TestCase):
    def test_null_and_bindings(self) -> None:
        for op, name in (("optional-binding", "account-binding-v1"), ("optional-binding-v2", "account-binding-v2")):
            self.assertEqual(run(op, None), ("ok", b'{"binding":null}'))
            self.assertEqual(run(op, b" null "), ("ok", b'{"binding":null}'))
            d = doc(name)
            self.assertEqual(run(op, d), ("ok", b'{"binding":' + verdict_of(d) + b"}"))
        self.assertEqual(
            run("optional-binding-v2", doc("account-binding-v2"))[1],
            b'{"binding":{"digest":"sha256:6a193d05b5125f3492e6684567915af61ae2b1e4402b03d97d8569745411b083",'
            b'"schema_version":"aether.ats.account-binding/2"}}',
        )

    def test_other_version_and_other_values(self) -> None:
        self.assertEqual(run("optional-binding", doc("account-binding-v2")), ("refused", msg("ats.schema_version")))
        self.assertEqual(run("optional-binding-v2", doc("account-binding-v1")), ("refused", msg("ats.schema_version")))
        for value in (False, 0, "null", [], [None]):
            for op in ("optional-binding", "optional-binding-v2"):
                self.assertEqual(run(op, value), ("refused", "document is not a JSON object"))


class StrictVariants(unittest.TestCase):
    """spec/ats.md, "Strict variants": accepted by /1 and /2."""

    def test_accepted_by_both(self) -> None:
        variants = [
            with_symbol("equity-order-intent-v1", "BRK.B"),
            with_symbol("operator-approval-v1", "BRK-B"),
            with_symbol("execution-receipt-v1", "ABCDEF"),
            with_symbol("model-order-proposal-v1", "A"),
            with_allowlist("delegated-trading-grant-v1", ["AAPL", "BRK.BBBB", "SPY"]),
            with_label("account-binding-v1", "\u2022\u2022\u2022\u2022 4821"),
            with_label("account-binding-v1", "Joint (...4821) #2"),
            with_label("account-binding-v1", "IRA_2 \u2026 1234-5678 *"),
        ]
        for d in variants:
            op1 = [n for n, _, doc_name in PAIRS if d["schema_version"] == f"aether.ats.{doc_name}/1"][0]
            with self.subTest(d=d):
                self.assertEqual(run(op1, d), ("ok", verdict_of(d)))
                d2 = retag(d, d["schema_version"][:-1] + "2")
                self.assertEqual(run(two(op1), d2)[0], "ok")


class SingleCauseRejects(unittest.TestCase):
    def test_lowercase_symbol(self) -> None:
        for op1 in SYMBOL_DOCS:
            d = with_symbol(op1, "spy")
            self.assertEqual(run(op1, d), ("refused", SYMBOL_MSG))
            self.assertEqual(run(two(op1), retag(d, d["schema_version"][:-1] + "2")), ("refused", EQUITY_MSG))
        d = with_allowlist("delegated-trading-grant-v1", ["AAPL", "BRK.B", "spy"])
        self.assertEqual(run("delegated-trading-grant-v1", d), ("refused", SYMBOL_MSG))
        self.assertEqual(run("delegated-trading-grant-v2", retag(d, "aether.ats.delegated-trading-grant/2")),
                         ("refused", EQUITY_MSG))

    def test_five_ascii_digits(self) -> None:
        self.assertEqual(run("account-binding-v1", with_label("account-binding-v1", "Acct 48213")),
                         ("refused", "masked label has five or more consecutive digits"))
        self.assertEqual(run("account-binding-v2", with_label("account-binding-v2", "Acct 48213")),
                         ("refused", "masked label has more than four consecutive digits"))

    def test_other_version_tag(self) -> None:
        for op1, op2, _ in PAIRS:
            self.assertEqual(run(op2, doc(op1)), ("refused", msg("ats.schema_version")))
            self.assertEqual(run(op1, doc(op2)), ("refused", msg("ats.schema_version")))


class FrozenWeaknesses(unittest.TestCase):
    """spec/ats.md, "Frozen weaknesses": 41 cases, /1 accepts, /2 refuses."""

    def test_tickers(self) -> None:
        count = 0
        for symbol in WEAK_TICKERS:
            for op1 in SYMBOL_DOCS:
                d = with_symbol(op1, symbol)
                self.assertEqual(run(op1, d), ("ok", verdict_of(d)), (op1, symbol))
                self.assertEqual(run(two(op1), retag(d, d["schema_version"][:-1] + "2")), ("refused", EQUITY_MSG))
                count += 1
            allowlist = sorted(["AAPL", "BRK.B", "SPY", symbol])
            d = with_allowlist("delegated-trading-grant-v1", allowlist)
            self.assertEqual(run("delegated-trading-grant-v1", d), ("ok", verdict_of(d)), symbol)
            self.assertEqual(run("delegated-trading-grant-v2", retag(d, "aether.ats.delegated-trading-grant/2")),
                             ("refused", EQUITY_MSG))
            count += 1
        for label in WEAK_LABELS:
            d = with_label("account-binding-v1", label)
            self.assertEqual(run("account-binding-v1", d)[0], "ok", label)
            self.assertEqual(run("account-binding-v2", retag(d, "aether.ats.account-binding/2")),
                             ("refused", LABEL_CHAR_MSG))
            count += 1
        self.assertEqual(count, 41)

    def test_json_escapes_are_unescaped(self) -> None:
        # The rule sees "SP\u0059" as SPY; a \u escape of a weakness is
        # still the weakness.
        d = doc("equity-order-intent-v2")
        text = encode(d).replace(b'"SPY"', b'"SP\\u0059"')
        self.assertEqual(run("equity-order-intent-v2", text), ("ok", verdict_of(d)))
        text = encode(d).replace(b'"SPY"', b'"\\uff33PY"')
        self.assertEqual(run("equity-order-intent-v2", text), ("refused", EQUITY_MSG))


class PythonTraps(unittest.TestCase):
    """spec/ats.md, "Traps" and "Strings, patterns and comparisons"."""

    def test_trailing_newline_is_a_character(self) -> None:
        cases = [
            ("equity-order-intent-v2", "intent_id", "intent_9Tc4Vb1Mx6\n"),
            ("equity-order-intent-v2", "symbol", "SPY\n"),
            ("equity-order-intent-v1", "symbol", "SPY\n"),
            ("equity-order-intent-v2", "currency", "USD\n"),
            ("equity-order-intent-v2", "provider", "acme-broker\n"),
            ("equity-order-intent-v2", "endpoint_schema_digest", CANONICAL["account-binding-v1"]["endpoint_schema_digest"] + "\n"),
            ("execution-state", "reason", "paused\n"),
        ]
        for op, field, value in cases:
            d = doc(op)
            d[field] = value
            expected = {"symbol": SYMBOL_MSG if op.endswith("v1") else EQUITY_MSG}.get(field, msg("ats." + field))
            with self.subTest(op=op, field=field):
                self.assertEqual(run(op, d), ("refused", expected))

    def test_unicode_digits_are_not_digits(self) -> None:
        for field, value in [("intent_id", "intent_\u0661\u0662"), ("request_id", "req_\uff11"),
                             ("currency", "\uff35SD"), ("provider", "acme\u0662")]:
            d = doc("equity-order-intent-v2")
            d[field] = value
            self.assertEqual(run("equity-order-intent-v2", d), ("refused", msg("ats." + field)))
        d = doc("account-binding-v2")
        d["endpoint_schema_digest"] = "sha256:" + "\u0661" * 64
        self.assertEqual(run("account-binding-v2", d), ("refused", msg("ats.endpoint_schema_digest")))
        # Unicode digits do not make a run of five (the /1 weakness).
        self.assertEqual(run("account-binding-v1", with_label("account-binding-v1", "\u0661" * 5 + "1234"))[0], "ok")

    def test_label_length_in_utf16_units(self) -> None:
        # 32 astral characters are 64 units; 33 are 66 (len() says 33).
        for op in ("account-binding-v1",):
            self.assertEqual(run(op, with_label(op, "\U0001f600" * 32))[0], "ok")
            self.assertEqual(run(op, with_label(op, "\U0001f600" * 33)),
                             ("refused", "masked label is not 1 to 64 UTF-16 units"))
            self.assertEqual(run(op, with_label(op, "x" * 63 + "\U0001f600")),
                             ("refused", "masked label is not 1 to 64 UTF-16 units"))
        for op in ("account-binding-v1", "account-binding-v2"):
            self.assertEqual(run(op, with_label(op, "")), ("refused", "masked label is not 1 to 64 UTF-16 units"))
            self.assertEqual(run(op, with_label(op, "x" * 64))[0], "ok")
            self.assertEqual(run(op, with_label(op, "x" * 65)), ("refused", "masked label is not 1 to 64 UTF-16 units"))

    def test_integer_literals(self) -> None:
        # No sign, fraction or exponent; exact on the digits.
        for literal in ["1.0", "1e1", "10E0", "-0", "-1", "1.5", "0.0"]:
            d = doc("equity-order-intent-v2")
            d["quantity"] = Raw(literal)
            self.assertEqual(run("equity-order-intent-v2", d), ("refused", msg("ats.quantity")), literal)
        d = doc("delegated-trading-grant-v2")
        d["grant_version"] = Raw("9007199254740992")  # 2^53: its nearest double is 2^53 too
        self.assertEqual(run("delegated-trading-grant-v2", d), ("refused", msg("ats.grant_version")))
        d["grant_version"] = Raw("9007199254740991")
        self.assertEqual(run("delegated-trading-grant-v2", d)[0], "ok")
        d["grant_version"] = Raw("9" * 100000)  # beyond int()'s default digit limit
        self.assertEqual(run("delegated-trading-grant-v2", d), ("refused", msg("ats.grant_version")))
        d["grant_version"] = Raw("1e400")
        self.assertEqual(run("delegated-trading-grant-v2", d), ("refused", msg("ats.grant_version")))

    def test_grants_execution_authority_is_the_literal_false(self) -> None:
        for value in [True, 0, "false", None, [False]]:
            d = doc("connector-capability")
            d["grants_execution_authority"] = value
            self.assertEqual(run("connector-capability", d), ("refused", "grants_execution_authority is not false"))


# Every number field of each shape with its bounds (spec/ats.md, "Field
# rules").
MAX = 9007199254740991
BOUNDS = {
    "approval_deadline_ms": (0, MAX), "approved_at_ms": (0, MAX),
    "average_fill_price_minor": (1, 10**9), "binding_generation": (1, MAX),
    "created_at_ms": (0, MAX), "expires_at_ms": (0, MAX), "filled_quantity": (1, 10**6),
    "grant_version": (1, MAX), "issued_at_ms": (0, MAX), "limit_price_minor": (1, 10**9),
    "linked_at_ms": (0, MAX), "max_daily_notional_minor": (0, 10**15),
    "max_daily_orders": (0, 10**6), "max_order_notional_minor": (0, 10**15),
    "max_order_quantity": (1, 10**6), "max_position_notional_minor": (0, 10**15),
    "notional_submitted_minor": (0, 10**15), "observed_at_ms": (0, MAX),
    "orders_submitted": (0, 10**6), "quantity": (1, 10**6), "recorded_at_ms": (0, MAX),
    "reservation_expires_at_ms": (0, MAX), "reviewed_at_ms": (0, MAX),
}
VALIDATORS = [op for op in ats.OPERATIONS if not op.startswith(("verify-", "redact-", "optional-"))]


def field_guard(op: str, field: str) -> str:
    """The message of a field's rule in a validator."""
    if field == "status":
        return msg({"account-binding": "ats.binding_status", "order-review-receipt": "ats.review_status",
                    "operator-approval": "ats.approval_status"}[re.sub(r"-v[12]$", "", op)])
    if field == "symbol":
        return SYMBOL_MSG if op.endswith("-v1") else EQUITY_MSG
    if field == "symbol_allowlist":
        return msg("ats.allowlist_shape")
    if field == "masked_label":
        return msg("ats.label_type")
    return msg("ats." + field)


def wrong_kind(value: Any) -> list[Any]:
    """Values of another JSON kind than ``value``'s (null only where the
    field is not nullable: the callers skip null for nullable fields)."""
    if isinstance(value, bool):
        return [0, "false", None, []]
    if isinstance(value, int):
        return [str(value), True, None, [value], {}]
    if isinstance(value, str):
        return [1, True, None, [value], {"a": value}]
    assert isinstance(value, list)
    return ["x", 1, None, {}, [1], [None]]


class FieldRules(unittest.TestCase):
    def test_every_field_missing(self) -> None:
        for op in VALIDATORS:
            for field in CANONICAL[op]:
                d = doc(op)
                del d[field]
                with self.subTest(op=op, field=field):
                    self.assertEqual(run(op, d), ("refused", msg("ats.missing_member")))
                    # Ignored: the field's rule runs on the absent value and
                    # refuses with no accept path (tag shadowed).
                    with ignoring(ats.MISSING_MEMBER):
                        self.assertEqual(run(op, d), ("refused", field_guard(op, field)))

    def test_every_field_of_the_wrong_kind(self) -> None:
        nullable = {"reason", "ambiguity_reason", "average_fill_price_minor", "broker_order_ref",
                    "filled_quantity", "reconciliation_state", "refusal_reason"}
        for op in VALIDATORS:
            for field, value in CANONICAL[op].items():
                if value is None:
                    continue
                for other in wrong_kind(value):
                    if other is None and field in nullable:
                        continue
                    if field in ("sides", "environments", "order_types", "provider_confirmation_modes") \
                            and other == []:
                        continue
                    d = doc(op)
                    d[field] = other
                    expected = field_guard(op, field)
                    if field == "symbol_allowlist" and isinstance(other, list):
                        expected = SYMBOL_MSG if op.endswith("v1") else EQUITY_MSG
                    with self.subTest(op=op, field=field, value=other):
                        self.assertEqual(run(op, d), ("refused", expected))
                        # A value of the wrong kind has no accept path.
                        guard = [g for g in ats.GUARDS if g.message == expected][0]
                        with ignoring(guard):
                            self.assertEqual(run(op, d), ("refused", expected))

    def test_bounds(self) -> None:
        for op in VALIDATORS:
            for field, value in CANONICAL[op].items():
                if field not in BOUNDS:
                    continue
                lo, hi = BOUNDS[field]
                expected = field_guard(op, field)
                for v, ok in [(lo, True), (hi, True), (hi + 1, False), (lo - 1, False)]:
                    d = doc(op)
                    d[field] = Raw(str(v))
                    with self.subTest(op=op, field=field, value=v):
                        result = run(op, d)
                        if ok:
                            # At the bound the field passes (a cross-field
                            # rule may still refuse).
                            self.assertNotEqual(result, ("refused", expected))
                        else:
                            self.assertEqual(result, ("refused", expected))
                            # Ignored: the value is kept and validation goes on.
                            guard = [g for g in ats.GUARDS if g.message == expected][0]
                            with ignoring(guard):
                                self.assertNotEqual(run(op, d), ("refused", expected))

    def test_references(self) -> None:
        refs = {"account_binding_id": "bind", "account_ref": "acct", "approval_id": "approval",
                "broker_order_ref": "broker", "client_order_id": "client", "grant_id": "grant",
                "intent_id": "intent", "operator_ref": "operator", "quote_ref": "quote",
                "receipt_id": "receipt", "request_id": "req", "reservation_ref": "resv",
                "review_id": "review", "strategy_ref": "strategy"}
        for op in VALIDATORS:
            for field in CANONICAL[op]:
                if field not in refs:
                    continue
                p = refs[field]
                good = [p + "_a", p + "_" + "Z9" * 32, p + "_0"]
                bad = [p + "_", p + "_" + "a" * 65, p + "a", p.upper() + "_a", "x" + p + "_a",
                       p + "_a-b", p + "_a b", p + "__a", p + "_\u00e9", "", p + "_a\ud800"]
                for value in good + bad:
                    d = doc(op)
                    d[field] = value
                    with self.subTest(op=op, field=field, value=value):
                        result = run(op, d)
                        if value in good:
                            self.assertEqual(result[0], "ok")
                        else:
                            self.assertEqual(result, ("refused", msg("ats." + field)))

    def test_enumerations_and_names(self) -> None:
        d = doc("execution-state")
        for mode in ("orders_paused", "emergency_locked"):
            d["requested_mode"] = mode  # a halt state can never be requested
            self.assertEqual(run("execution-state", d), ("refused", msg("ats.requested_mode")))
        for field, bad in [("provider", "Acme"), ("provider", "-acme"), ("provider", "a" * 65),
                           ("adapter_id", "acme_rest"), ("adapter_id", "1acme"),
                           ("environment", "Live"), ("environment", "sandbox"),
                           ("side", "short"), ("order_type", "market"), ("currency", "usd"),
                           ("currency", "USDX")]:
            d = doc("equity-order-intent-v1")
            d[field] = bad
            self.assertEqual(run("equity-order-intent-v1", d), ("refused", msg("ats." + field)), (field, bad))
        d = doc("equity-order-intent-v1")
        d["provider"] = "a" * 64
        self.assertEqual(run("equity-order-intent-v1", d)[0], "ok")

    def test_sets(self) -> None:
        cases = {
            "environments": (["live"], [["paper", "live"], ["live", "live"], [], ["live", "paper", "paper"], ["sandbox"]]),
            "order_types": (["market"], [["market", "limit"], [], ["limit", "limit"], ["stop"]]),
            "provider_confirmation_modes": (["per_order", "session", "standing"],
                                            [["session", "per_order"], [], ["per_order", "per_order"]]),
        }
        for field, (good, bads) in cases.items():
            d = doc("connector-capability")
            d[field] = good
            self.assertEqual(run("connector-capability", d)[0], "ok", field)
            for bad in bads:
                d[field] = bad
                self.assertEqual(run("connector-capability", d), ("refused", msg("ats." + field)), (field, bad))
        d = doc("delegated-trading-grant-v2")
        for bad in [["sell", "buy"], [], ["buy", "buy"], ["hold"]]:
            d["sides"] = bad
            self.assertEqual(run("delegated-trading-grant-v2", d), ("refused", msg("ats.sides")))

    def test_allowlist(self) -> None:
        op = "delegated-trading-grant-v2"
        self.assertEqual(run(op, with_allowlist(op, []))[0], "ok")  # permits nothing, but valid
        self.assertEqual(run(op, with_allowlist(op, ["*"])), ("refused", EQUITY_MSG))  # no wildcard
        self.assertEqual(run("delegated-trading-grant-v1", with_allowlist("delegated-trading-grant-v1", ["*"])),
                         ("refused", SYMBOL_MSG))
        sixty_four = sorted("A" + chr(65 + i // 26) + chr(65 + i % 26) for i in range(64))
        self.assertEqual(run(op, with_allowlist(op, sixty_four))[0], "ok")
        too_many = sorted("A" + chr(65 + i // 26) + chr(65 + i % 26) for i in range(65))
        self.assertEqual(run(op, with_allowlist(op, too_many)), ("refused", msg("ats.allowlist_shape")))
        self.assertEqual(run(op, with_allowlist(op, ["AAPL", "AAPL"])), ("refused", msg("ats.allowlist_repeat")))
        self.assertEqual(run(op, with_allowlist(op, ["SPY", "AAPL"])), ("refused", msg("ats.allowlist_order")))
        # The symbol check of an element comes before its comparison.
        self.assertEqual(run(op, with_allowlist(op, ["SPY", "AAPL", "a"])), ("refused", msg("ats.allowlist_order")))
        self.assertEqual(run(op, with_allowlist(op, ["SPY", "a", "AAPL"])), ("refused", EQUITY_MSG))
        self.assertEqual(run(op, with_allowlist(op, ["AAPL", 1])), ("refused", EQUITY_MSG))
        # Code point order: "BRK-B" < "BRK.B" ("-" is U+002D, "." U+002E).
        self.assertEqual(run(op, with_allowlist(op, ["BRK-B", "BRK.B"]))[0], "ok")
        self.assertEqual(run(op, with_allowlist(op, ["BRK.B", "BRK-B"])), ("refused", msg("ats.allowlist_order")))

    def test_allowlist_ignored(self) -> None:
        op = "delegated-trading-grant-v2"
        too_many = sorted("A" + chr(65 + i // 26) + chr(65 + i % 26) for i in range(65))
        with ignoring(ats.ALLOWLIST_SHAPE):
            self.assertEqual(run(op, with_allowlist(op, too_many))[0], "ok")
            # the elements are still checked
            self.assertEqual(run(op, with_allowlist(op, too_many + ["a"])), ("refused", EQUITY_MSG))
        with ignoring(ats.ALLOWLIST_REPEAT):
            self.assertEqual(run(op, with_allowlist(op, ["AAPL", "AAPL", "SPY"]))[0], "ok")
            self.assertEqual(run(op, with_allowlist(op, ["SPY", "SPY", "AAPL"])),
                             ("refused", msg("ats.allowlist_order")))
        with ignoring(ats.ALLOWLIST_ORDER):
            # The next element is compared with this one: SPY, AAPL, AAPL repeats.
            self.assertEqual(run(op, with_allowlist(op, ["SPY", "AAPL", "BRK.B"]))[0], "ok")
            self.assertEqual(run(op, with_allowlist(op, ["SPY", "AAPL", "AAPL"])),
                             ("refused", msg("ats.allowlist_repeat")))
        with ignoring(ats.EQUITY_TICKER):
            self.assertEqual(run(op, with_allowlist(op, ["AAPL", "a", "b"]))[0], "ok")
            self.assertEqual(run(op, with_allowlist(op, ["AAPL", 1])), ("refused", EQUITY_MSG))
            self.assertEqual(run(op, with_allowlist(op, ["b", "a"])), ("refused", msg("ats.allowlist_order")))

    def test_labels(self) -> None:
        self.assertEqual(run("account-binding-v1", with_label("account-binding-v1", "a\x7f")),
                         ("refused", "masked label contains a control character"))
        self.assertEqual(run("account-binding-v1", with_label("account-binding-v1", "a\ud800")),
                         ("refused", "masked label contains an unpaired surrogate"))
        self.assertEqual(run("account-binding-v2", with_label("account-binding-v2", "a\ud800")),
                         ("refused", LABEL_CHAR_MSG))
        self.assertEqual(run("account-binding-v2", with_label("account-binding-v2", "12 345 678"))[0], "ok")
        for op in ("account-binding-v1", "account-binding-v2"):
            for value in (1, None, ["x"]):
                self.assertEqual(run(op, with_label(op, value)), ("refused", "masked_label is not a string"))

    def test_label_scan_ignored_goes_on(self) -> None:
        op = "account-binding-v2"
        with ignoring(ats.LABEL_CHAR):
            self.assertEqual(run(op, with_label(op, "\u202e4821"))[0], "ok")
            self.assertEqual(run(op, with_label(op, "\u202e48215")),
                             ("refused", "masked label has more than four consecutive digits"))
        with ignoring(ats.LABEL_LENGTH):
            self.assertEqual(run(op, with_label(op, "x" * 65))[0], "ok")
            self.assertEqual(run(op, with_label(op, ""))[0], "ok")
        # A lone surrogate let through is then not canonicalizable.
        with ignoring(ats.LABEL_SURROGATE):
            self.assertEqual(run("account-binding-v1", with_label("account-binding-v1", "a\ud800")),
                             ("refused", "value cannot be canonicalized"))

    def test_ticker_guards_are_not_these(self) -> None:
        # The ticker/1 guards with the same messages do not reach ats/1's.
        from conform_mirror import ticker
        with ignoring(ticker.SYMBOL, ticker.LABEL_CHAR):
            self.assertEqual(run("equity-order-intent-v1", with_symbol("equity-order-intent-v1", "spy")),
                             ("refused", SYMBOL_MSG))
            self.assertEqual(run("account-binding-v2", with_label("account-binding-v2", WEAK_LABELS[2])),
                             ("refused", LABEL_CHAR_MSG))
        with ignoring(ats.SYMBOL):
            d = with_symbol("equity-order-intent-v1", "spy")
            self.assertEqual(run("equity-order-intent-v1", d), ("ok", verdict_of(d)))


class CrossFieldRules(unittest.TestCase):
    def check(self, op: str, changes: dict[str, Any], code: Optional[str]) -> None:
        d = doc(op)
        d.update(changes)
        result = run(op, d)
        if code is None:
            self.assertEqual(result, ("ok", verdict_of(d)), changes)
        else:
            self.assertEqual(result, ("refused", msg(code)), changes)
            with ignoring(ats.guard(code)):
                self.assertEqual(run(op, d), ("ok", verdict_of(d)), changes)

    def test_execution_state(self) -> None:
        op = "execution-state"
        self.check(op, {"requested_mode": "paper", "effective_mode": "approve", "reason": "x"}, "ats.state_exceeds")
        self.check(op, {"requested_mode": "approve", "effective_mode": "paper", "reason": None}, "ats.state_reason_missing")
        self.check(op, {"requested_mode": "approve", "effective_mode": "paper", "reason": "kill_switch"}, None)
        self.check(op, {"requested_mode": "offline", "effective_mode": "emergency_locked", "reason": "kill"}, None)
        self.check(op, {"requested_mode": "auto", "effective_mode": "orders_paused", "reason": None}, "ats.state_reason_missing")
        self.check(op, {"reason": "x"}, "ats.state_reason_extra")
        for i, requested in enumerate(ats._LADDER):
            for j, effective in enumerate(ats._LADDER):
                d = doc(op)
                d.update(requested_mode=requested, effective_mode=effective, reason=None if i == j else "r")
                expected = ("refused", msg("ats.state_exceeds")) if j > i else ("ok", verdict_of(d))
                self.assertEqual(run(op, d), expected, (requested, effective))

    def test_windows(self) -> None:
        self.check("delegated-trading-grant-v1", {"expires_at_ms": 1789500000000}, "ats.grant_window")
        self.check("delegated-trading-grant-v2", {"expires_at_ms": 1789500000001}, None)
        self.check("equity-order-intent-v2", {"expires_at_ms": 1790000000000}, "ats.intent_window")
        self.check("equity-order-intent-v2", {"expires_at_ms": 0}, "ats.intent_window")
        self.check("operator-approval-v2", {"expires_at_ms": 1790000120000}, "ats.approval_window")
        self.check("operator-approval-v1", {"expires_at_ms": 1790000120001}, None)

    def test_review(self) -> None:
        op = "order-review-receipt"
        self.check(op, {"approval_deadline_ms": 1790000060000}, "ats.review_deadline")
        self.check(op, {"approval_deadline_ms": 1790001860000}, None)  # equal to the reservation
        self.check(op, {"approval_deadline_ms": 1790001860001}, "ats.review_reservation")
        self.check(op, {"status": "refused"}, "ats.review_refusal")
        self.check(op, {"refusal_reason": "insufficient_buying_power"}, "ats.review_refusal")
        self.check(op, {"status": "refused", "refusal_reason": "insufficient_buying_power"}, None)
        self.check(op, {"status": "expired"}, None)

    def test_receipt(self) -> None:
        op = "execution-receipt-v2"
        none = {"filled_quantity": None, "average_fill_price_minor": None}
        ambiguous = dict(none, outcome="ambiguous", broker_confirmed=False, broker_order_ref=None,
                         reconciliation_state="pending", ambiguity_reason="timeout")
        self.check(op, ambiguous, None)
        self.check(op, dict(ambiguous, broker_confirmed=True), "ats.receipt_ambiguous_confirmed")
        self.check(op, {"broker_confirmed": False}, "ats.receipt_unconfirmed")
        self.check(op, dict(none, outcome="accepted", broker_confirmed=False), "ats.receipt_unconfirmed")
        self.check(op, {"broker_order_ref": None}, "ats.receipt_order_ref")
        self.check(op, {"filled_quantity": None}, "ats.receipt_fill_missing")
        self.check(op, {"average_fill_price_minor": None}, "ats.receipt_fill_missing")
        self.check(op, {"outcome": "accepted"}, "ats.receipt_fill_extra")
        self.check(op, {"outcome": "accepted", "filled_quantity": None}, "ats.receipt_fill_extra")
        self.check(op, {"outcome": "accepted", "average_fill_price_minor": None}, "ats.receipt_fill_extra")
        self.check(op, dict(none, outcome="accepted"), None)
        self.check(op, dict(none, outcome="refused", broker_confirmed=False, broker_order_ref=None), None)
        self.check(op, dict(none, outcome="cancelled"), None)
        self.check(op, {"filled_quantity": 11}, "ats.receipt_overfill")
        self.check(op, {"filled_quantity": 9}, "ats.receipt_underfill")
        self.check(op, {"outcome": "partially_filled", "filled_quantity": 9}, None)
        self.check(op, {"outcome": "partially_filled"}, "ats.receipt_partial_whole")
        self.check(op, {"reconciliation_state": "pending"}, "ats.receipt_reconciliation")
        self.check(op, dict(ambiguous, reconciliation_state=None), "ats.receipt_reconciliation")
        self.check(op, {"ambiguity_reason": "timeout"}, "ats.receipt_ambiguity_reason")
        self.check(op, dict(ambiguous, ambiguity_reason=None), "ats.receipt_ambiguity_reason")

    def test_rules_run_in_order(self) -> None:
        # Two broken rules: the first in the list wins; ignored, the next.
        d = doc("execution-receipt-v1")
        d.update(outcome="ambiguous", broker_confirmed=True)  # rules 1, 5, 9, 10
        self.assertEqual(run("execution-receipt-v1", d), ("refused", msg("ats.receipt_ambiguous_confirmed")))
        with ignoring(ats.guard("ats.receipt_ambiguous_confirmed")):
            self.assertEqual(run("execution-receipt-v1", d), ("refused", msg("ats.receipt_fill_extra")))


class Precedence(unittest.TestCase):
    def test_order(self) -> None:
        op = "equity-order-intent-v2"
        d = doc(op)
        d["quantity"] = 0
        d["symbol"] = "spy"
        # fields in the shape's order: symbol comes before quantity
        self.assertEqual(run(op, d), ("refused", EQUITY_MSG))
        d["zzz"] = 1
        # members before fields
        self.assertEqual(run(op, d), ("refused", msg("ats.unknown_member")))
        d = doc(op)
        d["expires_at_ms"] = 1  # cross-field, after every field
        d["currency"] = "usd"
        self.assertEqual(run(op, d), ("refused", msg("ats.currency")))
        d = doc(op)
        del d["intent_id"]
        d["schema_version"] = "aether.ats.equity-order-intent/1"
        self.assertEqual(run(op, d), ("refused", msg("ats.schema_version")))  # the tag first
        d = doc(op)
        del d["schema_version"]
        d["quantity"] = 0
        self.assertEqual(run(op, d), ("refused", msg("ats.missing_member")))

    def test_unknown_member_ignored_is_kept_in_the_digest(self) -> None:
        d = doc("model-order-proposal-v2")
        for name in ("account_binding_id", "environment", "grant_id", "client_order_id", "request_id",
                     "decision", "currency"):
            d2 = dict(d, **{name: "x"})
            self.assertEqual(run("model-order-proposal-v2", d2), ("refused", msg("ats.unknown_member")))
            with ignoring(ats.UNKNOWN_MEMBER):
                self.assertEqual(run("model-order-proposal-v2", d2), ("ok", verdict_of(d2)))
                self.assertNotEqual(verdict_of(d2), verdict_of(d))

    def test_canonical_has_no_accept_path(self) -> None:
        d = doc("equity-order-intent-v2")
        d["client_order_id"] = "client_\ud800"
        with ignoring(ats.guard("ats.client_order_id")):
            self.assertEqual(run("equity-order-intent-v2", d), ("refused", "value cannot be canonicalized"))
        with ignoring(ats.guard("ats.client_order_id"), ats.CANONICAL):
            self.assertEqual(run("equity-order-intent-v2", d), ("refused", "value cannot be canonicalized"))
        d = doc("equity-order-intent-v2")
        d["expires_at_ms"] = Raw("1e400")
        with ignoring(ats.guard("ats.expires_at_ms"), ats.CANONICAL):
            self.assertEqual(run("equity-order-intent-v2", d), ("refused", "value cannot be canonicalized"))
        with ignoring(ats.UNKNOWN_MEMBER, ats.CANONICAL):
            d = dict(doc("grant-usage"), **{"\udc00": 1})
            self.assertEqual(run("grant-usage", d), ("refused", "value cannot be canonicalized"))
        with ignoring(ats.TYPE, ats.INPUT):
            self.assertEqual(run("grant-usage", []), ("refused", "document is not a JSON object"))
            self.assertEqual(run("grant-usage", b"{"), ("refused", "input is not valid JSON"))


class OneBodyPerPair(unittest.TestCase):
    """spec/ats.md, "One body per pair"."""

    def test_one_function_per_pair(self) -> None:
        for op1, op2, _ in PAIRS:
            f1, f2 = ats.OPERATIONS[op1], ats.OPERATIONS[op2]
            self.assertIs(f1.__code__, f2.__code__)
            cells1 = [c.cell_contents for c in f1.__closure__ or ()]
            cells2 = [c.cell_contents for c in f2.__closure__ or ()]
            # The same shape; variants differing only by tag and check.
            self.assertIs([c for c in cells1 if isinstance(c, ats.Shape)][0],
                          [c for c in cells2 if isinstance(c, ats.Shape)][0])

    def test_same_messages_off_the_checks(self) -> None:
        # Every mutation that does not touch a symbol or a label gets the
        # same answer kind and message from /1 and /2.
        for op1, op2, _ in PAIRS:
            for field, value in CANONICAL[op1].items():
                if field in ("schema_version", "symbol", "symbol_allowlist", "masked_label"):
                    continue
                for other in wrong_kind(value) if value is not None else [1]:
                    d1 = doc(op1)
                    d1[field] = other
                    d2 = doc(op2)
                    d2[field] = other
                    r1, r2 = run(op1, d1), run(op2, d2)
                    self.assertEqual(r1[0], r2[0], (op1, field))
                    if r1[0] == "refused":
                        self.assertEqual(r1, r2, (op1, field, other))


def _edits(op: str) -> list[Any]:
    """Single edits of an operation's canonical document (for the export,
    of both bindings): each field deleted or given each value of a battery,
    an unknown member, and the cross-field edits of the spec's shapes."""
    if op == "redact-binding-for-export":
        return _edits("optional-binding-v2") + _edits("optional-binding")[2:]
    name = {"optional-binding": "account-binding-v1", "optional-binding-v2": "account-binding-v2"}.get(op, op)
    base = doc(name)
    battery: list[Any] = [
        0, -1, Raw("1e16"), "x", "", "\ud800", [], ["x"], None, True, "HTTPS://X", "spy", "Acct 48213",
        "\u202e", "x" * 65, "a\x00", ["SPY", "AAPL"], ["AAPL", "AAPL"],
        sorted("A" + chr(65 + i // 26) + chr(65 + i % 26) for i in range(65)),
    ]
    out: list[Any] = [[], dict(base, zzz=1)]
    for field in base:
        d = doc(name)
        del d[field]
        out.append(d)
        for value in battery:
            out.append(dict(base, **{field: value}))
    cross: list[dict[str, Any]] = [
        {"requested_mode": "paper", "effective_mode": "approve", "reason": "x"},
        {"requested_mode": "auto", "reason": None}, {"reason": "x"},
        {"expires_at_ms": 1}, {"approval_deadline_ms": 1790000060000},
        {"approval_deadline_ms": 1790001860001}, {"status": "refused"},
        {"outcome": "ambiguous"}, {"broker_confirmed": False}, {"broker_order_ref": None},
        {"filled_quantity": None}, {"outcome": "accepted"}, {"filled_quantity": 11},
        {"filled_quantity": 9}, {"outcome": "partially_filled"}, {"reconciliation_state": "pending"},
        {"ambiguity_reason": "x"},
    ]
    for change in cross:
        if set(change) <= set(base):
            out.append(dict(base, **change))
    return out


class Coverage(unittest.TestCase):
    """Every (refusal, operation) pair of spec/catalogue.json for the
    validators, the export and the optional bindings is reached by some
    single edit of the operation's canonical document; ``ats.canonical``
    with the field rules ignored."""

    def test_every_pair(self) -> None:
        path = Path(__file__).resolve().parents[3] / "spec" / "catalogue.json"
        catalogue = json.loads(path.read_text("utf-8"))
        contract = [c for c in catalogue["contracts"] if c["contract"] == "ats/1"][0]
        field_guards = [g for g in ats.GUARDS if g.ignorable and g not in (ats.CANONICAL, ats.UNKNOWN_MEMBER)]
        pairs = 0
        for op in [o["op"] for o in contract["operations"] if not o["op"].startswith("verify-")]:
            seen = {run(op, b"{")[1]}
            for edit in _edits(op):
                seen.add(run(op, edit)[1])
            with ignoring(*field_guards):
                seen.add(run(op, dict(_edits(op)[1], zzz="\ud800"))[1])
                d = _edits(op)[1]
                del d["zzz"]
                first_string = [k for k, v in d.items() if isinstance(v, str) and k != "schema_version"][0]
                seen.add(run(op, dict(d, **{first_string: "\ud800"}))[1])
            for r in contract["refusals"]:
                if op in r["ops"]:
                    pairs += 1
                    with self.subTest(op=op, code=r["code"]):
                        self.assertIn(r["message"], seen)
        self.assertEqual(pairs, 379 + 19 + 19)  # field coverage, ats.input and ats.canonical per operation

if __name__ == "__main__":
    unittest.main()
