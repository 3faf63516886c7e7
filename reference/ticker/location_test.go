package ticker

import (
	"testing"

	"github.com/conform-dev/conform/reference/refusal"
)

// TestLocation checks where the ticker/1 operations say they refused: the
// one string value of the input (its byte offset, pointer ""), or the
// defect that makes the input not one JSON value.
func TestLocation(t *testing.T) {
	for _, tc := range []struct {
		op      func([]byte, ...refusal.Option) ([]byte, error)
		in      string
		guard   refusal.Guard
		offset  int
		pointer string
	}{
		{Symbol, `"SPY`, ErrInput, 4, ""},
		{Symbol, ` ["SPY"]`, ErrType, 1, ""},
		{Symbol, "\t\"spy\"", ErrSymbol, 1, ""},
		{EquityTicker, `"BRK.BBBBB"`, ErrEquity, 0, ""},
		{MaskedLabelV1, `""`, ErrLabelLength, 0, ""},
		{MaskedLabelV1, `  "acct 12345"`, ErrLabelDigitsV1, 2, ""},
		{ClosedMaskedLabel, `"a\u202eb"`, ErrLabelChar, 0, ""},
	} {
		_, err := tc.op([]byte(tc.in))
		e, ok := refusal.As(err)
		if !ok || e.Guard != tc.guard {
			t.Errorf("%s: %v; want %s", tc.in, err, tc.guard.Code)
			continue
		}
		if want := refusal.At(tc.offset, tc.pointer); e.At != want {
			t.Errorf("%s: %s at %+v; want %+v", tc.in, tc.guard.Code, e.At, want)
		}
	}
}
