package v8date

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"testing"

	"github.com/conform-dev/conform/reference/internal/reftest"
	"github.com/conform-dev/conform/reference/refusal"
)

// row is one table case (reftest.Row): a JSON text input, the guards
// ignored, and the exact output or the exact refusal, named by its line in
// this file.
type row = reftest.Row

// ok is a row whose timestamp s (written as a JSON string) gives want.
func ok(s, want string, ignore ...refusal.Guard) row {
	return reftest.OK(q(s), want, ignore...).At(reftest.CallerLine())
}

// no is a row whose timestamp s (written as a JSON string) is refused by g.
func no(s string, g refusal.Guard, ignore ...refusal.Guard) row {
	return reftest.No(q(s), g, ignore...).At(reftest.CallerLine())
}

// raw is a row whose input is the JSON text in, refused by g.
var raw = reftest.No

func q(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func TestGuards(t *testing.T) {
	want := []string{"v8date.input", "v8date.type", "v8date.shape", "v8date.instant", "v8date.calendar"}
	if len(Guards) != len(want) {
		t.Fatalf("%d guards", len(Guards))
	}
	for i, g := range Guards {
		if g.Code != want[i] || g.Contract != Contract {
			t.Errorf("guard %d: %+v", i, g)
		}
	}
}

func TestParse(t *testing.T) {
	reftest.Run(t, []row{
		ok("1970-01-01T00:00:00.000Z", "0"),
		ok("1969-12-31T23:59:59.999Z", "-1"),
		ok("0000-01-01T00:00:00.000Z", "-62167219200000"),
		ok("0000-02-29T00:00:00.000Z", "-62162121600000"),
		ok("0001-01-01T00:00:00.000Z", "-62135596800000"),
		ok("9999-12-31T23:59:59.999Z", "253402300799999"),
		ok("2024-02-29T12:34:56.789Z", "1709210096789"),
		ok("2000-02-29T00:00:00.000Z", "951782400000"),
		// shape
		no("2024-02-29T12:34:56Z", ErrShape),
		no("2024-02-29T12:34:56.789", ErrShape),
		no("2024-02-29T12:34:56.7890Z", ErrShape),
		no("2024-02-29T12:34:56.789Z\n", ErrShape),
		no("2024-02-29t12:34:56.789Z", ErrShape),
		no("2024-02-29T12:34:56.789z", ErrShape),
		no("+002024-02-29T12:34:56.789Z", ErrShape),
		no("2024-02-29T12:34:56.789+00:00", ErrShape),
		no("2024-02-2\uff19T12:34:56.789Z", ErrShape),
		no("", ErrShape),
		no("2024-13-29T12:34:56Z", ErrShape), // shape before instant
		// instant (V8 gives NaN): each bound and just past it
		no("2024-00-01T00:00:00.000Z", ErrInstant),
		ok("2024-12-01T00:00:00.000Z", "1733011200000"),
		no("2024-13-01T00:00:00.000Z", ErrInstant),
		no("2024-01-00T00:00:00.000Z", ErrInstant),
		ok("2024-01-31T00:00:00.000Z", "1706659200000"),
		no("2024-01-32T00:00:00.000Z", ErrInstant),
		no("2024-02-32T00:00:00.000Z", ErrInstant), // instant before calendar
		no("2024-01-01T25:00:00.000Z", ErrInstant),
		no("2024-01-01T24:00:00.001Z", ErrInstant),
		no("2024-01-01T24:00:01.000Z", ErrInstant),
		no("2024-01-01T24:01:00.000Z", ErrInstant),
		ok("2024-01-01T23:59:59.999Z", "1704153599999"),
		no("2024-01-01T23:60:00.000Z", ErrInstant),
		no("2024-01-01T23:59:60.000Z", ErrInstant),
		no("2016-12-31T23:59:60.000Z", ErrInstant),
		// calendar (V8 rolls over)
		no("2024-01-01T24:00:00.000Z", ErrCalendar),
		no("2023-02-29T00:00:00.000Z", ErrCalendar),
		no("1900-02-29T00:00:00.000Z", ErrCalendar),
		no("2024-02-30T00:00:00.000Z", ErrCalendar),
		no("0000-02-30T00:00:00.000Z", ErrCalendar),
		no("2024-04-31T00:00:00.000Z", ErrCalendar),
		no("2024-02-31T00:00:00.000Z", ErrCalendar),
		no("9999-12-31T24:00:00.000Z", ErrCalendar),
		// ignored calendar: the value V8 gives
		ok("2024-01-01T24:00:00.000Z", "1704153600000", ErrCalendar),
		ok("2023-02-29T00:00:00.000Z", "1677628800000", ErrCalendar),
		ok("2021-02-31T00:00:00.000Z", "1614729600000", ErrCalendar),
		ok("9999-12-31T24:00:00.000Z", "253402300800000", ErrCalendar),
		// ignored instant: roll over; the calendar conditions still apply
		ok("2024-13-01T00:00:00.000Z", "1735689600000", ErrInstant),
		ok("2024-00-01T00:00:00.000Z", "1701388800000", ErrInstant),
		ok("2024-01-01T23:60:00.000Z", "1704153600000", ErrInstant),
		ok("2024-01-01T24:00:00.001Z", "1704153600001", ErrInstant),
		ok("2024-01-01T99:99:99.999Z", "1704429639999", ErrInstant),
		ok("2024-03-00T00:00:00.000Z", "1709164800000", ErrInstant),
		no("2024-01-32T00:00:00.000Z", ErrCalendar, ErrInstant),
		ok("2024-01-32T00:00:00.000Z", "1706745600000", ErrInstant, ErrCalendar),
		// month 13 folds into January of 2025, so day 32 is past its length
		no("2024-13-32T00:00:00.000Z", ErrCalendar, ErrInstant),
		ok("2024-13-32T00:00:00.000Z", "1738368000000", ErrInstant, ErrCalendar),
		ok("2024-14-29T00:00:00.000Z", "1740787200000", ErrInstant, ErrCalendar), // 2025-02-29 is 2025-03-01
		no("2024-14-29T00:00:00.000Z", ErrCalendar, ErrInstant),
		// ignored shape: no accept path
		no("2024-01-01t00:00:00.000z", ErrShape, ErrShape),
		no("2024-01-01 24:00:00.000Z", ErrShape, ErrShape),
		no("2024-01-01T00:00:00Z", ErrShape, ErrShape),
		// input and type, no accept path
		raw(`"2024-01-01T00:00:00.000Z`, ErrInput),
		raw(`"2024-01-01T00:00:00.000Z`, ErrInput, Guards...),
		raw("\xef\xbb\xbf\"2024-01-01T00:00:00.000Z\"", ErrInput),
		raw(`1704067200000`, ErrType),
		raw(`["2024-01-01T00:00:00.000Z"]`, ErrType, Guards[1:]...),
	}, Parse)
}

// oracleScript reads a JSON array of strings on stdin and writes, for each,
// [Date.parse(s) or null, new Date(n).toISOString() or null, the rolled
// value of the fields (setUTCFullYear/setUTCHours, which do not map years
// 0-99 to 19xx) or null when the string has no digits where the shape has].
const oracleScript = `
let data = '';
process.stdin.on('data', (c) => { data += c; });
process.stdin.on('end', () => {
  const out = JSON.parse(data).map((s) => {
    const n = Date.parse(s);
    const iso = Number.isNaN(n) ? null : new Date(n).toISOString();
    const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{3})Z$/.exec(s);
    let rolled = null;
    if (m) {
      const d = new Date(0);
      d.setUTCFullYear(+m[1], +m[2] - 1, +m[3]);
      d.setUTCHours(+m[4], +m[5], +m[6], +m[7]);
      rolled = d.getTime();
    }
    return [Number.isNaN(n) ? null : n, iso, rolled];
  });
  process.stdout.write(JSON.stringify(out));
});
`

// candidates returns a few thousand timestamps of the shape: every field at
// its edges (months 00-13, days 00-32, hours 23-25, minutes and seconds
// 59-60, milliseconds 000/001/999, years 0000/0001/1900/1970/2000/2100/
// 9999, February 28-30 in leap and common years), and random digits.
func candidates() []string {
	r := rand.New(rand.NewPCG(7, 8))
	pick := func(xs []int) int { return xs[r.IntN(len(xs))] }
	years := []int{0, 1, 4, 100, 400, 1600, 1900, 1969, 1970, 2000, 2023, 2024, 2100, 9999}
	months := []int{0, 1, 2, 3, 4, 6, 9, 11, 12, 13}
	days := []int{0, 1, 27, 28, 29, 30, 31, 32}
	hours := []int{0, 1, 23, 24, 25}
	mins := []int{0, 1, 59, 60}
	millis := []int{0, 1, 999}
	var out []string
	add := func(y, mo, d, h, mi, s, ms int) {
		out = append(out, fmt.Sprintf("%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", y, mo, d, h, mi, s, ms))
	}
	for _, y := range years {
		for _, mo := range months {
			for _, d := range days {
				add(y, mo, d, pick(hours), pick(mins), pick(mins), pick(millis))
			}
		}
		for _, d := range []int{28, 29, 30} {
			for _, h := range hours {
				add(y, 2, d, h, 0, 0, 0)
			}
		}
	}
	for _, y := range years {
		for mo := 1; mo <= 12; mo++ {
			for d := 28; d <= 31; d++ {
				add(y, mo, d, 0, 0, 0, 0)
				add(y, mo, d, 23, 59, 59, 999)
				add(y, mo, d, 24, 0, 0, 0)
			}
		}
	}
	for _, h := range hours {
		for _, mi := range mins {
			for _, s := range mins {
				for _, ms := range millis {
					add(pick(years), 1+r.IntN(12), 1+r.IntN(28), h, mi, s, ms)
				}
			}
		}
	}
	for i := 0; i < 3000; i++ {
		add(r.IntN(10000), r.IntN(100), r.IntN(100), r.IntN(100), r.IntN(100), r.IntN(100), r.IntN(1000))
		add(r.IntN(10000), r.IntN(14), r.IntN(33), r.IntN(26), r.IntN(61), r.IntN(61), r.IntN(1000))
	}
	return out
}

// TestNodeOracle compares Parse with Node's own Date.parse on every
// candidate: NaN is ErrInstant, a value whose toISOString is not the input
// is ErrCalendar, any other value is the output. With ErrCalendar ignored a
// rolled value is Date.parse's; with both ignored every value is the
// fields rolled over by the Date setters. Node is required: the test fails
// when it is missing.
func TestNodeOracle(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node is required for the v8date oracle: %v", err)
	}
	in := candidates()
	stdin, _ := json.Marshal(in)
	cmd := exec.Command(node, "-e", oracleScript)
	cmd.Stdin = bytes.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v: %s", err, stderr.String())
	}
	dec := json.NewDecoder(bytes.NewReader(stdout))
	dec.UseNumber()
	var rawRes [][3]any
	if err := dec.Decode(&rawRes); err != nil || len(rawRes) != len(in) {
		t.Fatalf("node output: %v (%d results for %d inputs)", err, len(rawRes), len(in))
	}
	counts := map[string]int{}
	for i, s := range in {
		got, err := Parse([]byte(q(s)))
		n, iso, rolled := rawRes[i][0], rawRes[i][1], rawRes[i][2]
		var verdict string
		switch {
		case n == nil:
			verdict = "instant"
			if e, isRefusal := refusal.As(err); !isRefusal || e.Guard != ErrInstant {
				t.Errorf("%s: Date.parse is NaN; got %q, %v", s, got, err)
			}
		case iso.(string) != s:
			verdict = "calendar"
			if e, isRefusal := refusal.As(err); !isRefusal || e.Guard != ErrCalendar {
				t.Errorf("%s: Date.parse rolls over to %s; got %q, %v", s, iso, got, err)
			}
			if got, err := Parse([]byte(q(s)), refusal.Ignoring(ErrCalendar.Message)); err != nil || string(got) != n.(json.Number).String() {
				t.Errorf("%s, calendar ignored: got %q, %v; want %s", s, got, err, n)
			}
		default:
			verdict = "accept"
			if err != nil || string(got) != n.(json.Number).String() {
				t.Errorf("%s: got %q, %v; want %s", s, got, err, n)
			}
		}
		counts[verdict]++
		got, err = Parse([]byte(q(s)), refusal.Ignoring(ErrInstant.Message, ErrCalendar.Message))
		if want := rolled.(json.Number).String(); err != nil || string(got) != want {
			t.Errorf("%s, instant and calendar ignored: got %q, %v; want %s", s, got, err, want)
		}
	}
	for _, v := range []string{"instant", "calendar", "accept"} {
		if counts[v] < 500 {
			t.Errorf("only %d %s candidates", counts[v], v)
		}
	}
	t.Logf("%d candidates: %v", len(in), counts)
}
