"""toolhost/1 (spec/toolhost.md): the base chain of section 8.3, its test
keys (section 8.2) and its sealing (section 8.4), rebuilt here
independently of the mirror's module, and the 21 operations' outputs on it.

The other toolhost tests import the helpers of this file: ``chain()`` (a
fresh copy of the base chain), ``seal(chain, keep)`` (section 8.4's
resealing, leaving the members a mutation set), ``envelope(op, chain,
...)`` (an operation's input) and ``run(op, data)``. Digests here are
computed with ``json.dumps`` as JCS (enough for the ASCII member names and
integers of the chain) and signatures with an RFC 8032 signer over the
mirror's curve arithmetic; both are anchored by the spec's own bytes: the
base chain's digests and signatures, and the public keys of section 8.2,
are reproduced exactly.
"""

from __future__ import annotations

import base64
import copy
import hashlib
import json
import re
import sys
import unittest
from pathlib import Path
from typing import Any, Iterable, Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import ed25519, toolhost  # noqa: E402
from conform_mirror.refusal import Refusal  # noqa: E402

REPO = Path(__file__).resolve().parents[3]
SPEC = (REPO / "spec" / "toolhost.md").read_text("utf-8")
NOW = 1790080205000  # section 8.3, 2026-09-22T12:30:05.000Z
MAX_SAFE = 9007199254740991


def _section(title: str, following: str) -> str:
    start = SPEC.index(title)
    return SPEC[start:SPEC.index(following, start)]


_BASE_TEXT = _section("### 8.3 Canonical instances", "### 8.4 Sealing")
BASE: dict[str, Any] = json.loads(re.search(r"```json\n(.*?)```", _BASE_TEXT, re.S).group(1))  # type: ignore[union-attr]
# Section 8.3: the 21 operations' outputs on the base chain.
OUTPUTS: dict[str, bytes] = {
    op: text.encode("ascii")
    for op, text in re.findall(r"- `([a-z0-9-]+)`:\n\n      (\{.*?\})\n", _BASE_TEXT)
}
# The Operations table: each operation's envelope members, in order.
ENVELOPES: dict[str, tuple[str, ...]] = {
    op: tuple(m.strip() for m in members.split(","))
    for op, members in re.findall(r"\| `([a-z0-9-]+)` \| `json-value` \| `\{([^}]*)\}`", SPEC)
}
SCHEMA_IDS = {
    "trust": "aether.managed-tool-trust/1",
    "device_proof": "aether.managed-tool-device-proof/1",
    "host_open_proof": "aether.managed-tool-host-open-proof/1",
    "observer_channel_receipt": "aether.managed-tool-observer-channel-receipt/1",
    "runtime_capability": "aether.managed-tool-runtime-capability/1",
    "registry": "aether.managed-tool-registry/1",
    "host_lease": "aether.managed-tool-host-lease/1",
    "invocation": "aether.managed-tool-invocation/1",
    "cancellation": "aether.managed-tool-cancellation/1",
    "result": "aether.managed-tool-result/1",
    "workspace_status_input": "aether.managed-tool-workspace-status-input/1",
    "workspace_status": "aether.managed-tool-workspace-status/1",
}

# ----------------------------------------------------------- test keys


def b64u(data: bytes) -> str:
    """Unpadded base64url (RFC 4648 section 5)."""
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def unb64u(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def seed(label: str) -> bytes:
    """Section 8.2: SHA-256 of the label's phrase. NOT FOR PRODUCTION."""
    return hashlib.sha256(f"conform toolhost/1 test key {label} NOT FOR PRODUCTION".encode("ascii")).digest()


def _base_mult(scalar: int) -> bytes:
    # [scalar]B through the mirror's double scalar multiplication with k = 0.
    return ed25519._double_scalar_mult(scalar, 0, (0, 1, 1, 0))


def _expand(secret: bytes) -> tuple[int, bytes]:
    digest = hashlib.sha512(secret).digest()
    a = int.from_bytes(digest[:32], "little")
    a &= (1 << 254) - 8
    a |= 1 << 254
    return a, digest[32:]


def public_key(label: str) -> bytes:
    """RFC 8032 section 5.1.5 public key of a test key."""
    a, _ = _expand(seed(label))
    return _base_mult(a)


def sign(label: str, message: bytes) -> bytes:
    """RFC 8032 section 5.1.6 signature with a test key."""
    a, prefix = _expand(seed(label))
    key = _base_mult(a)
    r = int.from_bytes(hashlib.sha512(prefix + message).digest(), "little") % ed25519.L
    big_r = _base_mult(r)
    k = int.from_bytes(hashlib.sha512(big_r + key + message).digest(), "little") % ed25519.L
    s = (r + k * a) % ed25519.L
    return big_r + s.to_bytes(32, "little")


LABELS = ("cloud-a", "cloud-b", "device-a", "device-b")
PUBLIC = {label: b64u(public_key(label)) for label in LABELS}
CHALLENGE = b64u(hashlib.sha256(b"conform toolhost/1 challenge NOT FOR PRODUCTION").digest())

# ------------------------------------------------------------- sealing


def jcs(value: Any) -> bytes:
    """JCS of a value of ASCII member names, strings and Python ints."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def H(prefix: str, value: Any) -> str:
    return "sha256:" + hashlib.sha256(prefix.encode("ascii") + b"\n" + jcs(value)).hexdigest()


def without(doc: dict[str, Any], *names: str) -> dict[str, Any]:
    return {k: v for k, v in doc.items() if k not in names}


def chain() -> dict[str, Any]:
    """A fresh deep copy of the base chain."""
    return copy.deepcopy(BASE)


def seal(c: dict[str, Any], keep: Iterable[str] = ()) -> dict[str, Any]:
    """Section 8.4: recompute every digest and signature of the chain ``c``
    in order, except the members named in ``keep`` (``"doc.member"``, the
    ones a mutation set). Returns ``c``."""
    kept = set(keep)

    def put(doc: dict[str, Any], name: str, member: str, value: Any) -> None:
        if f"{name}.{member}" not in kept:
            doc[member] = value

    registry, proof, lease, hop = c["registry"], c["device_proof"], c["host_lease"], c["host_open_proof"]
    put(registry, "registry", "registry_digest", H(SCHEMA_IDS["registry"], without(registry, "registry_digest")))
    put(proof, "device_proof", "proof_digest",
        H(SCHEMA_IDS["device_proof"], without(proof, "proof_digest", "cloud_signature")))
    signer = {"cloud-a": "cloud-a", "cloud-b": "cloud-b"}
    if proof.get("key_id") in signer:
        body = SCHEMA_IDS["device_proof"].encode() + b"\n" + jcs(without(proof, "cloud_signature"))
        put(proof, "device_proof", "cloud_signature", b64u(sign(signer[proof["key_id"]], body)))
    put(lease, "host_lease", "registry_digest", registry["registry_digest"])
    if lease.get("key_id") in signer:
        body = SCHEMA_IDS["host_lease"].encode() + b"\n" + jcs(without(lease, "cloud_signature"))
        put(lease, "host_lease", "cloud_signature", b64u(sign(signer[lease["key_id"]], body)))
    put(hop, "host_open_proof", "registry_digest", registry["registry_digest"])
    put(hop, "host_open_proof", "device_proof_digest",
        H(SCHEMA_IDS["device_proof"], without(proof, "proof_digest", "cloud_signature")))
    device = {PUBLIC["device-a"]: "device-a", PUBLIC["device-b"]: "device-b"}.get(proof.get("device_public_key"))
    if device is not None:
        body = b"aether.managed-tool-host-open/1\n" + jcs(without(hop, "schema_id", "device_signature"))
        put(hop, "host_open_proof", "device_signature", b64u(sign(device, body)))
    inv = c["invocation"]
    put(inv, "invocation", "arguments_digest", H("aether.managed-tool-arguments/1", inv["arguments"]))
    put(inv, "invocation", "invocation_digest", H(SCHEMA_IDS["invocation"], without(inv, "invocation_digest")))
    result = c["result"]
    payload = result["payload"]
    if isinstance(payload, dict):
        put(payload, "workspace_status", "status_digest",
            H(SCHEMA_IDS["workspace_status"], without(payload, "status_digest")))
    put(result, "result", "bounded_bytes", 0 if payload is None else len(jcs(payload)))
    put(result, "result", "invocation_digest", inv["invocation_digest"])
    put(result, "result", "result_digest", H(SCHEMA_IDS["result"], without(result, "result_digest")))
    cancellation = c["cancellation"]
    put(cancellation, "cancellation", "target_invocation_digest", inv["invocation_digest"])
    put(cancellation, "cancellation", "cancellation_digest",
        H(SCHEMA_IDS["cancellation"], without(cancellation, "cancellation_digest")))
    capability, receipt = c["runtime_capability"], c["observer_channel_receipt"]
    put(capability, "runtime_capability", "capability_digest",
        H(SCHEMA_IDS["runtime_capability"], without(capability, "capability_digest")))
    put(receipt, "observer_channel_receipt", "capability_digest", capability["capability_digest"])
    put(receipt, "observer_channel_receipt", "receipt_digest",
        H(SCHEMA_IDS["observer_channel_receipt"], without(receipt, "receipt_digest")))
    return c


# ------------------------------------------------------------ envelopes


class Raw:
    """A JSON text written as it is (a number literal such as ``1.0``)."""

    def __init__(self, text: str) -> None:
        self.text = text


def dumps(value: Any) -> str:
    """Compact JSON, ASCII (non-ASCII as escapes, lone surrogates kept),
    with Raw texts written as they are."""
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, dict):
        return "{" + ",".join(dumps(k) + ":" + dumps(v) for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(dumps(v) for v in value) + "]"
    return json.dumps(value)


def envelope(op: str, c: Optional[dict[str, Any]] = None, now: Any = NOW, challenge: Any = CHALLENGE,
             extra: Optional[dict[str, Any]] = None, **members: Any) -> bytes:
    """The input of ``op``: its envelope members (the Operations table)
    from the chain ``c`` (the base chain by default), ``now`` and
    ``challenge``; ``members`` and ``extra`` replace or add members."""
    c = chain() if c is None else c
    docs = dict(c)
    docs["workspace_status_input"] = c["invocation"]["arguments"]
    docs["workspace_status"] = c["result"]["payload"]
    docs["now"] = now
    docs["challenge"] = challenge
    env = {name: docs[name] for name in ENVELOPES[op]}
    env.update(members)
    env.update(extra or {})
    return dumps(env).encode("ascii")


def run(op: str, data: bytes) -> tuple[str, Any]:
    """("ok", output bytes) or ("refused", message)."""
    try:
        return "ok", toolhost.OPERATIONS[op](data)
    except Refusal as refusal:
        return "refused", refusal.message


class BaseChain(unittest.TestCase):
    def test_the_spec_gives_all_21_outputs_and_envelopes(self) -> None:
        self.assertEqual(sorted(OUTPUTS), sorted(toolhost.OPERATIONS))
        self.assertEqual(sorted(ENVELOPES), sorted(toolhost.OPERATIONS))

    def test_test_keys_are_the_spec_s(self) -> None:
        # Section 8.2's table.
        table = dict(re.findall(r"\| `([a-z-]+)` \| [^|]* \| `([A-Za-z0-9_-]{43})` \|", SPEC))
        self.assertEqual(table, PUBLIC)
        self.assertEqual(CHALLENGE, BASE["host_open_proof"]["challenge"])
        self.assertEqual(BASE["trust"]["keys"][0]["public_key"], PUBLIC["cloud-a"])
        self.assertEqual(BASE["device_proof"]["device_public_key"], PUBLIC["device-a"])

    def test_sealing_reproduces_the_base_chain(self) -> None:
        # Every digest and signature of section 8.3, recomputed (Ed25519
        # signatures are deterministic).
        self.assertEqual(seal(chain()), BASE)

    def test_signer_signs_what_verify_accepts(self) -> None:
        for label in LABELS:
            message = label.encode() * 3
            self.assertTrue(toolhost._equation(public_key(label), sign(label, message), message))
            self.assertFalse(toolhost._equation(public_key(label), sign(label, message), message + b"x"))

    def test_outputs(self) -> None:
        for op in toolhost.OPERATIONS:
            with self.subTest(op=op):
                self.assertEqual(run(op, envelope(op)), ("ok", OUTPUTS[op]))

    def test_outputs_are_jcs_of_the_verdict(self) -> None:
        # Section 1.10: printable ASCII, no whitespace, members sorted.
        for op in toolhost.OPERATIONS:
            out = toolhost.OPERATIONS[op](envelope(op))
            value = json.loads(out)
            self.assertEqual(jcs(value), out)
            self.assertRegex(out.decode("ascii"), r"^[\x21-\x7e]+$")


if __name__ == "__main__":
    unittest.main()
