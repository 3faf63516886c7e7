package v8date

import (
	"strconv"

	"github.com/conform-dev/conform/reference/internal/civil"
	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	"github.com/conform-dev/conform/reference/refusal"
)

// Parse takes a JSON value input holding a string YYYY-MM-DDTHH:MM:SS.mmmZ
// and returns what V8's Date.parse gives for it, epoch milliseconds in
// decimal ASCII with a '-' before 1970, when new Date(n).toISOString()
// gives the input back.
//
// It refuses, in this order (the first that fails wins): ErrInput; ErrType
// (not a string); ErrShape (rule 1: not exactly the 24-unit shape, ASCII
// digits only); ErrInstant (rule 2, where Date.parse returns NaN: month 00
// or above 12, day 00 or above 31 in any month, hour above 24, minute or
// second above 59, hour 24 with a non-zero minute, second or millisecond);
// ErrCalendar (rule 3, where Date.parse rolls over: month 01-12 with a day
// past the month's length in the proleptic Gregorian calendar, where 0000
// is a leap year, or exactly 24:00:00.000). Year 0000 is valid.
//
// Ignored ErrInstant or ErrCalendar: the fields are taken as they are and
// roll over as ECMA-262 MakeDay/MakeTime do (Feb 30 is Mar 1 or 2, 24:00 the
// next day, month 13 January of the next year); after an ignored ErrInstant
// the ErrCalendar conditions are still checked as written (so day 32 of
// January then meets ErrCalendar, while month 13 or minute 60 is accepted
// rolled over). Ignored ErrShape: no accept path; the refusal stands (a string of
// another shape has no fields to read).
//
// Source: spec/v8date.md, rules 1-4; seed 001, section 4.
func Parse(in []byte, opts ...refusal.Option) ([]byte, error) {
	c := refusal.New(opts...)
	v, perr := jsonvalue.Parse(in)
	if perr != nil {
		if err := c.Refuse(ErrInput); err != nil {
			return nil, refusal.Locate(err, jsonvalue.Where(perr))
		}
		return nil, refusal.Locate(&refusal.Error{Guard: ErrInput}, jsonvalue.Where(perr)) // no accept path
	}
	// Every later refusal is of the one string value.
	at := v.At(jsonvalue.Root)
	if v.Kind != jsonvalue.String {
		if err := c.Refuse(ErrType); err != nil {
			return nil, refusal.Locate(err, at)
		}
		return nil, refusal.Locate(&refusal.Error{Guard: ErrType}, at) // no accept path
	}
	if !civil.Shape(v.Units) {
		if err := c.Refuse(ErrShape); err != nil {
			return nil, refusal.Locate(err, at)
		}
		return nil, refusal.Locate(&refusal.Error{Guard: ErrShape}, at) // no accept path
	}
	f, _ := civil.Read(v.Units)
	if f.Month < 1 || f.Month > 12 || f.Day < 1 || f.Day > 31 || f.Hour > 24 || f.Minute > 59 || f.Second > 59 ||
		(f.Hour == 24 && (f.Minute != 0 || f.Second != 0 || f.Milli != 0)) {
		if err := c.Refuse(ErrInstant); err != nil {
			return nil, refusal.Locate(err, at)
		}
		// Ignored: the fields roll over.
	}
	if f.Day > civil.FoldedMonthLength(f.Year, f.Month) ||
		(f.Hour == 24 && f.Minute == 0 && f.Second == 0 && f.Milli == 0) {
		if err := c.Refuse(ErrCalendar); err != nil {
			return nil, refusal.Locate(err, at)
		}
		// Ignored: the fields roll over.
	}
	return strconv.AppendInt(nil, f.EpochMilli(), 10), nil
}
