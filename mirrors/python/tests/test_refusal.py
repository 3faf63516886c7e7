"""The refusal mechanism shared by every contract: refuse, the ignore set,
guards without an accept path, and refusal locations (mirrors/PROTOCOL.md,
"run" and "ignore"). The contracts' own tables are checked against the
catalogue in test_catalogue.py."""

from __future__ import annotations

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import contracts, jsonscan  # noqa: E402
from conform_mirror.refusal import (  # noqa: E402
    Guard,
    Location,
    Refusal,
    at_index,
    at_offset,
    at_pointer,
    ignoring,
    is_ignored,
    pointer_location,
    refuse,
    set_ignored,
)

# Guards of a contract no one implements: the mechanism alone.
ONE = Guard("test/1", "test.one", "first message")
TWO = Guard("test/1", "test.two", "second message")
FIXED = Guard("test/1", "test.fixed", "no accept path", ignorable=False)
OTHER = Guard("other/1", "other.one", "first message")  # same message, other contract


class IgnoreSet(unittest.TestCase):
    def tearDown(self) -> None:
        set_ignored(())

    def test_refuse_raises_with_the_guard(self) -> None:
        with self.assertRaises(Refusal) as cm:
            refuse(ONE)
        self.assertIs(cm.exception.guard, ONE)
        self.assertEqual((cm.exception.code, cm.exception.message), ("test.one", "first message"))
        self.assertEqual(str(cm.exception), "first message")
        self.assertIsNone(cm.exception.location)

    def test_ignored_pairs_return(self) -> None:
        set_ignored([("test/1", "first message"), ("test/1", "no such message")])
        refuse(ONE)  # returns
        self.assertTrue(is_ignored(ONE))
        with self.assertRaises(Refusal):
            refuse(TWO)
        with self.assertRaises(Refusal):  # the pair names the contract too
            refuse(OTHER)

    def test_replace_and_clear(self) -> None:
        set_ignored([("test/1", "first message")])
        set_ignored([("test/1", "second message")])
        with self.assertRaises(Refusal):
            refuse(ONE)
        refuse(TWO)
        set_ignored([])
        with self.assertRaises(Refusal):
            refuse(TWO)

    def test_no_accept_path_is_never_ignored(self) -> None:
        set_ignored([("test/1", "no accept path")])
        self.assertFalse(is_ignored(FIXED))
        with self.assertRaises(Refusal):
            refuse(FIXED)

    def test_ignoring_restores(self) -> None:
        set_ignored([("test/1", "second message")])
        with ignoring(ONE):
            refuse(ONE)
            with self.assertRaises(Refusal):
                refuse(TWO)
        refuse(TWO)
        with self.assertRaises(Refusal):
            refuse(ONE)

    def test_unknown_pairs_of_the_registered_tables(self) -> None:
        guard = contracts.GUARDS[0]
        other = next(c.contract for c in contracts.CONTRACTS if c.contract != guard.contract)
        pairs = [(guard.contract, guard.message), (guard.contract, "no such message"),
                 (other, "no such message"), (guard.contract, "no such message")]
        self.assertEqual(contracts.unknown(pairs), [pairs[1], pairs[2]])


class Locations(unittest.TestCase):
    def where(self, guard: Guard, *args: object) -> Location | None:
        with self.assertRaises(Refusal) as cm:
            refuse(guard, *args)  # type: ignore[arg-type]
        return cm.exception.location

    def test_offset(self) -> None:
        self.assertEqual(self.where(ONE, at_offset(7)), Location(offset=7))
        self.assertEqual(Location(offset=7).answer(), {"offset": 7})
        self.assertEqual(Location(offset=0, pointer="/a").answer(), {"offset": 0, "pointer": "/a"})

    def test_computed_only_when_raised(self) -> None:
        calls = []

        def where() -> Location:
            calls.append(1)
            return Location(offset=1)

        with ignoring(ONE):
            refuse(ONE, where)
        self.assertEqual(calls, [])
        self.where(ONE, where)
        self.assertEqual(calls, [1])

    def test_pointer_escapes(self) -> None:
        # RFC 6901 section 3: "~" is "~0", "/" is "~1"; indices are decimal.
        self.assertEqual(pointer_location(()), Location(pointer=""))
        self.assertEqual(pointer_location(("a/b", 0, "m~n", "")), Location(pointer="/a~1b/0/m~0n/"))
        self.assertEqual(pointer_location(("~1",)), Location(pointer="/~01"))
        self.assertEqual(pointer_location(("\u00e9",)), Location(pointer="/\u00e9"))
        self.assertEqual(self.where(ONE, at_pointer("key")), Location(pointer="/key"))

    def test_pointer_bounds(self) -> None:
        # A pointer must be a Unicode string of at most 1024 UTF-8 bytes.
        self.assertIsNone(pointer_location(("\ud800",)))
        self.assertEqual(pointer_location(("x" * 1023,)), Location(pointer="/" + "x" * 1023))
        self.assertIsNone(pointer_location(("x" * 1024,)))
        self.assertIsNone(pointer_location(("\u00e9" * 512,)))

    def test_text_index_to_byte_offset(self) -> None:
        src = jsonscan.Source(b'\xef\xbb\xbf["\xc3\xa9\xf0\x9f\x98\x80",x]')
        self.assertTrue(src.bom)
        text = src.decoded()
        self.assertEqual(text.index("x"), 6)
        self.assertEqual(self.where(ONE, at_index(src, 6)), Location(offset=3 + 1 + 1 + 2 + 4 + 2))
        self.assertEqual(self.where(ONE, at_index(src, len(text))), Location(offset=15))  # the length
        # After lenient decoding a text index has no byte offset.
        lenient = jsonscan.Source(b"[\xff\xfe, x]")
        self.assertIsNone(lenient.text)
        self.assertEqual(lenient.invalid_at, 1)
        lenient.decoded()
        self.assertIsNone(self.where(ONE, at_index(lenient, 3)))


if __name__ == "__main__":
    unittest.main()
