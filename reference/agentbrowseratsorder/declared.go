package agentbrowseratsorder

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/conform-dev/conform/reference/internal/jsonvalue"
	interp "github.com/conform-dev/conform/reference/internal/shape"
	"github.com/conform-dev/conform/reference/refusal"
	"github.com/conform-dev/conform/reference/ticker"
	"github.com/conform-dev/conform/reference/v8date"
	"github.com/conform-dev/conform/spec/shapes"
)

// declared is the declaration of the call, the result and their objects
// (spec/agent-browser-ats-order/shapes.json), run by the shape
// interpreter: steps 1 to 3 of the procedure.
var declared = interp.MustLoad(Contract, Guards, checks, nil)

// pattern makes a one-code check of a whole-string ASCII pattern: Go's
// regexp anchors ^ and $ at the ends of the text only, and a string with
// a non-ASCII unit never matches.
func pattern(expr string) interp.Check {
	re := regexp.MustCompile(expr)
	return interp.Check{Holds: func(v *jsonvalue.Value, _ *shapes.Rule) bool {
		s, ok := asciiOf(v.Units)
		return ok && re.MatchString(s)
	}}
}

// checks are the value rules of spec/agent-browser-ats-order.md, "Value
// rules", by the names the declaration gives them.
var checks = map[string]interp.Check{
	"ref": {Holds: func(v *jsonvalue.Value, r *shapes.Rule) bool {
		s, ok := asciiOf(v.Units)
		body, found := strings.CutPrefix(s, r.Args[0]+"_")
		return ok && found && refBody.MatchString(body)
	}, Args: 1},
	"name":          pattern(`^[a-z][a-z0-9-]{0,63}$`),
	"version":       pattern(`^(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})$`),
	"digest":        pattern(`^sha256:[0-9a-f]{64}$`),
	"site-id":       pattern(`^[A-Za-z0-9-]{1,64}$`),
	"equity-ticker": {Holds: func(v *jsonvalue.Value, _ *shapes.Rule) bool { return ticker.MatchesEquity(v.Units) }},
	"int": {Holds: func(v *jsonvalue.Value, r *shapes.Rule) bool {
		return jsonvalue.NaturalIn(v.Text, r.Min, r.Max)
	}, Bounds: "both"},
	"origin":       {Holds: func(v *jsonvalue.Value, _ *shapes.Rule) bool { return isOrigin(v.Units) }},
	"timestamp":    {Run: timestamp, Codes: 3},
	"masked-label": {Run: maskedLabel, Codes: 3},
}

var (
	refBody  = regexp.MustCompile(`^[A-Za-z0-9]{1,64}$`)
	dnsLabel = regexp.MustCompile(`^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$`)
)

// asciiOf returns u as a Go string and true when every unit is ASCII.
func asciiOf(u []uint16) (string, bool) {
	b := make([]byte, len(u))
	for i, x := range u {
		if x > 0x7F {
			return "", false
		}
		b[i] = byte(x)
	}
	return string(b), true
}

// isOrigin is the bare https origin rule: "https://" and a host of at
// most 253 units, two or more DNS labels of [a-z0-9-] (1 to 63, no hyphen
// at either end), the last starting with a letter; nothing else.
func isOrigin(u []uint16) bool {
	s, ok := asciiOf(u)
	host, found := strings.CutPrefix(s, "https://")
	if !ok || !found || len(host) > 253 {
		return false
	}
	labels := strings.Split(host, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if !dnsLabel.MatchString(l) {
			return false
		}
	}
	last := labels[len(labels)-1]
	return last[0] >= 'a' && last[0] <= 'z'
}

// timestamp is the timestamp rule: v8date.Parse's shape, instant and
// calendar refusals under this contract's codes 0, 1 and 2. Ignored, the
// instant refusal goes on to the calendar conditions, as v8date/1 does.
func timestamp(_ *refusal.Checker, v *jsonvalue.Value, _ *shapes.Rule, refuse func(int) error) error {
	in := jsonvalue.AppendJSON(nil, v)
	_, err := v8date.Parse(in)
	e, ok := refusal.As(err)
	if !ok {
		return nil
	}
	switch e.Guard.Code {
	case v8date.ErrInstant.Code:
		if err := refuse(1); err != nil {
			return err
		}
		if _, err := v8date.Parse(in, refusal.Ignoring(v8date.ErrInstant.Message)); err != nil {
			return refuse(2)
		}
		return nil
	case v8date.ErrCalendar.Code:
		return refuse(2)
	}
	return refuse(0)
}

// instant is a timestamp's instant in epoch milliseconds as a double: the
// rolled-over instant of v8date/1 for a string of the shape, NaN
// otherwise (spec/agent-browser-ats-order.md, "Decisions over the
// shapes").
func instant(v *jsonvalue.Value) float64 {
	if v == nil || v.Kind != jsonvalue.String {
		return math.NaN()
	}
	out, err := v8date.Parse(jsonvalue.AppendJSON(nil, v), refusal.Ignoring(v8date.ErrInstant.Message, v8date.ErrCalendar.Message))
	if err != nil {
		return math.NaN()
	}
	ms, _ := strconv.ParseFloat(string(out), 64)
	return ms
}

// maskedLabel is ticker/1's closed masked label under this contract's
// codes: 0 not 1 to ticker.MaxLabel UTF-16 units, then in one scan 1 a
// unit outside the closed set, 2 a digit that makes a run longer than
// ticker.MaxDigitRun. Ignored, the scan goes on past the unit.
func maskedLabel(_ *refusal.Checker, v *jsonvalue.Value, _ *shapes.Rule, refuse func(int) error) error {
	u := v.Units
	if len(u) < 1 || len(u) > ticker.MaxLabel {
		if err := refuse(0); err != nil {
			return err
		}
	}
	run := 0
	for _, x := range u {
		switch {
		case !ticker.InClosedLabelSet(x):
			run = 0
			if err := refuse(1); err != nil {
				return err
			}
		case x >= '0' && x <= '9':
			run++
			if run > ticker.MaxDigitRun {
				if err := refuse(2); err != nil {
					return err
				}
			}
		default:
			run = 0
		}
	}
	return nil
}
