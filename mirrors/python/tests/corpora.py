"""Where the tests find the shared public corpora (../shared/corpora from
the repository root, never copied into it), and how they list them: a
missing corpus, or a directory that holds another number of files than
expected, is a failure, never a skip or an empty pass."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from conform_mirror.refusal import Refusal

REPO = Path(__file__).resolve().parents[3]
CORPORA = (REPO / ".." / "shared" / "corpora").resolve()
JSON_TEST_SUITE = CORPORA / "jsontestsuite"


def listing(directory: Path, expected: int, prefix: str = "") -> list[Path]:
    """Return the files of ``directory`` whose names start with ``prefix``,
    sorted; raise AssertionError when the directory is missing or holds
    another number of them than ``expected``."""
    if not directory.is_dir():
        raise AssertionError(f"corpus directory missing: {directory}")
    files = sorted(p for p in directory.iterdir() if p.is_file() and p.name.startswith(prefix))
    if len(files) != expected:
        raise AssertionError(f"{directory}: expected {expected} {prefix}* files, found {len(files)}")
    return files


def json_test_suite() -> list[Path]:
    """Every file of JSONTestSuite: the 318 of test_parsing and the 22 of
    test_transform."""
    return (listing(JSON_TEST_SUITE / "test_parsing", 318)
            + listing(JSON_TEST_SUITE / "test_transform", 22))


def verdict(function: Callable[[bytes], bytes], data: bytes) -> str:
    """Run ``function`` on ``data``: "ok", the refusal code, or "errored:
    <exception>" for an implementation failure."""
    try:
        function(data)
    except Refusal as refusal:
        return refusal.code
    except Exception as e:  # an implementation failure, reported as such
        return f"errored: {type(e).__name__}: {e}"
    return "ok"
