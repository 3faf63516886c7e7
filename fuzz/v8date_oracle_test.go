package fuzz

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/conform-dev/conform/internal/fuzz/differential"
	"github.com/conform-dev/conform/internal/impl"
)

// Node's own Date.parse is the oracle of v8date/1 (spec/v8date.md). This
// test generates ISO-shaped strings with every field at and around its
// edges, asks node once for Date.parse and the toISOString round trip of
// each, and requires all three implementations, through their real
// harnesses, to give what the oracle implies: NaN is "not a real
// instant", a value that does not round-trip is "not a real calendar date",
// anything else is that value. node is required: CI has it.
func TestV8DateAllImplementationsAgainstNodeDateParse(t *testing.T) {
	inputs := isoShaped(rand.New(rand.NewSource(1)), 3000)
	oracle := nodeDateParse(t, inputs)
	s, err := differential.Start(context.Background(), differential.Config{Impls: []string{"ts", "python"}, Transport: "local", Timeout: 30 * time.Second}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var jobs []impl.Job
	for _, in := range inputs {
		js, _ := json.Marshal(in)
		jobs = append(jobs, impl.Job{Contract: "v8date/1", Op: "parse", Input: js})
	}
	counts := map[string]int{}
	for _, im := range append([]impl.Impl{s.Reference}, s.Mirrors...) {
		for i, r := range im.RunBatch(context.Background(), jobs) {
			want := oracle[i]
			var got string
			switch r.Outcome {
			case impl.OK:
				got = string(r.Output)
			case impl.Refused:
				got = "refused: " + r.Message
			default:
				got = r.Outcome + ": " + r.Message
			}
			if got != want {
				t.Errorf("%s on %q: %s; Date.parse says %s", im.Name(), inputs[i], got, want)
			}
			counts[want[:min(len(want), 12)]]++
		}
	}
	// The generator must reach all three outcomes, or the test proves little.
	if counts["refused: tim"] == 0 || len(counts) < 3 {
		t.Fatalf("outcomes reached: %v", counts)
	}
}

// isoShaped returns n strings of the wire's shape with fields drawn from
// their edges and beyond: months 00-13, days 00-32, hours 23-25, minutes
// and seconds 59-60, leap and non-leap Februaries, year 0000.
func isoShaped(r *rand.Rand, n int) []string {
	pick := func(xs ...int) int { return xs[r.Intn(len(xs))] }
	out := make([]string, n)
	for i := range out {
		y := pick(0, 1, 1900, 1970, 2000, 2023, 2024, 2100, 9999, r.Intn(10000))
		mo := pick(0, 1, 2, 4, 12, 13, r.Intn(14))
		d := pick(0, 1, 28, 29, 30, 31, 32, r.Intn(33))
		h := pick(0, 23, 24, 25, r.Intn(26))
		mi := pick(0, 59, 60, r.Intn(61))
		sec := pick(0, 59, 60, r.Intn(61))
		ms := pick(0, 1, 999, r.Intn(1000))
		out[i] = fmt.Sprintf("%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", y, mo, d, h, mi, sec, ms)
	}
	return out
}

// nodeDateParse asks node for each input's expected answer, in the shape
// conform reports: the milliseconds, or "refused: <message>".
func nodeDateParse(t *testing.T, inputs []string) []string {
	t.Helper()
	const script = `
const inputs = JSON.parse(require("fs").readFileSync(0, "utf8"));
console.log(JSON.stringify(inputs.map((s) => {
  const v = Date.parse(s);
  if (Number.isNaN(v)) return "refused: timestamp is not a real instant";
  if (new Date(v).toISOString() !== s) return "refused: timestamp is not a real calendar date";
  return String(v);
})));`
	in, _ := json.Marshal(inputs)
	cmd := exec.Command("node", "-e", script)
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node (required: it is the oracle): %v", err)
	}
	var answers []string
	if err := json.Unmarshal(out, &answers); err != nil || len(answers) != len(inputs) {
		t.Fatalf("node answered %d of %d: %v", len(answers), len(inputs), err)
	}
	return answers
}
