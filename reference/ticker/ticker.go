package ticker

import (
	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
)

// MaxLabel is the most UTF-16 units a masked label may have, counted as
// JavaScript's .length counts (spec/ticker.md, masked-label-v1 rule 1: a
// decision of the spec; the seeds give no bound).
const MaxLabel = 64

// MaxDigitRun is the longest run of consecutive digits a masked label may
// hold (seed 001, section 2 invariant 5 and section 4 invariant 5).
const MaxDigitRun = 4

// read parses the JSON value input and requires a string. ErrInput and
// ErrType have no accept path: ignored, there is still no string, so the
// refusal stands. ErrInput is located where the parse stopped, ErrType at
// the value.
func read(c *refusal.Checker, in []byte) (*jsonvalue.Value, error) {
	v, perr := jsonvalue.Parse(in)
	if perr != nil {
		if err := c.Refuse(ErrInput); err != nil {
			return nil, refusal.Locate(err, jsonvalue.Where(perr))
		}
		return nil, refusal.Locate(&refusal.Error{Guard: ErrInput}, jsonvalue.Where(perr))
	}
	if v.Kind != jsonvalue.String {
		if err := c.Refuse(ErrType); err != nil {
			return nil, refusal.Locate(err, v.At(jsonvalue.Root))
		}
		return nil, refusal.Locate(&refusal.Error{Guard: ErrType}, v.At(jsonvalue.Root))
	}
	return &v, nil
}

func isUpper(x uint16) bool { return x >= 'A' && x <= 'Z' }
func isDigit(x uint16) bool { return x >= '0' && x <= '9' }

// MatchesSymbol reports whether the UTF-16 units u match the frozen /1
// ticker rule ^[A-Z0-9][A-Z0-9.^:=_/-]{0,39}$ as a whole, on ASCII classes
// (spec/ticker.md, "symbol"). Other contracts check their /1 symbols
// with it, refusing at their own sites.
func MatchesSymbol(u []uint16) bool {
	if len(u) < 1 || len(u) > 40 || !(isUpper(u[0]) || isDigit(u[0])) {
		return false
	}
	for _, x := range u[1:] {
		switch {
		case isUpper(x), isDigit(x):
		case x == '.', x == '^', x == ':', x == '=', x == '_', x == '/', x == '-':
		default:
			return false
		}
	}
	return true
}

// MatchesEquity reports whether the UTF-16 units u match the /2 equity
// ticker rule ^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$ as a whole, on ASCII classes
// (spec/ticker.md, "equity-ticker"). Other contracts check their /2
// symbols with it, refusing at their own sites.
func MatchesEquity(u []uint16) bool {
	i := 0
	for i < len(u) && isUpper(u[i]) {
		i++
	}
	if i < 1 || i > 6 {
		return false
	}
	if i == len(u) {
		return true
	}
	if u[i] != '.' && u[i] != '-' {
		return false
	}
	tail := u[i+1:]
	if len(tail) < 1 || len(tail) > 4 {
		return false
	}
	for _, x := range tail {
		if !isUpper(x) {
			return false
		}
	}
	return true
}

// Symbol takes a JSON value input holding a string and returns its UTF-8
// bytes when the whole string matches the frozen /1 rule
// ^[A-Z0-9][A-Z0-9.^:=_/-]{0,39}$: 1 to 40 units. This is the frozen
// weakness: HTTPS://X, A:B, X/Y, ABCDEFG, BRK.BBBBB, A^B and 1ABC pass.
//
// It refuses, in this order: ErrInput; ErrType (not a string); ErrSymbol.
// Ignored ErrSymbol: the string is output (lone surrogates in 3-byte
// generalized UTF-8).
//
// Source: spec/ticker.md, "symbol"; seed 001, sections 2 and 5.
func Symbol(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	u := v.Units
	if !MatchesSymbol(u) {
		if err := c.Refuse(ErrSymbol); err != nil {
			return nil, refusal.Locate(err, v.At(jsonvalue.Root))
		}
	}
	return jsonvalue.AppendUTF8([]byte{}, u), nil
}

// EquityTicker takes a JSON value input holding a string and returns its
// UTF-8 bytes when the whole string matches the /2 rule
// ^[A-Z]{1,6}(?:[.-][A-Z]{1,4})?$ (SPY, BRK.B, BRK-B).
//
// It refuses, in this order: ErrInput; ErrType (not a string); ErrEquity
// (lowercase, a trailing newline, fullwidth letters, and the frozen
// weaknesses that Symbol accepts). Ignored ErrEquity: the string is output.
//
// Source: spec/ticker.md, "equity-ticker"; seed 001, sections 4 and 5.
func EquityTicker(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	u := v.Units
	if !MatchesEquity(u) {
		if err := c.Refuse(ErrEquity); err != nil {
			return nil, refusal.Locate(err, v.At(jsonvalue.Root))
		}
	}
	return jsonvalue.AppendUTF8([]byte{}, u), nil
}

// checkLength applies rule 1 of both masked-label rules.
func checkLength(c *refusal.Checker, u []uint16) error {
	if len(u) < 1 || len(u) > MaxLabel {
		if err := c.Refuse(ErrLabelLength); err != nil {
			return err
		}
	}
	return nil
}

// MaskedLabelV1 takes a JSON value input holding a string and returns its
// UTF-8 bytes when it passes the frozen /1 masked-label rule.
//
// It refuses, in this order: ErrInput; ErrType (not a string);
// ErrLabelLength (not 1 to 64 UTF-16 units; an astral character counts 2);
// then, in one scan of the units, at the first hit: ErrLabelControl (a Cc
// unit, U+0000-U+001F or U+007F-U+009F), ErrLabelSurrogate (an unpaired
// surrogate) or ErrLabelDigitsV1 (an ASCII digit that makes five
// consecutive ASCII digits). This is the frozen weakness: fullwidth and
// Arabic-Indic digits, Cyrillic confusables, U+202E, U+200B and U+FEFF
// pass, and "12 345" has no run of five.
//
// Ignored guards: the scan goes on past the unit (a digit run keeps
// counting); the output is then the string's UTF-8 with lone surrogates in
// 3-byte generalized form.
//
// Source: spec/ticker.md, "masked-label-v1"; seed 001, section 2
// (invariant 5 and "Frozen weakness").
func MaskedLabelV1(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	u := v.Units
	if err := checkLength(c, u); err != nil {
		return nil, refusal.Locate(err, v.At(jsonvalue.Root))
	}
	run := 0
	for i := 0; i < len(u); {
		x := u[i]
		_, n, lone := jsonvalue.At(u, i)
		switch {
		case jsonvalue.IsControl(x):
			run = 0
			if err := c.Refuse(ErrLabelControl); err != nil {
				return nil, refusal.Locate(err, v.At(jsonvalue.Root))
			}
		case lone:
			run = 0
			if err := c.Refuse(ErrLabelSurrogate); err != nil {
				return nil, refusal.Locate(err, v.At(jsonvalue.Root))
			}
		case isDigit(x):
			run++
			if run > MaxDigitRun {
				if err := c.Refuse(ErrLabelDigitsV1); err != nil {
					return nil, refusal.Locate(err, v.At(jsonvalue.Root))
				}
			}
		default:
			run = 0
		}
		i += n
	}
	return jsonvalue.AppendUTF8([]byte{}, u), nil
}

// InClosedLabelSet reports whether the UTF-16 unit x is in the closed /2
// masked-label set: ASCII letters and digits, space, . - _ ( ) # *, U+2022
// (bullet) and U+2026 (ellipsis) (spec/ticker.md, "closed-masked-label").
// Other contracts check their /2 labels with it, refusing at their own
// sites.
func InClosedLabelSet(x uint16) bool {
	switch {
	case isUpper(x), x >= 'a' && x <= 'z', isDigit(x):
		return true
	}
	switch x {
	case ' ', '.', '-', '_', '(', ')', '#', '*', 0x2022, 0x2026:
		return true
	}
	return false
}

// ClosedMaskedLabel takes a JSON value input holding a string and returns
// its UTF-8 bytes when it passes the /2 closedMaskedLabel() rule.
//
// It refuses, in this order: ErrInput; ErrType (not a string);
// ErrLabelLength (not 1 to 64 UTF-16 units); then, in one scan of the
// units, at the first hit: ErrLabelChar (a unit outside ASCII letters and
// digits, space, . - _ ( ) # *, U+2022 and U+2026; each half of an astral
// character is such a unit) or ErrLabelDigits (an ASCII digit that makes
// five consecutive digits).
//
// Ignored guards: the scan goes on past the unit. A unit let through by an
// ignored ErrLabelChar is not an ASCII digit, so it ends a digit run.
//
// Source: spec/ticker.md, "closed-masked-label"; seed 001, section 4
// (invariant 5) and section 5.
func ClosedMaskedLabel(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, err := read(c, in)
	if err != nil {
		return nil, err
	}
	u := v.Units
	if err := checkLength(c, u); err != nil {
		return nil, refusal.Locate(err, v.At(jsonvalue.Root))
	}
	run := 0
	for _, x := range u {
		if !InClosedLabelSet(x) {
			run = 0
			if err := c.Refuse(ErrLabelChar); err != nil {
				return nil, refusal.Locate(err, v.At(jsonvalue.Root))
			}
			continue
		}
		if !isDigit(x) {
			run = 0
			continue
		}
		run++
		if run > MaxDigitRun {
			if err := c.Refuse(ErrLabelDigits); err != nil {
				return nil, refusal.Locate(err, v.At(jsonvalue.Root))
			}
		}
	}
	return jsonvalue.AppendUTF8([]byte{}, u), nil
}
