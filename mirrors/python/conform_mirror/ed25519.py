"""ed25519/1 · verify: strict Ed25519 verification, pure RFC 8032.

Written from spec/ed25519.md (seed 001, section 6, review decision 1 and
encoding rule 2; RFC 8032 sections 5.1.3 and 5.1.7), standard library only:
``hashlib.sha512`` and integer arithmetic. Input: a JSON value input
``{"key","sig","msg"}``, each a string of lowercase hex of even length. A
valid signature outputs empty bytes.

Rules, in order, the first that fails wins:

1. input shape (``ed25519.type``, no accept path);
2. key 32 bytes, then signature 64 bytes;
3. key canonical: y (the 255 low bits, sign bit masked) below p;
4. key not in libsodium's small-order blocklist (sign bit masked);
5. key decodes to a curve point (RFC 8032 5.1.3);
6. R (the signature's first 32 bytes) not in the blocklist (masked). This
   departs from RFC 8032, which does not screen R; libsodium does;
7. S (the last 32 bytes, little-endian) below L;
8. the **cofactorless** equation: the canonical encoding of [S]B - [k]A, with
   k = SHA-512(R || key || msg) mod L, equals the 32 bytes of R. R is never
   decoded, so an R that is non-canonical or off the curve cannot verify.
   The cofactored check ([8][S]B = [8]R + [8][k]A) is not used: it accepts
   cases this policy must refuse.

Ignored guards of rules 2-7: verification goes on. A key or signature of
the wrong length (rule 2 ignored) cannot be used: its own later rules (3-5
for the key, 6-7 for the signature) are skipped, the others still run, and
rule 8 refuses. An ignored rule 3 decodes
y mod p (as ``edwards25519.Point.SetBytes`` does); a key that is not a point
(rule 5 ignored) cannot be used, and the signature then fails rule 8; an
ignored rule 7 uses S as it is ([S]B = [S mod L]B, B having order L).

The whole value's shape is checked first (rule 1), before any member
rule. Refusal locations: ``ed25519.input`` carries a byte offset;
``ed25519.type`` the pointer ``""``; the key rules ``/key``; the signature
rules and rule 8 ``/sig``.

Arithmetic: extended twisted Edwards coordinates (X:Y:Z:T), x = X/Z,
y = Y/Z, xy = T/Z, with the RFC 8032 5.1.4 addition and doubling formulas
(a = -1). [S]B uses a fixed-base table of j * 16^i * B (64 rows of 15
points, built once); [k](-A) uses a 4-bit window. This code is not constant
time: it verifies public data only.
"""

from __future__ import annotations

import hashlib
import re

from . import jsonvalue
from .refusal import Guard, at_pointer, refuse

# spec/ed25519.md, "Refusals", in table order.
CONTRACT = "ed25519/1"
INPUT = Guard(CONTRACT, "ed25519.input", "input is not valid JSON", ignorable=False)
TYPE = Guard(
    CONTRACT, "ed25519.type", "input is not {key, sig, msg} in lowercase hex", ignorable=False
)
KEY_LENGTH = Guard(CONTRACT, "ed25519.key_length", "public key is not 32 bytes")
SIG_LENGTH = Guard(CONTRACT, "ed25519.sig_length", "signature is not 64 bytes")
KEY_NONCANONICAL = Guard(
    CONTRACT, "ed25519.key_noncanonical", "public key encoding is not canonical"
)
KEY_SMALL_ORDER = Guard(CONTRACT, "ed25519.key_small_order", "public key has small order")
KEY_POINT = Guard(CONTRACT, "ed25519.key_point", "public key is not a point on the curve")
R_SMALL_ORDER = Guard(CONTRACT, "ed25519.r_small_order", "signature R has small order")
S_RANGE = Guard(CONTRACT, "ed25519.s_range", "signature S is not below the group order")
VERIFY = Guard(CONTRACT, "ed25519.verify", "signature does not verify")
GUARDS = (
    INPUT, TYPE, KEY_LENGTH, SIG_LENGTH, KEY_NONCANONICAL, KEY_SMALL_ORDER, KEY_POINT,
    R_SMALL_ORDER, S_RANGE, VERIFY,
)

# Where the rules refuse: the whole input, the key or the signature.
_WHOLE = at_pointer()
_KEY = at_pointer("key")
_SIG = at_pointer("sig")

P = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493
D = -121665 * pow(121666, P - 2, P) % P
D2 = 2 * D % P
SQRT_M1 = pow(2, (P - 1) // 4, P)
_MASK255 = (1 << 255) - 1

# libsodium's small-order blocklist, ge25519_has_small_order in
# src/libsodium/crypto_core/ed25519/ref10/ed25519_ref10.c (1.0.16 to
# 1.0.22-RELEASE), as in ../shared/corpora/ed25519/libsodium_blocklist.json.
# Compared with the sign bit (bit 7 of byte 31) masked on both sides.
BLOCKLIST: tuple[bytes, ...] = tuple(
    bytes.fromhex(h)
    for h in (
        # y = 0, order 4
        "0000000000000000000000000000000000000000000000000000000000000000",
        # y = 1, order 1 (the identity)
        "0100000000000000000000000000000000000000000000000000000000000000",
        # order 8
        "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
        # order 8
        "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
        # y = p-1, order 2
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        # y = p, non-canonical 0, order 4 (shadowed by rule 3)
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        # y = p+1, non-canonical 1, order 1 (shadowed by rule 3)
        "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    )
)
_BLOCKED = frozenset(BLOCKLIST)

_HEX = re.compile(r"(?:[0-9a-f]{2})*")
_MEMBERS = frozenset(("key", "sig", "msg"))


def _masked(encoding: bytes) -> bytes:
    return encoding[:31] + bytes((encoding[31] & 0x7F,))


def small_order(encoding: bytes) -> bool:
    """True if the 32-byte encoding, sign bit masked, is a blocklist entry."""
    return _masked(encoding) in _BLOCKED


def decode_point(encoding: bytes) -> tuple[int, int, int, int] | None:
    """RFC 8032 5.1.3 decoding to extended coordinates, or None.

    y is taken mod p: callers check y < p first (rule 3); only an ignored
    rule 3 gets here with y >= p.
    """
    y = (int.from_bytes(encoding, "little") & _MASK255) % P
    sign = encoding[31] >> 7
    yy = y * y % P
    u = (yy - 1) % P
    v = (D * yy + 1) % P
    v3 = v * v % P * v % P
    x = u * v3 % P * pow(u * v3 % P * v3 % P * v % P, (P - 5) // 8, P) % P
    vxx = v * x % P * x % P
    if vxx != u:
        if vxx != (P - u) % P:
            return None  # x^2 has no square root mod p: not on the curve
        x = x * SQRT_M1 % P
    if x == 0 and sign:
        return None
    if (x & 1) != sign:
        x = P - x
    return (x, y, 1, x * y % P)


def encode_point(X: int, Y: int, Z: int) -> bytes:
    zi = pow(Z, P - 2, P)
    x = X * zi % P
    y = Y * zi % P
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


def _cached(X: int, Y: int, Z: int, T: int) -> tuple[int, int, int, int]:
    """A point in the form the addition formula consumes: (Y-X, Y+X, 2dT, 2Z)."""
    return ((Y - X) % P, (Y + X) % P, D2 * T % P, 2 * Z % P)


def _add(
    X1: int, Y1: int, Z1: int, T1: int, c: tuple[int, int, int, int]
) -> tuple[int, int, int, int]:
    """RFC 8032 5.1.4 addition of an extended point and a cached one."""
    ymx, ypx, t2d, z2 = c
    a = (Y1 - X1) * ymx % P
    b = (Y1 + X1) * ypx % P
    cc = T1 * t2d % P
    dd = Z1 * z2 % P
    e = b - a
    f = dd - cc
    g = dd + cc
    h = b + a
    return e * f % P, g * h % P, f * g % P, e * h % P


def _base_table() -> list[list[tuple[int, int, int, int]]]:
    bx = 15112221349535400772501151409588531511454012693041857206046113283949847762202
    by = 46316835694926478169428394003475163141307993866256225615783033603165251855960
    point = (bx, by, 1, bx * by % P)  # 16^i * B
    rows = []
    for _ in range(64):
        c = _cached(*point)
        row = [c]
        acc = point
        for _ in range(14):
            acc = _add(*acc, c)
            row.append(_cached(*acc))
        rows.append(row)
        # 16 * point = 15 * point + point
        point = _add(*acc, c)
    return rows


_B_TABLE = _base_table()


def _double_scalar_mult(s: int, k: int, a: tuple[int, int, int, int]) -> bytes:
    """The encoding of [s]B + [k]A, for s < 2^256 and k < 2^256."""
    # Cached multiples 1..15 of A (index 0 is never read: a zero nibble
    # adds nothing).
    ca = _cached(*a)
    table = [ca, ca]
    acc = a
    for _ in range(14):
        acc = _add(*acc, ca)
        table.append(_cached(*acc))
    X, Y, Z, T = 0, 1, 1, 0
    p = P
    for shift in range(252, -1, -4):
        if shift != 252:
            # Four doublings (RFC 8032 5.1.4, a = -1); T is only needed
            # after the last one, by the addition.
            for _ in range(4):
                A = X * X % p
                B = Y * Y % p
                C = 2 * Z * Z % p
                H = A + B
                E = H - (X + Y) * (X + Y) % p
                G = A - B
                F = C + G
                X = E * F % p
                Y = G * H % p
                Z = F * G % p
            T = E * H % p
        nibble = (k >> shift) & 15
        if nibble:
            # _add, inlined: this loop is the hot path.
            ymx, ypx, t2d, z2 = table[nibble]
            A = (Y - X) * ymx % p
            B = (Y + X) * ypx % p
            C = T * t2d % p
            D_ = Z * z2 % p
            E = B - A
            F = D_ - C
            G = D_ + C
            H = B + A
            X = E * F % p
            Y = G * H % p
            Z = F * G % p
            T = E * H % p
    for i in range(64):
        nibble = (s >> (4 * i)) & 15
        if nibble:
            ymx, ypx, t2d, z2 = _B_TABLE[i][nibble - 1]
            A = (Y - X) * ymx % p
            B = (Y + X) * ypx % p
            C = T * t2d % p
            D_ = Z * z2 % p
            E = B - A
            F = D_ - C
            G = D_ + C
            H = B + A
            X = E * F % p
            Y = G * H % p
            Z = F * G % p
            T = E * H % p
    return encode_point(X, Y, Z)


def check(key: bytes, sig: bytes, msg: bytes) -> None:
    """Rules 2-8 (spec/ed25519.md, "Rules, in order") on raw bytes; returns
    on a valid signature, else refuses pointing at the key or the
    signature."""
    # An ignored length guard leaves a key or signature that cannot be used,
    # like a key that is not a point: its own rules are skipped and the
    # equation (rule 8) fails.
    key_usable = len(key) == 32
    if not key_usable:
        refuse(KEY_LENGTH, _KEY)
    sig_usable = len(sig) == 64
    if not sig_usable:
        refuse(SIG_LENGTH, _SIG)
    a = None
    if key_usable:
        if int.from_bytes(key, "little") & _MASK255 >= P:
            refuse(KEY_NONCANONICAL, _KEY)  # ignored: y is taken mod p
        if small_order(key):
            refuse(KEY_SMALL_ORDER, _KEY)  # ignored: the key is used
        a = decode_point(key)
        if a is None:
            refuse(KEY_POINT, _KEY)  # ignored: rule 8 fails below
    if sig_usable:
        r = sig[:32]
        if small_order(r):
            refuse(R_SMALL_ORDER, _SIG)  # ignored: R is used
        s = int.from_bytes(sig[32:], "little")
        if s >= L:
            refuse(S_RANGE, _SIG)  # ignored: S is used as it is
    if a is None or not sig_usable:
        refuse(VERIFY, _SIG)
        return
    k = int.from_bytes(hashlib.sha512(r + key + msg).digest(), "little") % L
    x, y, z, t = a
    minus_a = ((P - x) % P, y, z, (P - t) % P)
    if _double_scalar_mult(s, k, minus_a) != r:
        refuse(VERIFY, _SIG)


def verify(data: bytes) -> bytes:
    """``verify``: ``{"key","sig","msg"}`` in lowercase hex, checked by
    rules 1-8 (spec/ed25519.md); returns empty bytes for a valid
    signature."""
    v = jsonvalue.parse(data, INPUT)
    if not (
        type(v) is dict
        and v.keys() == _MEMBERS
        and all(type(v[name]) is str and _HEX.fullmatch(v[name]) for name in _MEMBERS)
    ):
        refuse(TYPE, _WHOLE)
        raise AssertionError("ed25519.type has no accept path")
    check(bytes.fromhex(v["key"]), bytes.fromhex(v["sig"]), bytes.fromhex(v["msg"]))
    return b""


OPERATIONS = {"verify": verify}
