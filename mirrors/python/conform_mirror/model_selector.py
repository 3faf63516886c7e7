"""model-selector/1: the atoma model selector grammar and who paid per tier.

Written from spec/model-selector.md (seed 000, "contracts — AGENTS.md",
"Model selectors and who paid for a run" and "Publication receipts"):

- a selector is ``<mode>:<vendor>:<model>``, split at its first two colons,
  the model verbatim (colons kept); the rules in order: two colons
  (segments), the mode api/sub/own, the vendor anthropic/google/ollama/
  openai, a non-empty model, and no sub/own Ollama selector;
- transportOf: ``<vendor>-subscription`` for sub and own, else
  ``ollama-selfhosted`` for Ollama, else ``<vendor>-api``;
- payerForSelector: sub host-subscription, own principal-subscription,
  else host-selfhosted for Ollama, org-key when the organisation brought
  the vendor's key (``org_keys``), else host-key;
- readTierSelectors: ATOMA_MODEL_L1..L3, each required, no default;
- run-payers: three rows; a sub/own selector only from an account pin;
- the 40 lowercase hex commit sha and the receipt's required, nullable
  ``baseSha``.

Output: compact ASCII JSON, members in the spec's order, every UTF-16 unit
outside U+0020-U+007E as ``\\u`` and four lowercase hex digits.
"""

from __future__ import annotations

import re
from typing import Any, NoReturn

from . import jsonvalue
from .refusal import Guard, Refusal, refuse

# spec/model-selector.md, "Refusals", in table order.
CONTRACT = "model-selector/1"
INPUT = Guard(CONTRACT, "model-selector.input", "input is not valid JSON", ignorable=False)
TYPE = Guard(CONTRACT, "model-selector.type", "value is not of the JSON type the operation reads",
             ignorable=False)
UNKNOWN_MEMBER = Guard(CONTRACT, "model-selector.unknown_member", "object has a member outside its shape")
MISSING_MEMBER = Guard(CONTRACT, "model-selector.missing_member", "object lacks a member of its shape")
SELECTOR = Guard(CONTRACT, "model-selector.selector", "selector is not a string", ignorable=False)
SEGMENTS = Guard(CONTRACT, "model-selector.segments", "selector is not mode:vendor:model")
MODE = Guard(CONTRACT, "model-selector.mode", "selector mode is not api, sub or own")
VENDOR = Guard(CONTRACT, "model-selector.vendor",
               "selector vendor is not anthropic, google, ollama or openai")
MODEL = Guard(CONTRACT, "model-selector.model", "selector model is empty")
OLLAMA = Guard(CONTRACT, "model-selector.ollama", "an ollama selector is not an api selector")
ORG_KEYS = Guard(CONTRACT, "model-selector.org_keys", "org_keys is not an array of vendors")
PIN = Guard(CONTRACT, "model-selector.pin",
            "a tier pin ATOMA_MODEL_L1, ATOMA_MODEL_L2 or ATOMA_MODEL_L3 is not set")  # stands: _stand
LEVEL = Guard(CONTRACT, "model-selector.level", "level is not account, org or host")
ADMISSIBLE = Guard(CONTRACT, "model-selector.admissible",
                   "a subscription selector is admissible from an account pin only")
COMMIT_SHA = Guard(CONTRACT, "model-selector.commit_sha", "commit sha is not 40 lowercase hex digits")
BASE_SHA = Guard(CONTRACT, "model-selector.base_sha", "baseSha is not null or 40 lowercase hex digits")
GUARDS = (INPUT, TYPE, UNKNOWN_MEMBER, MISSING_MEMBER, SELECTOR, SEGMENTS, MODE, VENDOR, MODEL,
          OLLAMA, ORG_KEYS, PIN, LEVEL, ADMISSIBLE, COMMIT_SHA, BASE_SHA)

MODES = ("api", "sub", "own")
VENDORS = ("anthropic", "google", "ollama", "openai")
LEVELS = ("account", "org", "host")
TIERS = (("l1", "ATOMA_MODEL_L1"), ("l2", "ATOMA_MODEL_L2"), ("l3", "ATOMA_MODEL_L3"))
_SHA = re.compile(r"[0-9a-f]{40}")


def _stand(guard: Guard) -> NoReturn:
    """A refusal that stands whether or not its guard is ignored (a type)."""
    raise Refusal(guard, None)


_q = jsonvalue.quote_units


def _parse_selector(s: str) -> tuple[str, str, str]:
    """The grammar, rules 1 to 5; returns (mode, vendor, model)."""
    first = s.find(":")
    second = s.find(":", first + 1) if first >= 0 else -1
    if second < 0:
        refuse(SEGMENTS)  # ignored: the missing segments are empty
        if first < 0:
            mode, vendor, model = s, "", ""
        else:
            mode, vendor, model = s[:first], s[first + 1:], ""
    else:
        mode, vendor, model = s[:first], s[first + 1:second], s[second + 1:]
    if mode not in MODES:
        refuse(MODE)
    if vendor not in VENDORS:
        refuse(VENDOR)
    if model == "":
        refuse(MODEL)
    if vendor == "ollama" and mode in ("sub", "own"):
        refuse(OLLAMA)
    return mode, vendor, model


def _transport(mode: str, vendor: str) -> str:
    if mode in ("sub", "own"):
        return vendor + "-subscription"
    return "ollama-selfhosted" if vendor == "ollama" else vendor + "-api"


def _payer(mode: str, vendor: str, org_keys: list[str]) -> str:
    if mode == "sub":
        return "host-subscription"
    if mode == "own":
        return "principal-subscription"
    if vendor == "ollama":
        return "host-selfhosted"
    return "org-key" if vendor in org_keys else "host-key"


def _parsed(sel: tuple[str, str, str]) -> str:
    mode, vendor, model = sel
    return '{"mode":%s,"vendor":%s,"model":%s}' % (_q(mode), _q(vendor), _q(model))


def _string_input(data: bytes) -> str:
    v = jsonvalue.parse(data, INPUT)
    if not isinstance(v, str):
        _stand(TYPE)
    return v


def _closed(v: object, names: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(v, dict):
        _stand(TYPE)
    if any(k not in names for k in v):
        refuse(UNKNOWN_MEMBER)
    return v


def _present(o: dict[str, Any], name: str, type_guard: Guard) -> object:
    """Member ``name`` of ``o``; absent is MISSING_MEMBER, and ignored the
    member's type refuses it (standing)."""
    if name not in o:
        refuse(MISSING_MEMBER)
        _stand(type_guard)
    return o[name]


def _selector(o: dict[str, Any]) -> tuple[str, tuple[str, str, str]]:
    s = _present(o, "selector", SELECTOR)
    if not isinstance(s, str):
        _stand(SELECTOR)
    return s, _parse_selector(s)


def _org_keys(o: dict[str, Any]) -> list[str]:
    a = _present(o, "org_keys", ORG_KEYS)
    if not isinstance(a, list):
        _stand(ORG_KEYS)
    for e in a:
        if not isinstance(e, str):
            _stand(ORG_KEYS)
        if e not in VENDORS:
            refuse(ORG_KEYS)
    return a


def parse(data: bytes) -> bytes:
    """parseModelSelector: {"mode","vendor","model"}."""
    return _parsed(_parse_selector(_string_input(data))).encode("ascii")


def transport(data: bytes) -> bytes:
    """transportOf: {"transport"}."""
    mode, vendor, _ = _parse_selector(_string_input(data))
    return ('{"transport":%s}' % _q(_transport(mode, vendor))).encode("ascii")


def payer(data: bytes) -> bytes:
    """payerForSelector over {selector, org_keys}: {"payer"}."""
    o = _closed(jsonvalue.parse(data, INPUT), ("selector", "org_keys"))
    _, (mode, vendor, _) = _selector(o)
    keys = _org_keys(o)
    return ('{"payer":%s}' % _q(_payer(mode, vendor, keys))).encode("ascii")


def tier_selectors(data: bytes) -> bytes:
    """readTierSelectors: the three required pins of an environment."""
    env = jsonvalue.parse(data, INPUT)
    if not isinstance(env, dict):
        _stand(TYPE)
    parts = []
    for tier, name in TIERS:
        v = env.get(name)
        if not isinstance(v, str) or v == "":
            _stand(PIN)  # there is no default
        parts.append('"%s":%s' % (tier, _parsed(_parse_selector(v))))
    return ("{" + ",".join(parts) + "}").encode("ascii")


def run_payers(data: bytes) -> bytes:
    """The three payer rows, with admissibility by chain level."""
    o = _closed(jsonvalue.parse(data, INPUT), ("l1", "l2", "l3", "org_keys"))
    pins = []
    for tier, _ in TIERS:
        pin = _present(o, tier, TYPE)
        pin = _closed(pin, ("selector", "level"))
        text, sel = _selector(pin)
        level = _present(pin, "level", LEVEL)
        if not isinstance(level, str):
            _stand(LEVEL)
        if level not in LEVELS:
            refuse(LEVEL)
        pins.append((tier, text, sel, level))
    keys = _org_keys(o)
    rows = []
    for tier, text, (mode, vendor, _), level in pins:
        if mode in ("sub", "own") and level != "account":
            refuse(ADMISSIBLE)
        rows.append('{"tier":"%s","selector":%s,"transport":%s,"payer":%s,"level":%s}' % (
            tier, _q(text), _q(_transport(mode, vendor)), _q(_payer(mode, vendor, keys)), _q(level)))
    return ("[" + ",".join(rows) + "]").encode("ascii")


def _is_sha(s: str) -> bool:
    return _SHA.fullmatch(s) is not None


def commit_sha(data: bytes) -> bytes:
    """commitShaSchema: {"sha"}."""
    s = _string_input(data)
    if not _is_sha(s):
        refuse(COMMIT_SHA)
    return ('{"sha":%s}' % _q(s)).encode("ascii")


def publication_receipt(data: bytes) -> bytes:
    """{commitSha, baseSha}: baseSha a required key with a nullable value."""
    o = _closed(jsonvalue.parse(data, INPUT), ("commitSha", "baseSha"))
    commit = _present(o, "commitSha", COMMIT_SHA)
    if not isinstance(commit, str):
        _stand(COMMIT_SHA)
    if not _is_sha(commit):
        refuse(COMMIT_SHA)
    base = _present(o, "baseSha", BASE_SHA)
    base_text = "null"
    if base is not None:
        if not isinstance(base, str):
            _stand(BASE_SHA)
        if not _is_sha(base):
            refuse(BASE_SHA)
        base_text = _q(base)
    return ('{"commitSha":%s,"baseSha":%s}' % (_q(commit), base_text)).encode("ascii")


OPERATIONS = {
    "parse": parse,
    "transport": transport,
    "payer": payer,
    "tier-selectors": tier_selectors,
    "run-payers": run_payers,
    "commit-sha": commit_sha,
    "publication-receipt": publication_receipt,
}
