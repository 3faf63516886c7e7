"""toolhost/1 (spec/toolhost.md): each rule with one defect on a resealed
base chain, its ignore continuation (section 5: the vector flips to
accepted, or the refusal stands, or a later guard refuses), the
precedence of sections 1.1, 1.4 and 4, the bounds of section 8.5, the
forged host-open proof and the screening inside verify."""

from __future__ import annotations

import datetime
import hashlib
import json
import sys
import unittest
from pathlib import Path
from typing import Any, Callable, Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import ed25519, toolhost  # noqa: E402
from conform_mirror.refusal import ignoring  # noqa: E402
from test_toolhost_chain import (  # noqa: E402
    BASE, ENVELOPES, MAX_SAFE, NOW, OUTPUTS, PUBLIC, Raw, b64u, chain, envelope, run, seal,
)

GUARD = {g.message: g for g in toolhost.GUARDS}
Mutation = Callable[[dict[str, Any]], None]


def ts(ms: int) -> str:
    """The wire timestamp of epoch milliseconds ``ms``."""
    t = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc) + datetime.timedelta(milliseconds=ms)
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (ms % 1000)


def ms(text: str) -> int:
    t = datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=datetime.timezone.utc)
    return round(t.timestamp() * 1000)


def mutated(mutation: Mutation, keep: tuple[str, ...] = (), reseal: bool = True) -> dict[str, Any]:
    c = chain()
    mutation(c)
    if reseal:
        seal(c, keep)
    return c


def setter(doc: str, member: str, value: Any) -> Mutation:
    """A mutation setting ``doc.member`` (``doc`` may be ``a.b``)."""
    def mutate(c: dict[str, Any]) -> None:
        _walk(c, doc)[member] = value
    return mutate


def _walk(c: Any, doc: str) -> Any:
    for part in doc.split("."):
        c = c[int(part)] if part.isdigit() else c[part]
    return c


def dropper(doc: str, member: str) -> Mutation:
    def mutate(c: dict[str, Any]) -> None:
        del _walk(c, doc)[member]
    return mutate


class Case(unittest.TestCase):
    def refused(self, op: str, data: bytes, message: str) -> None:
        self.assertEqual(run(op, data), ("refused", message), data[:300])

    def single(self, op: str, data: bytes, message: str, flips: Optional[bool] = True,
               then: Optional[str] = None) -> None:
        """``data`` is refused with ``message``; with its guard ignored it is
        accepted (``flips``), refused with any message (``flips`` None),
        refused with ``then``, or still refused with the same message
        (``flips`` False, ``then`` None)."""
        self.refused(op, data, message)
        with ignoring(GUARD[message]):
            if flips:
                self.assertEqual(run(op, data)[0], "ok", (message, run(op, data)))
            elif flips is None:
                self.assertEqual(run(op, data)[0], "refused", message)
            else:
                self.assertEqual(run(op, data), ("refused", then or message), message)


class Envelope(Case):
    def test_not_json(self) -> None:
        for data in [b"", b"{", b"\xef\xbb\xbf{}", b'{"trust":1,"trust":1}', b"\xff", b"[" * 129 + b"]" * 129,
                     b'{"trust":{}} x', b'{"trust":{"a":"\\ud800"' + b"}" * 1]:
            for op in toolhost.OPERATIONS:
                self.refused(op, data, "input is not valid JSON")
        with ignoring(toolhost.INPUT):
            self.refused("validate-trust", b"{", "input is not valid JSON")

    def test_not_an_object(self) -> None:
        for data in [b"[]", b"1", b'"x"', b"null", b"true"]:
            for op in toolhost.OPERATIONS:
                self.refused(op, data, "input is not a JSON object")

    def test_stray_member(self) -> None:
        for op in toolhost.OPERATIONS:
            stray = "x" if "now" in ENVELOPES[op] else "now"
            data = envelope(op, extra={stray: NOW})
            self.single(op, data, "input has a member the operation does not take")
        # The closed pass runs before the members' types.
        self.refused("validate-trust", b'{"x":1}', "input has a member the operation does not take")

    def test_missing_or_mistyped_member(self) -> None:
        for op in toolhost.OPERATIONS:
            for name in ENVELOPES[op]:
                env = json.loads(envelope(op))
                del env[name]
                message = toolhost_type_message(name)
                self.single(op, json.dumps(env).encode(), message, flips=False)
                env[name] = [] if name != "challenge" else 1
                self.single(op, json.dumps(env).encode(), message, flips=False)

    def test_now(self) -> None:
        op = "validate-device-proof"
        message = "now is missing or is not an integer from -62135596800000 to 253402300799999"
        for now in [Raw("1.0"), Raw("-0"), Raw("1e3"), Raw("1790080205000.0"), "1790080205000", None, True,
                    -62135596800001, 253402300800000, Raw("-1.5"), 10 ** 40]:
            self.refused(op, envelope(op, now=now), message)
        # Both ends of the range pass the envelope (and meet the trust rules).
        self.refused(op, envelope(op, now=-62135596800000), "trust.issued_at is more than 30 s after now")
        self.refused(op, envelope(op, now=253402300799999), "trust.expires_at is 30 s or more before now")
        self.refused(op, envelope(op, now=0), "trust.issued_at is more than 30 s after now")

    def test_challenge(self) -> None:
        op = "check-host-open-binding"
        challenges: list[Any] = [1, None, [], {}]
        for challenge in challenges:
            self.refused(op, envelope(op, challenge=challenge), "challenge is missing or is not a string")
        # Any string passes the envelope; it is compared later.
        self.single(op, envelope(op, challenge="\ud800"), "host_open_proof.challenge does not match the issued challenge")


def toolhost_type_message(name: str) -> str:
    if name == "challenge":
        return "challenge is missing or is not a string"
    if name == "now":
        return "now is missing or is not an integer from -62135596800000 to 253402300799999"
    return f"{name} is missing or is not an object"


def alphabet_defect(text: str) -> str:
    """Section 8.5: in a character other than the last, the first ``-`` by
    ``+``, or else the first ``_`` by ``/``, or else the first ``A`` by
    ``*``: the same bytes decode when the guard is ignored."""
    for old, new in (("-", "+"), ("_", "/"), ("A", "*")):
        i = text.find(old, 0, len(text) - 1)
        if i >= 0:
            return text[:i] + new + text[i + 1:]
    raise AssertionError(text)


class Trust(Case):
    op = "validate-trust"

    def data(self, mutation: Mutation) -> bytes:
        return envelope(self.op, mutated(mutation))

    def test_fields(self) -> None:
        cases: list[tuple[Mutation, str, Optional[bool], Optional[str]]] = [
            (setter("trust", "x", 1), "trust has an unknown member", True, None),
            (setter("trust", "schema_id", "aether.managed-tool-trust/2"), "trust.schema_id is not aether.managed-tool-trust/1", True, None),
            (setter("trust", "keys", []), "trust.keys does not have 1 to 8 members", True, None),
            (setter("trust", "keys", [{"key_id": f"k{i}", "public_key": PUBLIC["cloud-a"]} for i in range(9)]),
             "trust.keys does not have 1 to 8 members", True, None),
            (setter("trust", "keys", ["x"]), "trust.keys[] is not an object", False, None),
            (setter("trust.keys.0", "x", 1), "trust.keys[] has an unknown member", True, None),
            (dropper("trust.keys.0", "public_key"), "trust.keys[].public_key is missing or is not a string", False, None),
            (setter("trust.keys.0", "key_id", "-cloud-a"), "trust.keys[].key_id does not match the ID grammar", True, None),
            (setter("trust.keys.0", "key_id", "c" * 129), "trust.keys[].key_id does not match the ID grammar", True, None),
            (setter("trust.keys.0", "key_id", "cloud-a\n"), "trust.keys[].key_id does not match the ID grammar", True, None),
            (setter("trust.keys.1", "key_id", "cloud-a"), "trust.keys has a repeated key_id", True, None),
            (setter("trust.keys.1", "key_id", "cloud-0"), "trust.keys is not strictly ascending by key_id", True, None),
            (setter("trust", "issued_at", "2026-09-01T00:00:00Z"), "trust.issued_at is not YYYY-MM-DDTHH:MM:SS.mmmZ", False, None),
            (setter("trust", "issued_at", "2026-09-01T00:00:00.000Z\n"), "trust.issued_at is not YYYY-MM-DDTHH:MM:SS.mmmZ", False, None),
            (setter("trust", "issued_at", "2026-02-29T00:00:00.000Z"), "trust.issued_at is not a real instant", True, None),
            (setter("trust", "expires_at", "2027-09-01T24:00:00.000Z"), "trust.expires_at is not a real instant", True, None),
            (setter("trust", "expires_at", "2026-09-01T00:00:00.000Z"), "trust.expires_at is not after trust.issued_at", True, None),
        ]
        for mutation, message, flips, then in cases:
            with self.subTest(message=message):
                self.single(self.op, self.data(mutation), message, flips, then)

    def test_public_key_base64url(self) -> None:
        key = "trust.keys[].public_key"
        b = PUBLIC["cloud-b"]  # holds a "-"; cloud-a's key has no "-" nor "_" (section 8.5)
        cases = [
            # 42 characters leave 4 unused bits in the last (refused as
            # not canonical when ignored); 44 decode to 33 bytes, which skip
            # the screening
            (b[:-1], f"{key} is not 43 base64url characters", None),
            (b + "A", f"{key} is not 43 base64url characters", True),
            (alphabet_defect(b), f"{key} has a character outside A-Z a-z 0-9 - _", True),
            (b[:-1] + "R", f"{key} is not canonical base64url", True),
        ]
        for text, message, flips in cases:
            with self.subTest(text=text):
                self.single(self.op, self.data(setter("trust.keys.1", "public_key", text)), message, flips)

    def test_public_key_screening(self) -> None:
        p = ed25519.P
        key = "trust.keys[].public_key"
        for entry in ed25519.BLOCKLIST:
            for sign_bit in (0, 0x80):
                raw = entry[:31] + bytes((entry[31] | sign_bit,))
                canonical = int.from_bytes(raw, "little") & ((1 << 255) - 1) < p
                data = self.data(setter("trust.keys.0", "public_key", b64u(raw)))
                if canonical:
                    self.single(self.op, data, f"{key} is a small-order Ed25519 key")
                else:
                    # p and p+1: non-canonical first; ignored, the blocklist
                    # refuses them (shadowed).
                    self.single(self.op, data, f"{key} is not a canonical Ed25519 encoding", False,
                                f"{key} is a small-order Ed25519 key")
        for y in range(p + 2, p + 19):
            data = self.data(setter("trust.keys.0", "public_key", b64u(y.to_bytes(32, "little"))))
            self.single(self.op, data, f"{key} is not a canonical Ed25519 encoding")
        # y = 2 is canonical, not listed and not on the curve: validation
        # passes (no point decoding).
        self.assertEqual(run(self.op, self.data(setter("trust.keys.0", "public_key", b64u((2).to_bytes(32, "little")))))[0], "ok")

    def test_outputs(self) -> None:
        self.assertEqual(run(self.op, envelope(self.op)), ("ok", OUTPUTS[self.op]))
        one = mutated(setter("trust", "keys", [BASE["trust"]["keys"][1]]))
        self.assertIn(b'"key_ids":["cloud-b"]', run(self.op, envelope(self.op, one))[1])


class DeviceProof(Case):
    op = "validate-device-proof"

    def data(self, mutation: Mutation, keep: tuple[str, ...] = (), now: int = NOW) -> bytes:
        return envelope(self.op, mutated(mutation, keep), now=now)

    def test_fields(self) -> None:
        p = "device_proof"
        cases: list[tuple[Mutation, tuple[str, ...], str, Optional[bool], Optional[str]]] = [
            (setter(p, "device_id", "dev_01J8Z3D5Q2A7"), (), f"{p}.device_id is not in the scdev_ namespace", True, None),
            (setter(p, "device_id", "scdev_"), (), f"{p}.device_id is not in the scdev_ namespace", True, None),
            (setter(p, "device_id", "scdev_\u00e9"), (), f"{p}.device_id does not match the ID grammar", True, None),
            (setter(p, "account_subject", ""), (), f"{p}.account_subject is not 1 to 256 Unicode scalar values", True, None),
            (setter(p, "account_subject", "\U0001f600" * 257), (), f"{p}.account_subject is not 1 to 256 Unicode scalar values", True, None),
            (setter(p, "account_subject", "a\x7fb"), (), f"{p}.account_subject contains a control character", True, None),
            (setter(p, "account_subject", "a\x9f"), (), f"{p}.account_subject contains a control character", True, None),
            (setter(p, "revocation_epoch", -1), (), f"{p}.revocation_epoch is not an integer from 0 to 9007199254740991", True, None),
            (setter(p, "revocation_epoch", MAX_SAFE + 1), (), f"{p}.revocation_epoch is not an integer from 0 to 9007199254740991", True, None),
            (setter(p, "key_id", "cloud-c"), (), f"{p}.key_id names no key in trust.keys", False, None),
            (setter(p, "proof_digest", "sha256:" + "0" * 64), (f"{p}.proof_digest",), f"{p}.proof_digest does not match the recomputed digest", True, None),
            (setter(p, "proof_digest", "sha256:" + "A" * 64), (f"{p}.proof_digest",), f"{p}.proof_digest is not sha256: and 64 lowercase hex digits", False, f"{p}.proof_digest does not match the recomputed digest"),
            # a well-formed signature of something else
            (setter(p, "cloud_signature", BASE["host_lease"]["cloud_signature"]), (f"{p}.cloud_signature",),
             f"{p}.cloud_signature does not verify", True, None),
        ]
        for mutation, keep, message, flips, then in cases:
            with self.subTest(message=message):
                self.single(self.op, self.data(mutation, keep), message, flips, then)
        # expires_at = issued_at, at a now when both are fresh
        data = self.data(setter(p, "expires_at", BASE[p]["issued_at"]), now=ms(BASE[p]["issued_at"]))
        self.single(self.op, data, f"{p}.expires_at is not after {p}.issued_at")

    def test_account_subject_of_256_astral_characters(self) -> None:
        # Section 8.5: 512 UTF-16 units, 256 scalar values.
        self.assertEqual(run(self.op, self.data(setter("device_proof", "account_subject", "\U0001f600" * 256)))[0], "ok")

    def test_account_subject_lone_surrogate(self) -> None:
        # Unencodable: ignored, the digest meets toolhost.jcs.
        data = envelope(self.op, mutated(setter("device_proof", "account_subject", "a\udc00"), reseal=False))
        self.single(self.op, data, "device_proof.account_subject contains an unpaired surrogate", False,
                    "a document cannot be canonicalized (RFC 8785)")

    def test_integer_literals(self) -> None:
        # Sealed over the integer, then written with a fraction or exponent:
        # ignored, the integer part is used and the seal holds.
        for literal, value in [("3.0", 3), ("3e0", 3), ("3.9", 3), ("3E2", 3)]:
            c = chain()
            c["device_proof"]["revocation_epoch"] = Raw(literal)
            message = "device_proof.revocation_epoch has a fraction or an exponent"
            data = envelope(self.op, c)
            self.refused(self.op, data, message)
            with ignoring(GUARD[message]):
                # JCS writes 3.9 and 3E2 as themselves, not as 3: only the
                # literals whose value is 3 keep the seal.
                expect = "ok" if literal in ("3.0", "3e0") else "refused"
                self.assertEqual(run(self.op, data)[0], expect, literal)
        c = chain()
        c["device_proof"]["revocation_epoch"] = Raw("-0")
        self.refused(self.op, envelope(self.op, c), "device_proof.revocation_epoch is not an integer from 0 to 9007199254740991")

    def test_origins(self) -> None:
        good = ["https://a.bc", "https://cloud.aethersystems.net:8443", "https://a-b.c0.de:1",
                "https://x.y:65535", "https://" + "a" * 63 + ".b" + "c" * 62, "https://1.a"]
        bad = ["http://a.bc", "https://a.bc:443", "https://A.bc", "https://a.bc/", "https://a.bc.",
               "https://localhost", "https://1.2.3.4", "https://[::1]", "https://u@a.bc", "https://-a.bc",
               "https://a-.bc", "https://a.bc:0", "https://a.bc:65536", "https://a.bc:0443", "https://a.bc?x",
               "https://a.bc#x", "https://a.bc\n", "https://a.b-", "https://" + "a" * 64 + ".bc",
               "https://" + "a." * 124 + "bc:1", "HTTPS://a.bc", "https://a.bc:", " https://a.bc"]
        for origin in good:
            with self.subTest(origin=origin):
                self.assertEqual(run(self.op, self.data(setter("device_proof", "cloud_origin_id", origin)))[0], "ok")
        for origin in bad:
            with self.subTest(origin=origin):
                self.single(self.op, self.data(setter("device_proof", "cloud_origin_id", origin)),
                            "device_proof.cloud_origin_id is not a normalized https origin")
        # 256 units is the bound
        origin = "https://" + "a." * 123 + "bcd"
        self.assertEqual(len(origin), 257)
        self.single(self.op, self.data(setter("device_proof", "cloud_origin_id", origin)),
                    "device_proof.cloud_origin_id is not a normalized https origin")
        self.assertEqual(run(self.op, self.data(setter("device_proof", "cloud_origin_id", origin[:-1])))[0], "ok")

    def test_signature_base64url(self) -> None:
        s = BASE["device_proof"]["cloud_signature"]
        m = "device_proof.cloud_signature"
        for text in [s[:-1], s + "A", s[:-2]]:
            # wrong-length: ignored, 85 or 87 characters decode to 63 or
            # 65 bytes, which cannot verify (or, for 85, leave a final
            # character whose bits are all unused)
            self.single(self.op, self.data(setter("device_proof", "cloud_signature", text), ("device_proof.cloud_signature",)),
                        f"{m} is not 86 base64url characters", None)
        self.single(self.op, self.data(setter("device_proof", "cloud_signature", s + "AAAA"),
                                       ("device_proof.cloud_signature",)),
                    f"{m} is not 86 base64url characters", False, f"{m} does not verify")
        self.single(self.op, self.data(setter("device_proof", "cloud_signature", alphabet_defect(s)),
                                       ("device_proof.cloud_signature",)),
                    f"{m} has a character outside A-Z a-z 0-9 - _")
        # any other character counts as 0 ("A"), which changes the bytes
        i = s.index("_") if "_" in s[:-1] else 0
        self.single(self.op, self.data(setter("device_proof", "cloud_signature", s[:i] + "." + s[i + 1:]),
                                       ("device_proof.cloud_signature",)),
                    f"{m} has a character outside A-Z a-z 0-9 - _", False, f"{m} does not verify")
        last = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".index(s[-1])
        text = s[:-1] + "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[last + 1]
        self.single(self.op, self.data(setter("device_proof", "cloud_signature", text), ("device_proof.cloud_signature",)),
                    f"{m} is not canonical base64url")

    def test_freshness(self) -> None:
        issued = ms(BASE["device_proof"]["issued_at"])
        expires = ms(BASE["device_proof"]["expires_at"])
        # start: issued at now + 30000 accepted, + 30001 refused
        self.assertEqual(run(self.op, self.data(lambda c: None, now=issued - 30000))[0], "ok")
        self.single(self.op, self.data(lambda c: None, now=issued - 30001),
                    "device_proof.issued_at is more than 30 s after now")
        # end: now at end + 29999 accepted, + 30000 refused
        self.assertEqual(run(self.op, self.data(lambda c: None, now=expires + 29999))[0], "ok")
        self.single(self.op, self.data(lambda c: None, now=expires + 30000),
                    "device_proof.expires_at is 30 s or more before now")

    def test_trust_at_use(self) -> None:
        trust_issued = ms(BASE["trust"]["issued_at"])
        trust_expires = ms(BASE["trust"]["expires_at"])

        def move(start: int, end: int) -> Mutation:
            def mutate(c: dict[str, Any]) -> None:
                c["device_proof"]["issued_at"] = ts(start)
                c["device_proof"]["expires_at"] = ts(end)
            return mutate

        now = trust_expires + 30000
        self.single(self.op, self.data(move(now - 1000, now + 1000), now=now),
                    "trust.expires_at is 30 s or more before now")
        self.assertEqual(run(self.op, self.data(move(now - 1000, now + 1000), now=now - 1))[0], "ok")
        now = trust_issued - 30001
        self.single(self.op, self.data(move(now - 1000, now + 1000), now=now),
                    "trust.issued_at is more than 30 s after now")

    def test_screening_inside_verify(self) -> None:
        # Section 8.5: a trust key with y = 2 passes validate-trust, then
        # fails the screening inside verify; ignored, it cannot verify.
        off_curve = b64u((2).to_bytes(32, "little"))
        data = self.data(setter("trust.keys.0", "public_key", off_curve))
        self.single(self.op, data, "device_proof.cloud_signature key fails Ed25519 key screening", False,
                    "device_proof.cloud_signature does not verify")
        lease = envelope("validate-host-lease", mutated(setter("trust.keys.1", "public_key", off_curve)))
        self.single("validate-host-lease", lease, "host_lease.cloud_signature key fails Ed25519 key screening",
                    False, "host_lease.cloud_signature does not verify")


def forged_signature(message: bytes) -> bytes:
    """Section 8.5: R || S with A the all-zero key (y = 0, order 4), S the
    smallest from 1 and t the smallest of 0..3 such that, with R = [S]B -
    [t]A, SHA-512(R || A || message) mod L = t mod 4."""
    zero = bytes(32)
    a = ed25519.decode_point(zero)
    assert a is not None
    x, y, z, t_ = a
    minus_a = ((ed25519.P - x) % ed25519.P, y, z, (ed25519.P - t_) % ed25519.P)
    s = 1
    while True:
        for t in range(4):
            r = ed25519._double_scalar_mult(s, t, minus_a)
            k = int.from_bytes(hashlib.sha512(r + zero + message).digest(), "little") % ed25519.L
            if k % 4 == t and not ed25519.small_order(r):
                return r + s.to_bytes(32, "little")
        s += 1


class HostOpenProof(Case):
    op = "validate-host-open-proof"

    def test_forged_proof(self) -> None:
        # A device proof that skipped validation, with the all-zero key.
        c = mutated(setter("device_proof", "device_public_key", b64u(bytes(32))))
        hop = c["host_open_proof"]
        body = {k: v for k, v in hop.items() if k not in ("schema_id", "device_signature")}
        from test_toolhost_chain import jcs
        message = b"aether.managed-tool-host-open/1\n" + jcs(body)
        hop["device_signature"] = b64u(forged_signature(message))
        data = envelope(self.op, c)
        self.single(self.op, data, "host_open_proof.device_signature key fails Ed25519 key screening")
        # The seed's own variant, R = identity and S = 0: shadowed by R's
        # small order.
        hop["device_signature"] = b64u(bytes([1]) + bytes(31) + bytes(32))
        self.single(self.op, envelope(self.op, c), "host_open_proof.device_signature key fails Ed25519 key screening",
                    False, "host_open_proof.device_signature does not verify")

    def test_device_proof_unvalidated(self) -> None:
        # Only the key's type and base64url rules, and the projection.
        c = mutated(setter("device_proof", "device_id", 7))
        self.assertEqual(run(self.op, envelope(self.op, c))[0], "ok")
        c = chain()
        c["device_proof"]["revocation_epoch"] = Raw("1e400")
        self.refused(self.op, envelope(self.op, c), "a document cannot be canonicalized (RFC 8785)")
        c = chain()
        c["device_proof"]["account_subject"] = "\ud800"
        self.single(self.op, envelope(self.op, c), "a document cannot be canonicalized (RFC 8785)", False)
        keys: list[Any] = [None, 1, []]
        for key in keys:
            c = chain()
            c["device_proof"]["device_public_key"] = key
            self.refused(self.op, envelope(self.op, c), "device_proof.device_public_key is missing or is not a string")
        c = mutated(setter("device_proof", "device_public_key", PUBLIC["device-a"][:-1]))
        self.single(self.op, envelope(self.op, c), "device_proof.device_public_key is not 43 base64url characters",
                    None)
        c = mutated(setter("device_proof", "device_public_key", PUBLIC["device-a"] + "AAAA"))
        self.single(self.op, envelope(self.op, c), "device_proof.device_public_key is not 43 base64url characters",
                    False, "host_open_proof.device_signature key fails Ed25519 key screening")
        # An unknown member of the device proof is outside its projection.
        c = chain()
        c["device_proof"]["x"] = "\ud800"
        self.assertEqual(run(self.op, envelope(self.op, c))[0], "ok")

    def test_binding_and_signature(self) -> None:
        h = "host_open_proof"
        self.single(self.op, envelope(self.op, mutated(setter(h, "device_proof_digest", "sha256:" + "1" * 64),
                                                       (f"{h}.device_proof_digest",))),
                    f"{h}.device_proof_digest does not match the device proof")
        c = chain()
        c["device_proof"]["account_subject"] = "user:other"  # the proof changed, the binding did not
        self.single(self.op, envelope(self.op, c), f"{h}.device_proof_digest does not match the device proof")
        c = mutated(setter("device_proof", "device_public_key", PUBLIC["device-b"]))
        c["device_proof"]["device_public_key"] = PUBLIC["device-a"]
        c["host_open_proof"]["device_proof_digest"] = BASE["host_open_proof"]["device_proof_digest"]
        self.single(self.op, envelope(self.op, c), f"{h}.device_signature does not verify")
        # The challenge is signed: a changed challenge breaks the signature.
        c = chain()
        c[h]["challenge"] = b64u(bytes(32))
        self.single(self.op, envelope(self.op, c), f"{h}.device_signature does not verify")


class OpenValues(Case):
    def test_arguments_bounds(self) -> None:
        op = "validate-invocation"
        p = "invocation.arguments"

        def args(value: Any) -> bytes:
            return envelope(op, mutated(setter("invocation", "arguments", value)))

        deep: Any = {"a": 1}
        for _ in range(7):
            deep = {"a": deep}
        self.assertEqual(run(op, args(deep))[0], "ok")  # depth 8
        self.single(op, args({"a": deep}), f"{p} nests deeper than 8")
        self.assertEqual(run(op, args({"a": list(range(32))}))[0], "ok")
        self.single(op, args({"a": list(range(33))}), f"{p} has an array of more than 32 elements")
        self.assertEqual(run(op, args({"a": MAX_SAFE, "b": 0}))[0], "ok")
        for number in [MAX_SAFE + 1, -1]:
            self.single(op, args({"a": number}), f"{p} has a number that is not an unsigned safe integer")
        for text in ["\x00", "x" * 257, "\U0001f600" * 257]:
            self.single(op, args({"a": text}), f"{p} has an invalid string")
            self.single(op, args({text: 1}), f"{p} has an invalid string")
        self.assertEqual(run(op, args({"a": "\U0001f600" * 256, "": ""}))[0], "ok")
        # The byte cap counts UTF-8 bytes: 65536 accepted, 65537 refused.
        self.assertEqual(run(op, args(sized(65536)))[0], "ok")
        self.single(op, args(sized(65537)), f"{p} exceeds 65536 canonical bytes")

    def test_multibyte_bytes_counted(self) -> None:
        op = "validate-invocation"
        c = mutated(setter("invocation", "arguments", {"include_diagnostics": True, "note": "\u00e9\U0001f600",
                                                       "schema_id": "aether.managed-tool-workspace-status-input/1"}))
        out = run(op, envelope(op, c))
        self.assertEqual(out[0], "ok")
        self.assertIn(b'"arguments_bytes":%d' % (87 + len(',"note":""') + 6), out[1])

    def test_payload_depth(self) -> None:
        op = "validate-result"
        deep: Any = {"a": 1}
        for _ in range(14):
            deep = {"a": deep}
        c = mutated(setter("result", "payload", deep))
        self.assertEqual(run(op, envelope(op, c))[0], "ok")  # depth 15
        c = mutated(setter("result", "payload", {"a": deep}))
        self.single(op, envelope(op, c), "result.payload nests deeper than 15")


def sized(total: int) -> dict[str, Any]:
    """Arguments whose canonical form is exactly ``total`` bytes, mostly
    two-byte characters (review decision 6: bytes, not characters)."""
    from test_toolhost_chain import jcs
    value: dict[str, Any] = {}
    i = 0
    while len(jcs(value)) < total - 3000:
        value[f"k{i:03d}"] = ["\u00e9" * 256] * 4
        i += 1
    while len(jcs(value)) < total - 300:
        value[f"y{i:03d}"] = "x" * 200
        i += 1
    value["z"] = ""
    value["z"] = "x" * (total - len(jcs(value)))
    assert len(jcs(value)) == total
    return value


def toolhost_value(value: Any) -> Any:
    """A Python value as jsonvalue reads it (numbers as Number)."""
    from conform_mirror.jsonvalue import Number
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return Number(str(value))
    if isinstance(value, dict):
        return {k: toolhost_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [toolhost_value(v) for v in value]
    return value


class Registry(Case):
    op = "validate-registry"

    def tools(self, *pairs: tuple[str, Any]) -> bytes:
        tool = BASE["registry"]["tools"][0]
        tools = [dict(tool, name=name, version=version) for name, version in pairs]
        return envelope(self.op, mutated(setter("registry", "tools", tools)))

    def test_tool_order_by_integer_version(self) -> None:
        self.assertEqual(run(self.op, self.tools(("x", 9), ("x", 10)))[0], "ok")
        self.assertEqual(run(self.op, self.tools(("a", 2), ("b", 1)))[0], "ok")
        self.single(self.op, self.tools(("x", 10), ("x", 9)), "registry.tools is not strictly ascending by (name, version)")
        self.single(self.op, self.tools(("b", 1), ("a", 2)), "registry.tools is not strictly ascending by (name, version)")
        self.single(self.op, self.tools(("x", 9), ("x", 9)), "registry.tools has a repeated (name, version)")
        self.single(self.op, self.tools(*[(f"t{i:02d}", 1) for i in range(17)]), "registry.tools does not have 1 to 16 members")
        self.assertEqual(run(self.op, self.tools(*[(f"t{i:02d}", 1) for i in range(16)]))[0], "ok")

    def test_sets(self) -> None:
        t = "registry.tools[]"

        def tool(**members: Any) -> bytes:
            return envelope(self.op, mutated(lambda c: c["registry"]["tools"][0].update(members)))

        self.assertEqual(run(self.op, tool(dependencies=[]))[0], "ok")
        self.single(self.op, tool(data_classes=[]), f"{t}.data_classes does not have 1 to 5 members")
        self.single(self.op, tool(data_classes=["local_status", "ats_status"]),
                    f"{t}.data_classes is not strictly ascending by code point")
        self.single(self.op, tool(data_classes=["ats_status", "ats_status"]), f"{t}.data_classes has a repeated member")
        self.single(self.op, tool(data_classes=["ats_status", "x"]), f"{t}.data_classes[] is not an allowed value")
        self.single(self.op, tool(data_classes=["ats_status", 1]), f"{t}.data_classes[] is not a string", False)
        # Seven from a six-member set: the size guard, ignored, meets a repeat.
        deps = ["ats_observer_channel", "ats_runtime", "cloud_session", "local_clock", "local_workspace", "network"]
        self.single(self.op, tool(dependencies=deps + ["network"]), f"{t}.dependencies does not have 0 to 6 members",
                    False, f"{t}.dependencies has a repeated member")
        self.assertEqual(run(self.op, tool(dependencies=deps))[0], "ok")

    def test_integer_bounds(self) -> None:
        t = "registry.tools[]"
        for member, lo, hi in [("max_argument_bytes", 1, 65536), ("max_result_bytes", 1, 262144),
                               ("max_duration_ms", 1, 3600000), ("version", 1, MAX_SAFE)]:
            for value in (lo, hi):
                data = envelope(self.op, mutated(lambda c: c["registry"]["tools"][0].update({member: value})))
                self.assertEqual(run(self.op, data)[0], "ok", (member, value))
            for value in (lo - 1, hi + 1, 2 ** 53, -5):
                data = envelope(self.op, mutated(lambda c: c["registry"]["tools"][0].update({member: value})))
                self.single(self.op, data, f"{t}.{member} is not an integer from {lo} to {hi}")


class Result(Case):
    op = "validate-result"

    def result(self, **members: Any) -> bytes:
        return envelope(self.op, mutated(lambda c: c["result"].update(members)))

    def failed(self, state: str, code: str, **members: Any) -> bytes:
        fields = dict(state=state, error={"code": code, "message": "It failed"}, payload=None,
                      output_schema_id=None, output_schema_digest=None)
        fields.update(members)
        return self.result(**fields)

    def test_states(self) -> None:
        for state, code in [("refused", "TOOL_INPUT_INVALID"), ("unavailable", "TOOL_CANCELLED"),
                            ("cancelled", "TOOL_CANCELLED"), ("deadline_exceeded", "TOOL_DEADLINE_EXCEEDED")]:
            out = run(self.op, self.failed(state, code))
            self.assertEqual(out[0], "ok", (state, out))
            self.assertIn(b'"bounded_bytes":0', out[1])
        redelivery = self.result(replay_status="stored_redelivery", retry_class="redeliver_stored_result")
        self.assertEqual(run(self.op, redelivery)[0], "ok")

    def test_rules(self) -> None:
        r = "result"
        cases = [
            (self.result(completed_at="2026-09-22T12:30:00.499Z"), f"{r}.completed_at is before {r}.started_at"),
            (self.result(error={"code": "X", "message": "m"}), f"{r}.error is not null for a succeeded result"),
            (self.failed("refused", "X", error=None), f"{r}.error is null for a result that did not succeed"),
            (self.failed("cancelled", "TOOL_DEADLINE_EXCEEDED"), f"{r}.error.code is not TOOL_CANCELLED for a cancelled result"),
            (self.failed("deadline_exceeded", "TOOL_CANCELLED"),
             f"{r}.error.code is not TOOL_DEADLINE_EXCEEDED for a deadline_exceeded result"),
            (self.failed("refused", "TOOL_CANCELLED"),
             f"{r}.error.code is TOOL_CANCELLED or TOOL_DEADLINE_EXCEEDED for a refused result"),
            (self.result(payload=None), f"{r}.payload is null for a succeeded result"),
            (self.failed("refused", "X", payload={}), f"{r}.payload is not null for a result that did not succeed"),
            (self.result(output_schema_id=None), f"{r}.output_schema_id is null for a succeeded result"),
            (self.failed("refused", "X", output_schema_id="a/1"),
             f"{r}.output_schema_id is not null for a result that did not succeed"),
            (self.result(output_schema_digest=None), f"{r}.output_schema_digest is null for a succeeded result"),
            (self.failed("refused", "X", output_schema_digest="sha256:" + "0" * 64),
             f"{r}.output_schema_digest is not null for a result that did not succeed"),
            (self.result(retry_class="new_call_after_recovery"),
             f"{r}.retry_class is new_call_after_recovery for a succeeded result"),
            (self.result(replay_status="stored_redelivery"),
             f"{r}.replay_status is stored_redelivery but {r}.retry_class is not redeliver_stored_result"),
            (self.result(retry_class="redeliver_stored_result"),
             f"{r}.retry_class is redeliver_stored_result but {r}.replay_status is not stored_redelivery"),
        ]
        for data, message in cases:
            with self.subTest(message=message):
                self.single(self.op, data, message)
        c = mutated(lambda c: None, ("result.bounded_bytes",))
        c["result"]["bounded_bytes"] = 578
        seal(c, ("result.bounded_bytes",))
        self.single(self.op, envelope(self.op, c), f"{r}.bounded_bytes does not match {r}.payload")

    def test_precedence_of_object_rules(self) -> None:
        # Rule 2 before rule 7 before rule 16, all after the field rules.
        data = self.failed("succeeded", "X", output_schema_id="a/1", output_schema_digest="sha256:" + "0" * 64)
        self.refused(self.op, data, "result.error is not null for a succeeded result")
        with ignoring(GUARD["result.error is not null for a succeeded result"]):
            self.refused(self.op, data, "result.payload is null for a succeeded result")


class WorkspaceStatus(Case):
    op = "validate-workspace-status"

    def test_serialized_size_first(self) -> None:
        # A status of exactly 65536 and of 65537 serialized bytes, also
        # carrying an unknown member (a valid status is below 8 KiB).
        def status(pad: int) -> dict[str, Any]:
            c = chain()
            c["result"]["payload"]["x"] = "a" * pad
            return c
        size = toolhost.serialized_size(toolhost_value(status(0)["result"]["payload"]))
        at = status(65536 - size)
        self.assertEqual(toolhost.serialized_size(toolhost_value(at["result"]["payload"])), 65536)
        self.refused(self.op, envelope(self.op, at), "workspace_status has an unknown member")
        past = status(65537 - size)
        self.single(self.op, envelope(self.op, past), "workspace_status exceeds 65536 serialized bytes", False,
                    "workspace_status has an unknown member")

    def test_serialized_size_is_jcs_length(self) -> None:
        from test_toolhost_chain import jcs
        for value in [BASE["result"]["payload"], {"a": "\x00\x1f\"\\\b\t\n\f\r\x7f\u00e9\U0001f600"}, [], {},
                      [None, True, False, 0, 12, [], {}], "\u2028"]:
            self.assertEqual(toolhost.serialized_size(toolhost_value(value)), len(jcs(value)), value)


class CrossObject(Case):
    def test_lease_binding(self) -> None:
        op = "check-lease-binding"
        lease = "host_lease"
        cases: list[tuple[Mutation, str]] = [
            (setter(lease, "account_subject", "user:other"), f"{lease}.account_subject does not match device_proof.account_subject"),
            (setter(lease, "agent_id", "agent-2"), f"{lease}.agent_id does not match registry.agent_id"),
            (setter(lease, "session_generation", 5), f"{lease}.session_generation does not match registry.session_generation"),
            (setter(lease, "cloud_origin_id", "https://other.example"), f"{lease}.cloud_origin_id does not match device_proof.cloud_origin_id"),
            (setter(lease, "revocation_epoch", 4), f"{lease}.revocation_epoch does not match device_proof.revocation_epoch"),
            (setter("registry", "local_session_id", "ls-other"), f"{lease}.local_session_id does not match registry.local_session_id"),
        ]
        for mutation, message in cases:
            with self.subTest(message=message):
                self.single(op, envelope(op, mutated(mutation)), message)
        c = mutated(setter(lease, "registry_digest", "sha256:" + "2" * 64), (f"{lease}.registry_digest",))
        self.single(op, envelope(op, c), f"{lease}.registry_digest does not match registry.registry_digest")

    def test_invocation(self) -> None:
        op = "check-invocation"
        inv = "invocation"
        issued = ms(BASE[inv]["issued_at"])
        lease_expires = ms(BASE["host_lease"]["expires_at"])

        def times(start: int, end: int) -> Mutation:
            return lambda c: c[inv].update(issued_at=ts(start), deadline_at=ts(end))

        cases: list[tuple[Mutation, str, int, Optional[bool], Optional[str]]] = [
            (setter(inv, "lease_id", "lease-2"), f"{inv}.lease_id does not match host_lease.lease_id", NOW, True, None),
            (setter(inv, "tool_version", 2), f"{inv}.tool_name and {inv}.tool_version select no registry tool", NOW, False, None),
            (setter(inv, "input_schema_id", "x/1"), f"{inv}.input_schema_id does not match registry.tools[].input_schema_id", NOW, True, None),
            (lambda c: c["registry"]["tools"][0].update(max_argument_bytes=86),
             f"{inv}.arguments exceeds registry.tools[].max_argument_bytes", NOW, True, None),
            (times(lease_expires - 20000, lease_expires + 1), f"{inv}.deadline_at is after host_lease.expires_at",
             lease_expires - 20000, True, None),
            (times(issued, issued + 30001), f"{inv}.deadline_at is more than registry.tools[].max_duration_ms after {inv}.issued_at",
             NOW, True, None),
            (lambda c: None, f"{inv}.issued_at is more than 30 s after now", issued - 30001, True, None),
            (lambda c: None, f"{inv}.deadline_at is 30 s or more before now", ms(BASE[inv]["deadline_at"]) + 30000, True, None),
            (setter("host_lease", "capabilities", ["cancel"]), "host_lease.capabilities does not include invoke", NOW, True, None),
        ]
        for mutation, message, now, flips, then in cases:
            with self.subTest(message=message):
                self.single(op, envelope(op, mutated(mutation), now=now), message, flips, then)
        # bounds that pass
        self.assertEqual(run(op, envelope(op, mutated(lambda c: c["registry"]["tools"][0].update(max_argument_bytes=87))))[0], "ok")
        self.assertEqual(run(op, envelope(op, now=issued - 30000))[0], "ok")
        self.assertEqual(run(op, envelope(op, now=ms(BASE[inv]["deadline_at"]) + 29999))[0], "ok")

    def test_cancellation_window(self) -> None:
        op = "check-cancellation"
        issued = ms(BASE["host_lease"]["issued_at"])
        expires = ms(BASE["host_lease"]["expires_at"])

        def at(when: int, now: int = NOW) -> bytes:
            return envelope(op, mutated(setter("cancellation", "requested_at", ts(when))), now=now)

        self.assertEqual(run(op, at(issued - 30000))[0], "ok")
        self.single(op, at(issued - 30001), "cancellation.requested_at is more than 30 s before host_lease.issued_at")
        # the lease still fresh at now, the request not after now + 30 s
        self.assertEqual(run(op, at(expires + 29999, expires + 29999))[0], "ok")
        self.single(op, at(expires + 30000, expires + 29999),
                    "cancellation.requested_at is 30 s or more after host_lease.expires_at")
        self.single(op, envelope(op, mutated(setter("cancellation", "requested_at", ts(NOW + 30001)))),
                    "cancellation.requested_at is more than 30 s after now")

    def test_tool_arguments_and_payload(self) -> None:
        op = "check-tool-arguments"
        self.single(op, envelope(op, mutated(setter("invocation", "input_schema_id", "x/1"))),
                    "invocation.input_schema_id has no frozen E1 argument validator", False)
        self.single(op, envelope(op, mutated(setter("invocation", "input_schema_digest", "sha256:" + "3" * 64))),
                    "invocation.input_schema_digest is not the pinned E1 input schema digest")
        self.single(op, envelope(op, mutated(lambda c: c["invocation"]["arguments"].update(include_diagnostics=1))),
                    "workspace_status_input.include_diagnostics is missing or is not a boolean", False)
        self.single(op, envelope(op, mutated(lambda c: c["invocation"]["arguments"].update(x=1))),
                    "workspace_status_input has an unknown member")
        op = "check-tool-payload"
        self.single(op, envelope(op, mutated(setter("result.payload.local_status", "host_state", "gone"))),
                    "workspace_status.local_status.host_state is not an allowed value")
        # A negative integer in a payload is the walk's: the status's own
        # range rule is reached through validate-workspace-status only.
        self.refused(op, envelope(op, mutated(setter("result.payload.local_status", "active_invocations", -1))),
                     "result.payload has a number that is not an unsigned safe integer")
        self.single("validate-workspace-status",
                    envelope("validate-workspace-status",
                             mutated(setter("result.payload.local_status", "active_invocations", -1))),
                    "workspace_status.local_status.active_invocations is not an integer from 0 to 9007199254740991")
        self.single(op, envelope(op, mutated(setter("result", "output_schema_id", "x/1"))),
                    "result.output_schema_id has no frozen E1 payload validator", False)
        failed = mutated(lambda c: c["result"].update(state="refused", error={"code": "X", "message": "m"}, payload=None,
                                                      output_schema_id=None, output_schema_digest=None))
        self.single(op, envelope(op, failed), "result.state is not succeeded", False)

    def test_e1_canary(self) -> None:
        op = "assert-e1-canary-registry"
        tool = BASE["registry"]["tools"][0]
        two = mutated(setter("registry", "tools", [tool, dict(tool, name="zz")]))
        self.single(op, envelope(op, two), "registry.tools does not hold exactly one tool")
        none = mutated(setter("registry", "tools", []))
        with ignoring(GUARD["registry.tools does not have 1 to 16 members"],
                      GUARD["registry.tools does not hold exactly one tool"]):
            # no tools[0] to look at: the refusal stands
            self.refused(op, envelope(op, none), "registry.tools does not hold exactly one tool")
        self.single(op, envelope(op, mutated(lambda c: c["registry"]["tools"][0].update(
            data_classes=["ats_status", "browser_observation", "local_status"]))),
            "registry.tools[].data_classes is not exactly ats_status, local_status")


class Precedence(Case):
    def test_inside_a_document(self) -> None:
        op = "validate-trust"
        c = chain()
        c["trust"]["x"] = 1
        c["trust"]["issued_at"] = 5
        self.refused(op, envelope(op, c), "trust has an unknown member")
        c = chain()
        c["trust"]["schema_id"] = "x"
        c["trust"]["expires_at"] = 5
        self.refused(op, envelope(op, c), "trust.expires_at is missing or is not a string")
        c = chain()
        c["trust"]["schema_id"] = "x"
        c["trust"]["keys"] = []
        self.refused(op, envelope(op, c), "trust.schema_id is not aether.managed-tool-trust/1")

    def test_across_documents(self) -> None:
        op = "check-invocation"
        c = chain()
        c["invocation"]["x"] = 1
        c["registry"]["y"] = 1
        self.refused(op, envelope(op, c), "registry has an unknown member")
        c = chain()
        c["invocation"]["lease_id"] = "other"  # a relation, and the digest
        c["host_lease"]["lease_id"] = "bad id"
        self.refused(op, envelope(op, c), "host_lease.lease_id does not match the ID grammar")

    def test_digest_signature_freshness(self) -> None:
        op = "validate-device-proof"
        c = chain()
        c["device_proof"]["revocation_epoch"] = 4  # digest and signature both broken
        self.refused(op, envelope(op, c), "device_proof.proof_digest does not match the recomputed digest")
        with ignoring(GUARD["device_proof.proof_digest does not match the recomputed digest"]):
            self.refused(op, envelope(op, c), "device_proof.cloud_signature does not verify")
        c = chain()
        c["device_proof"]["account_subject"] = "other"
        self.refused(op, envelope(op, c, now=0), "device_proof.proof_digest does not match the recomputed digest")


if __name__ == "__main__":
    unittest.main()
