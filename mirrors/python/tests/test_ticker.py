"""ticker/1 (spec/ticker.md): the /1 and /2 ticker and label rules, their
bounds, the frozen weakness, the Python traps and the ignore semantics."""

from __future__ import annotations

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conform_mirror import ticker  # noqa: E402
from conform_mirror.refusal import Refusal, ignoring  # noqa: E402
from conform_mirror.ticker import (  # noqa: E402
    EQUITY as TICKER_EQUITY,
    LABEL_CHAR as TICKER_LABEL_CHAR,
    LABEL_CONTROL as TICKER_LABEL_CONTROL,
    LABEL_DIGITS as TICKER_LABEL_DIGITS,
    LABEL_DIGITS_V1 as TICKER_LABEL_DIGITS_V1,
    LABEL_LENGTH as TICKER_LABEL_LENGTH,
    LABEL_SURROGATE as TICKER_LABEL_SURROGATE,
    SYMBOL as TICKER_SYMBOL,
    TYPE as TICKER_TYPE,
)


def js(value: str) -> str:
    """A JSON string literal for ``value``, every non-ASCII unit escaped (lone
    surrogates included)."""
    out = ['"']
    for unit in value.encode("utf-16-be", "surrogatepass").hex(" ", 2).split():
        c = int(unit, 16)
        if c == 0x22 or c == 0x5C or c < 0x20 or c > 0x7E:
            out.append("\\u%04x" % c)
        else:
            out.append(chr(c))
    out.append('"')
    return "".join(out)


FROZEN_WEAKNESS_TICKERS = ["HTTPS://X", "A:B", "X/Y", "ABCDEFG", "BRK.BBBBB", "A^B", "1ABC"]
FROZEN_WEAKNESS_LABELS = [
    "Acct \uff11\uff12\uff13\uff14\uff15",  # fullwidth digits
    "Acct \u0661\u0662\u0663\u0664\u0665",  # Arabic-Indic digits
    "\u0410cct 1234",  # Cyrillic A
    "Acct \u202e4321",  # right-to-left override
    "Acct\u200b1234",  # zero-width space
    "\ufeffAcct 1234",  # byte order mark
]


class Case(unittest.TestCase):
    def run_op(self, op: str, text: str) -> bytes:
        return ticker.OPERATIONS[op](text.encode("utf-8"))

    def assertAccepted(self, op: str, value: str) -> None:
        self.assertEqual(self.run_op(op, js(value)), value.encode("utf-8", "surrogatepass"),
                         msg=f"{op} {value!r}")

    def assertRefused(self, op: str, value: str, guard) -> None:
        with self.assertRaises(Refusal, msg=f"{op} {value!r}") as cm:
            self.run_op(op, js(value))
        self.assertEqual(cm.exception.message, guard.message, msg=f"{op} {value!r}")
        self.assertEqual(cm.exception.code, guard.code)


class TypeGuard(Case):
    def test_not_a_string(self) -> None:
        for op, function in ticker.OPERATIONS.items():
            for text in ["1", "null", "true", '["SPY"]', '{"a":"SPY"}']:
                with self.assertRaises(Refusal) as cm:
                    function(text.encode())
                self.assertEqual(cm.exception.message, "value is not a string")
            with ignoring(TICKER_TYPE), self.assertRaises(Refusal):
                function(b"1")


class Symbol(Case):
    def test_accepted(self) -> None:
        for s in ["A", "0", "SPY", "BRK.B", "BRK-B", "A" * 40, "0" + ".^:=_/-" * 5 + "ABCDEF"[:4]]:
            self.assertAccepted("symbol", s)
        for s in FROZEN_WEAKNESS_TICKERS:  # the frozen weakness
            self.assertAccepted("symbol", s)

    def test_refused(self) -> None:
        for s in ["", "A" * 41, "spy", "Spy", ".A", "-A", "/A", "A B", "SPY\n", "SPY\r", "\nSPY",
                  "\uff33PY", "\u0661", "A\u0661", "SPY$", "A+B", "A\x00", "\u00c5", "\U0001f600",
                  "A\ud800"]:
            self.assertRefused("symbol", s, TICKER_SYMBOL)

    def test_ignored(self) -> None:
        with ignoring(TICKER_SYMBOL):
            self.assertAccepted("symbol", "spy\n")
            self.assertAccepted("symbol", "\ud800")


class EquityTicker(Case):
    def test_accepted(self) -> None:
        for s in ["SPY", "A", "ABCDEF", "BRK.B", "BRK-B", "ABCDEF.ABCD", "A-A", "Z.ZZZZ"]:
            self.assertAccepted("equity-ticker", s)

    def test_refused(self) -> None:
        for s in FROZEN_WEAKNESS_TICKERS + [
            "", "spy", "SPY\n", "\uff33\uff30\uff39", "ABCDEFG", "A.BCDEF", "A.", "A-", ".A", "A..B",
            "A.B.C", "A.B-C", "A_B", "1", "A1", "BRK.b", "SPY ", " SPY", "\u0130", "A\ud800",
        ]:
            self.assertRefused("equity-ticker", s, TICKER_EQUITY)

    def test_ignored(self) -> None:
        with ignoring(TICKER_EQUITY):
            self.assertAccepted("equity-ticker", "HTTPS://X")


class MaskedLabelV1(Case):
    def test_accepted(self) -> None:
        for s in ["a", "x" * 64, "Acct ****1234", "12 345", "1234a1234", "\U0001f600" * 32,
                  "\u00a0", "\x20\x7e"]:
            self.assertAccepted("masked-label-v1", s)
        for s in FROZEN_WEAKNESS_LABELS:  # the frozen weakness
            self.assertAccepted("masked-label-v1", s)

    def test_length_in_utf16_units(self) -> None:
        self.assertRefused("masked-label-v1", "", TICKER_LABEL_LENGTH)
        self.assertRefused("masked-label-v1", "x" * 65, TICKER_LABEL_LENGTH)
        # 33 astral characters: 33 code points, 66 UTF-16 units
        self.assertRefused("masked-label-v1", "\U0001f600" * 33, TICKER_LABEL_LENGTH)
        self.assertRefused("masked-label-v1", "x" * 63 + "\U0001f600", TICKER_LABEL_LENGTH)
        self.assertAccepted("masked-label-v1", "x" * 62 + "\U0001f600")
        # length is checked before the scan
        self.assertRefused("masked-label-v1", "\x00" * 65, TICKER_LABEL_LENGTH)

    def test_scan(self) -> None:
        for c in ["\x00", "\x1f", "\x7f", "\x80", "\x85", "\x9f", "\n", "\t"]:
            self.assertRefused("masked-label-v1", "a" + c, TICKER_LABEL_CONTROL)
        for s in ["\ud800", "a\udbff", "\udc00", "\udc00\ud800", "\ud83d\ud83d\ude00"]:
            self.assertRefused("masked-label-v1", s, TICKER_LABEL_SURROGATE)
        for s in ["12345", "a12345", "x123456", "1234 12345"]:
            self.assertRefused("masked-label-v1", s, TICKER_LABEL_DIGITS_V1)
        for s in ["1234", "1234.1234", "1234\U0001f6001234"]:
            self.assertAccepted("masked-label-v1", s)

    def test_first_hit_wins(self) -> None:
        self.assertRefused("masked-label-v1", "12345\x00", TICKER_LABEL_DIGITS_V1)
        self.assertRefused("masked-label-v1", "\x0012345", TICKER_LABEL_CONTROL)
        self.assertRefused("masked-label-v1", "\ud80012345", TICKER_LABEL_SURROGATE)
        self.assertRefused("masked-label-v1", "12345\ud800", TICKER_LABEL_DIGITS_V1)

    def test_ignored(self) -> None:
        with ignoring(TICKER_LABEL_LENGTH):
            self.assertAccepted("masked-label-v1", "")
            self.assertAccepted("masked-label-v1", "x" * 100)
        with ignoring(TICKER_LABEL_CONTROL):
            self.assertAccepted("masked-label-v1", "\x001234\x001234")  # a control ends a run
            self.assertRefused("masked-label-v1", "\x00\ud800", TICKER_LABEL_SURROGATE)
        with ignoring(TICKER_LABEL_SURROGATE):
            self.assertAccepted("masked-label-v1", "\ud800")
            self.assertAccepted("masked-label-v1", "1234\udc001234")
            self.assertRefused("masked-label-v1", "\ud80012345", TICKER_LABEL_DIGITS_V1)
        with ignoring(TICKER_LABEL_DIGITS_V1):
            self.assertAccepted("masked-label-v1", "1234567890")
            self.assertRefused("masked-label-v1", "123456\x00", TICKER_LABEL_CONTROL)


class ClosedMaskedLabel(Case):
    def test_accepted(self) -> None:
        every = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        self.assertAccepted("closed-masked-label", every)
        for s in ["0123 4567 89", " .-_()#*", "\u2022\u2022\u2022\u2022 1234", "Acct (\u2026)#1234",
                  "x" * 64, "\u2022" * 64, "1234a1234"]:
            self.assertAccepted("closed-masked-label", s)

    def test_length(self) -> None:
        self.assertRefused("closed-masked-label", "", TICKER_LABEL_LENGTH)
        self.assertRefused("closed-masked-label", "x" * 65, TICKER_LABEL_LENGTH)
        self.assertRefused("closed-masked-label", "\U0001f600" * 33, TICKER_LABEL_LENGTH)

    def test_closed_set(self) -> None:
        for s in FROZEN_WEAKNESS_LABELS + [
            "a\x00", "a\x7f", "a\u00a0", "a\t", "a/", "a:", "a+", "a,", "a@", "a!", "a'", 'a"',
            "\u2023", "\u2025", "\u00b7", "\uff10", "\u0661", "\U0001f600", "\ud800", "a\u0301",
            "\u0130", "\u212a",  # Kelvin sign, a case-folding trap
        ]:
            self.assertRefused("closed-masked-label", s, TICKER_LABEL_CHAR)

    def test_digits(self) -> None:
        for s in ["12345", "a12345", "123456", "1234 12345"]:
            self.assertRefused("closed-masked-label", s, TICKER_LABEL_DIGITS)
        self.assertRefused("closed-masked-label", "12345/", TICKER_LABEL_DIGITS)
        self.assertRefused("closed-masked-label", "/12345", TICKER_LABEL_CHAR)

    def test_ignored(self) -> None:
        with ignoring(TICKER_LABEL_CHAR):
            self.assertAccepted("closed-masked-label", "\u202e\U0001f600\ud800")
            # fullwidth digits are not digits of the run; a foreign unit ends a run
            self.assertAccepted("closed-masked-label", "\uff11\uff12\uff13\uff14\uff15")
            self.assertAccepted("closed-masked-label", "1234\uff151234")
            self.assertRefused("closed-masked-label", "\u202e12345", TICKER_LABEL_DIGITS)
        with ignoring(TICKER_LABEL_DIGITS):
            self.assertAccepted("closed-masked-label", "1234567890")
            self.assertRefused("closed-masked-label", "123456/", TICKER_LABEL_CHAR)
        with ignoring(TICKER_LABEL_LENGTH):
            self.assertAccepted("closed-masked-label", "")


if __name__ == "__main__":
    unittest.main()
