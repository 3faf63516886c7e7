"""ed25519/1 · verify (spec/ed25519.md): the rules in order, their ignore
semantics, RFC 8032 vectors, and the three corpora of
../shared/corpora/ed25519 under this policy (a missing corpus fails)."""

from __future__ import annotations

import hashlib
import json
import sys
import time
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from corpora import CORPORA  # noqa: E402
from conform_mirror import ed25519  # noqa: E402
from conform_mirror.ed25519 import BLOCKLIST, L, P  # noqa: E402
from conform_mirror.refusal import Refusal, ignoring  # noqa: E402
from conform_mirror.ed25519 import (  # noqa: E402
    KEY_LENGTH as ED25519_KEY_LENGTH,
    KEY_NONCANONICAL as ED25519_KEY_NONCANONICAL,
    KEY_POINT as ED25519_KEY_POINT,
    KEY_SMALL_ORDER as ED25519_KEY_SMALL_ORDER,
    R_SMALL_ORDER as ED25519_R_SMALL_ORDER,
    S_RANGE as ED25519_S_RANGE,
    SIG_LENGTH as ED25519_SIG_LENGTH,
    TYPE as ED25519_TYPE,
    VERIFY as ED25519_VERIFY,
)

CORPUS = CORPORA / "ed25519"

# RFC 8032 section 7.1, tests 1-3 (key, message, signature).
RFC8032 = [
    ("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
    ("3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
    ("fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"),
]
KEY, MSG, SIG = RFC8032[1]


def request(key: str, sig: str, msg: str) -> bytes:
    return json.dumps({"key": key, "sig": sig, "msg": msg}).encode("ascii")


def verdict(key: str, sig: str, msg: str) -> str:
    try:
        ed25519.verify(request(key, sig, msg))
    except Refusal as refusal:
        return refusal.code
    return "ok"


def le(n: int) -> str:
    return n.to_bytes(32, "little").hex()


def with_sign(hex32: str, sign: int) -> str:
    raw = bytearray(bytes.fromhex(hex32))
    raw[31] = (raw[31] & 0x7F) | (sign << 7)
    return raw.hex()


def not_on_curve_y() -> int:
    y = 2
    while ed25519.decode_point(y.to_bytes(32, "little")) is not None:
        y += 1
    return y


class Rules(unittest.TestCase):
    def assertVerdict(self, key: str, sig: str, msg: str, guard) -> None:
        expected = "ok" if guard is None else guard.code
        self.assertEqual(verdict(key, sig, msg), expected, msg=f"key={key} sig={sig[:64]}")

    def test_rfc8032_vectors(self) -> None:
        for key, msg, sig in RFC8032:
            self.assertEqual(ed25519.verify(request(key, sig, msg)), b"")
            # any changed bit of the message, R, S or key fails
            self.assertVerdict(key, sig, msg + "00", ED25519_VERIFY)
            flipped_r = bytearray(bytes.fromhex(sig))
            flipped_r[0] ^= 1
            self.assertNotEqual(verdict(key, flipped_r.hex(), msg), "ok")
            flipped_s = bytearray(bytes.fromhex(sig))
            flipped_s[40] ^= 1
            self.assertNotEqual(verdict(key, flipped_s.hex(), msg), "ok")

    def test_type(self) -> None:
        for text in [b"[]", b'"x"', b"{}", b'{"key":"","sig":""}',
                     b'{"key":"","sig":"","msg":"","x":""}', b'{"key":1,"sig":"","msg":""}',
                     b'{"key":"AB","sig":"","msg":""}', b'{"key":"abc","sig":"","msg":""}',
                     b'{"key":" ab","sig":"","msg":""}', b'{"key":"ab\\n","sig":"","msg":""}',
                     b'{"key":"\\uff10\\uff10","sig":"","msg":""}', b'{"key":null,"sig":"","msg":""}',
                     request(KEY.upper(), SIG, MSG)]:
            with self.assertRaises(Refusal, msg=text) as cm:
                ed25519.verify(text)
            self.assertEqual(cm.exception.guard, ED25519_TYPE)
        with ignoring(ED25519_TYPE), self.assertRaises(Refusal):
            ed25519.verify(request(KEY.upper(), SIG, MSG))

    def test_lengths(self) -> None:
        for n in (0, 31, 33, 64):
            self.assertVerdict("00" * n, SIG, MSG, ED25519_KEY_LENGTH)
        for n in (0, 32, 63, 65, 128):
            self.assertVerdict(KEY, "00" * n, MSG, ED25519_SIG_LENGTH)
        self.assertVerdict("00" * 31, "00" * 63, MSG, ED25519_KEY_LENGTH)  # key first
        self.assertVerdict(KEY, SIG + "00", MSG, ED25519_SIG_LENGTH)  # trailing garbage
        # ignored: the key or signature cannot be used, and rule 8 fails
        with ignoring(ED25519_KEY_LENGTH):
            self.assertVerdict(KEY + "00", SIG, MSG, ED25519_VERIFY)
            self.assertVerdict(KEY[:-2], SIG, MSG, ED25519_VERIFY)
            self.assertVerdict(KEY[:-2], SIG[:-2], MSG, ED25519_SIG_LENGTH)
        with ignoring(ED25519_SIG_LENGTH):
            self.assertVerdict(KEY, SIG + "00", MSG, ED25519_VERIFY)
            self.assertVerdict("00" * 32, SIG[:-2], MSG, ED25519_KEY_SMALL_ORDER)  # key rules still run

    def test_key_noncanonical(self) -> None:
        for y in range(P, P + 19):
            for sign in (0, 1):
                self.assertVerdict(with_sign(le(y), sign), SIG, MSG, ED25519_KEY_NONCANONICAL)
        self.assertVerdict(le(P - 1), SIG, MSG, ED25519_KEY_SMALL_ORDER)  # y = p-1 is canonical

    def test_key_small_order(self) -> None:
        for entry in BLOCKLIST:
            for sign in (0, 1):
                key = with_sign(entry.hex(), sign)
                y = int.from_bytes(bytes.fromhex(key), "little") & ((1 << 255) - 1)
                # the two non-canonical entries (y = p, p+1) are shadowed by rule 3
                expected = ED25519_KEY_NONCANONICAL if y >= P else ED25519_KEY_SMALL_ORDER
                self.assertVerdict(key, SIG, MSG, expected)
        with ignoring(ED25519_KEY_NONCANONICAL):
            self.assertVerdict(le(P), SIG, MSG, ED25519_KEY_SMALL_ORDER)
            self.assertVerdict(with_sign(le(P + 1), 1), SIG, MSG, ED25519_KEY_SMALL_ORDER)

    def test_key_point(self) -> None:
        y = not_on_curve_y()
        for sign in (0, 1):
            self.assertVerdict(with_sign(le(y), sign), SIG, MSG, ED25519_KEY_POINT)
        # x = 0 with the sign bit set: only y = 1 and p-1, already refused;
        # with the blocklist ignored, RFC 8032 decoding refuses them
        with ignoring(ED25519_KEY_SMALL_ORDER):
            self.assertVerdict(with_sign(le(1), 1), SIG, MSG, ED25519_KEY_POINT)
            self.assertVerdict(with_sign(le(P - 1), 1), SIG, MSG, ED25519_KEY_POINT)
            self.assertVerdict(le(1), SIG, MSG, ED25519_VERIFY)
        # ignored: a key that is not a point cannot be used; later rules still run
        with ignoring(ED25519_KEY_POINT):
            self.assertVerdict(le(y), SIG, MSG, ED25519_VERIFY)
            self.assertVerdict(le(y), BLOCKLIST[0].hex() + SIG[64:], MSG, ED25519_R_SMALL_ORDER)

    def test_key_noncanonical_ignored_decodes_y_mod_p(self) -> None:
        with ignoring(ED25519_KEY_NONCANONICAL):
            for k in range(2, 19):
                on_curve = ed25519.decode_point(k.to_bytes(32, "little")) is not None
                expected = ED25519_VERIFY if on_curve else ED25519_KEY_POINT
                for sign in (0, 1):
                    self.assertVerdict(with_sign(le(P + k), sign), SIG, MSG, expected)
                    if on_curve:
                        self.assertEqual(ed25519.decode_point(bytes.fromhex(with_sign(le(P + k), sign))),
                                         ed25519.decode_point(bytes.fromhex(with_sign(le(k), sign))))

    def test_r_small_order(self) -> None:
        for entry in BLOCKLIST:
            for sign in (0, 1):
                sig = with_sign(entry.hex(), sign) + SIG[64:]
                self.assertVerdict(KEY, sig, MSG, ED25519_R_SMALL_ORDER)
        # the review's forgery: all-zero key, R = identity, S = 0
        self.assertVerdict("00" * 32, le(1) + "00" * 32, "", ED25519_KEY_SMALL_ORDER)
        with ignoring(ED25519_KEY_SMALL_ORDER):
            self.assertVerdict("00" * 32, le(1) + "00" * 32, "", ED25519_R_SMALL_ORDER)
        # a cofactored or RFC-only verifier accepts it; the equation alone
        # refuses it too ([0]B - [k]A is the identity only if [k]A is)
        with ignoring(ED25519_KEY_SMALL_ORDER, ED25519_R_SMALL_ORDER):
            k = int.from_bytes(hashlib.sha512(bytes.fromhex(le(1)) + bytes(32)).digest(), "little") % L
            expected = "ok" if k % 4 == 0 else ED25519_VERIFY.code
            self.assertEqual(verdict("00" * 32, le(1) + "00" * 32, ""), expected)

    def test_s_range(self) -> None:
        r = SIG[:64]
        s = int.from_bytes(bytes.fromhex(SIG[64:]), "little")
        self.assertVerdict(KEY, r + le(L), MSG, ED25519_S_RANGE)
        self.assertVerdict(KEY, r + le(L - 1), MSG, ED25519_VERIFY)
        self.assertVerdict(KEY, r + le(s + L), MSG, ED25519_S_RANGE)
        self.assertVerdict(KEY, r + "ff" * 32, MSG, ED25519_S_RANGE)
        # ignored: S is used as it is, and [S + L]B = [S]B
        with ignoring(ED25519_S_RANGE):
            self.assertVerdict(KEY, r + le(s + L), MSG, None)
            self.assertVerdict(KEY, r + le(s + 2 * L), MSG, None)
            self.assertVerdict(KEY, r + le(L), MSG, ED25519_VERIFY)

    def test_precedence(self) -> None:
        small_r = BLOCKLIST[2].hex()
        self.assertVerdict(le(P), small_r + le(L), MSG, ED25519_KEY_NONCANONICAL)
        self.assertVerdict(BLOCKLIST[0].hex(), small_r + le(L), MSG, ED25519_KEY_SMALL_ORDER)
        self.assertVerdict(le(not_on_curve_y()), small_r + le(L), MSG, ED25519_KEY_POINT)
        self.assertVerdict(KEY, small_r + le(L), MSG, ED25519_R_SMALL_ORDER)
        self.assertVerdict(KEY, SIG[:64] + le(L), MSG, ED25519_S_RANGE)

    def test_encoder_round_trips_the_canonical_blocklist_points(self) -> None:
        for entry in BLOCKLIST[:5]:
            point = ed25519.decode_point(entry)
            assert point is not None
            self.assertEqual(ed25519.encode_point(point[0], point[1], 1), entry)

    def test_cofactorless_refuses_what_the_cofactored_check_accepts(self) -> None:
        # A mixed-order key A = [a]B + T (T of order 8) and an honest-looking
        # signature R = [r]B, S = r + k*a: [S]B - [k]A = R - [k]T, which is R
        # only when 8 divides k. The cofactored check accepts every one.
        t = ed25519.decode_point(BLOCKLIST[2])
        assert t is not None
        a, r = 0x1234567 * 2**200 + 89, 0x7654321 * 2**180 + 12345
        key = ed25519._double_scalar_mult(a, 1, t)  # [a]B + [1]T
        big_r = ed25519._double_scalar_mult(r, 0, t)  # [r]B
        outcomes: dict[bool, str] = {}
        for i in range(64):
            msg = bytes([i])
            k = int.from_bytes(hashlib.sha512(big_r + key + msg).digest(), "little") % L
            sig = big_r + ((r + k * a) % L).to_bytes(32, "little")
            outcomes.setdefault(k % 8 == 0, verdict(key.hex(), sig.hex(), msg.hex()))
            self.assertEqual(verdict(key.hex(), sig.hex(), msg.hex()),
                             "ok" if k % 8 == 0 else ED25519_VERIFY.code)
        self.assertEqual(outcomes, {True: "ok", False: ED25519_VERIFY.code})

    def test_speed(self) -> None:
        key, sig, msg = (bytes.fromhex(x) for x in (KEY, SIG, MSG))
        ed25519.check(key, sig, msg)
        n = 100
        start = time.process_time()
        for _ in range(n):
            ed25519.check(key, sig, msg)
        rate = n / max(time.process_time() - start, 1e-9)
        print(f"\ned25519 verify: {rate:.0f} verifies/s (CPU time)", file=sys.stderr)
        self.assertGreater(rate, 50)


def load(path: Path):
    if not path.is_file():
        raise AssertionError(f"corpus file missing: {path}")
    return json.loads(path.read_text("utf-8"))


class Wycheproof(unittest.TestCase):
    # Every flag the loader knows; none changes the verdict (spec/ed25519.md).
    KNOWN_FLAGS = {"CompressedSignature", "InvalidEncoding", "InvalidKtv", "InvalidSignature", "Ktv",
                   "SignatureMalleability", "SignatureWithGarbage", "TinkOverflow", "TruncatedSignature",
                   "Valid"}

    def check_file(self, name: str, count: int, key_of) -> None:
        data = load(CORPUS / "wycheproof" / name)
        cases = [(group, test) for group in data["testGroups"] for test in group["tests"]]
        self.assertEqual(len(cases), count)
        self.assertEqual(data["numberOfTests"], count)
        wrong = []
        for group, test in cases:
            unknown = set(test.get("flags", [])) - self.KNOWN_FLAGS
            self.assertEqual(unknown, set(), msg=f"unknown flag in {name} tcId {test['tcId']}")
            self.assertIn(test["result"], ("valid", "invalid"))
            got = verdict(key_of(group), test["sig"], test["msg"])
            if (got == "ok") != (test["result"] == "valid"):
                wrong.append((test["tcId"], test["result"], got, test["comment"]))
        self.assertEqual(wrong, [])

    def test_v1(self) -> None:
        self.check_file("ed25519_test.json", 151, lambda g: g["publicKey"]["pk"])

    def test_legacy(self) -> None:
        self.check_file("eddsa_test_legacy.json", 145, lambda g: g["key"]["pk"])


class CCTV(unittest.TestCase):
    REFUSE = {"low_order_A", "non_canonical_A", "low_order_R", "non_canonical_R", "low_order_residue"}
    # mixed-order points are not screened; the reencoded k changes nothing
    NEUTRAL = {"low_order_component_A", "low_order_component_R", "reencoded_k"}

    def test_vectors(self) -> None:
        data = load(CORPUS / "cctv" / "ed25519vectors.json")
        self.assertEqual(len(data), 914)
        wrong = []
        counts: dict[str, int] = {}
        for entry in data:
            flags = set(entry.get("flags") or [])
            self.assertEqual(flags - self.REFUSE - self.NEUTRAL, set(), msg=f"unknown flag, {entry['number']}")
            got = verdict(entry["key"], entry["sig"], entry["msg"].encode("ascii").hex())
            counts[got] = counts.get(got, 0) + 1
            if (got == "ok") != (not flags & self.REFUSE):
                wrong.append((entry["number"], sorted(flags), got))
        self.assertEqual(wrong, [])
        self.assertEqual(counts, {
            "ok": 43, "ed25519.key_small_order": 370, "ed25519.r_small_order": 282,
            "ed25519.key_noncanonical": 156, "ed25519.verify": 63,
        })


class Speccheck(unittest.TestCase):
    # The 12 cases of "Taming the many EdDSAs" (index = array order): this
    # mirror's verdict under the policy, and why.
    EXPECTED = [
        ("ed25519.key_small_order", "A is an order-8 point (blocklist, sign bit set), R too, S = 0"),
        ("ed25519.key_small_order", "A is an order-8 point (blocklist)"),
        ("ed25519.r_small_order", "R is an order-8 point (blocklist, sign bit set); A is mixed-order"),
        ("ok", "mixed-order A and R: both the cofactored and the cofactorless equation hold"),
        ("ed25519.verify", "mixed-order A: only the cofactored equation holds"),
        ("ed25519.verify", "mixed-order A: only the cofactored equation holds (k reduced differently)"),
        ("ed25519.s_range", "S is above L (S + L)"),
        ("ed25519.s_range", "S is far above L"),
        ("ed25519.r_small_order", "R is y = p-1 with the sign bit set (x = 0): masked, a blocklist entry"),
        ("ed25519.r_small_order", "R is y = p-1 with the sign bit set (x = 0): masked, a blocklist entry"),
        ("ed25519.key_small_order", "A is y = p-1 with the sign bit set: masked, a blocklist entry"),
        ("ed25519.key_small_order", "A is y = p-1 with the sign bit set: masked, a blocklist entry"),
    ]

    def test_cases(self) -> None:
        data = load(CORPUS / "speccheck" / "cases.json")
        self.assertEqual(len(data), 12)
        got = [verdict(c["pub_key"], c["signature"], c["message"]) for c in data]
        self.assertEqual(got, [code for code, _ in self.EXPECTED])


if __name__ == "__main__":
    unittest.main()
