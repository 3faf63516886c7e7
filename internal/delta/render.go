package delta

import (
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/conform-dev/conform/internal/escape"
	"github.com/conform-dev/conform/internal/impl"
)

// esc shows a string from outside within one line (internal/escape).
func esc(s string) string { return escape.Line(s) }

// shown renders input bytes on one line: Go-quoted when UTF-8, else hex,
// clipped to n bytes.
func shown(b []byte, n int) string {
	if utf8.Valid(b) {
		return escape.Clip(strconv.Quote(string(b)), n)
	}
	return escape.Clip("hex:"+hex.EncodeToString(b), n)
}

// answer renders an answer on one line.
func answer(r impl.Result) string {
	switch r.Outcome {
	case impl.OK:
		return "ok " + shown(r.Output, 200)
	case impl.Refused:
		return "refused " + escape.Clip(strconv.Quote(r.Message), 200)
	}
	return esc(describe(r))
}

// header is the first lines of the text rendering: what was compared and
// on how many inputs.
func header(r *Result) string {
	b := &strings.Builder{}
	fmt.Fprintf(b, "conform delta %s: %s %s (old) -> %s %s (new)\n", esc(r.Contract), esc(r.OldImpl), esc(r.OldOp), esc(r.NewImpl), esc(r.NewOp))
	for _, rw := range r.Rewrites {
		fmt.Fprintf(b, "  rewrite: %s on the old side, %s on the new\n", esc(strconv.Quote(rw.From)), esc(strconv.Quote(rw.To)))
	}
	total := r.Inputs["vectors"] + r.Inputs["corpus"] + r.Inputs["fuzz"]
	fmt.Fprintf(b, "%d inputs (vectors %d, corpora %d, fuzz %d in %s); %d answered alike, %d not answered by a side\n",
		total, r.Inputs["vectors"], r.Inputs["corpus"], r.Inputs["fuzz"], r.FuzzTime.Round(1e7), r.Same, r.Unanswered)
	for _, k := range Classes {
		fmt.Fprintf(b, "  %-14s %6d  %s\n", k, r.Counts[k], k.Describe())
	}
	return b.String()
}

// WriteText renders r as text: what was compared, the count per class,
// then the findings of each class (at most limit of each, every listed
// one when limit < 1), each with where it came from, its input (and how
// long it was before minimization), and both answers; the unanswered
// inputs. Every string from outside is escaped. It returns the first
// write error.
func WriteText(w io.Writer, r *Result, limit int) error {
	b := &strings.Builder{}
	b.WriteString(header(r))
	for _, k := range Classes {
		var fs []Finding
		for _, f := range r.Findings {
			if f.Class == k {
				fs = append(fs, f)
			}
		}
		if len(fs) == 0 {
			continue
		}
		fmt.Fprintf(b, "\n%s (%d):\n", k, r.Counts[k])
		for i, f := range fs {
			if limit > 0 && i == limit {
				fmt.Fprintf(b, "  ... %d more (--max, or --format json)\n", r.Counts[k]-limit)
				break
			}
			fmt.Fprintf(b, "  %s\n", esc(f.Origin))
			fmt.Fprintf(b, "    input: %s", shown(f.Input, 300))
			if f.Original != nil {
				fmt.Fprintf(b, " (minimized from %d bytes)", len(f.Original))
			}
			b.WriteString("\n")
			fmt.Fprintf(b, "    old:   %s\n    new:   %s\n", answer(f.Old), answer(f.New))
		}
		if limit < 1 || len(fs) <= limit {
			if more := r.Counts[k] - len(fs); more > 0 {
				fmt.Fprintf(b, "  ... %d more not kept (at most %d a class)\n", more, MaxFindings)
			}
		}
	}
	for _, p := range r.Problems {
		fmt.Fprintf(b, "not answered: %s\n", esc(p))
	}
	if more := r.Unanswered - len(r.Problems); more > 0 {
		fmt.Fprintf(b, "not answered: %d more\n", more)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// jsonAnswer is an answer in the JSON rendering.
type jsonAnswer struct {
	Outcome   string `json:"outcome"`
	Output    string `json:"output,omitempty"`
	OutputHex string `json:"output_hex,omitempty"`
	Message   string `json:"message,omitempty"`
}

func toJSONAnswer(r impl.Result) jsonAnswer {
	a := jsonAnswer{Outcome: r.Outcome, Message: r.Message}
	if r.Outcome == impl.OK {
		if utf8.Valid(r.Output) {
			a.Output = string(r.Output)
		} else {
			a.OutputHex = hex.EncodeToString(r.Output)
		}
	}
	return a
}

// jsonFinding is a finding in the JSON rendering: bytes as text when they
// are UTF-8, else hex.
type jsonFinding struct {
	Class          Class      `json:"class"`
	Origin         string     `json:"origin"`
	Input          *string    `json:"input,omitempty"`
	InputHex       string     `json:"input_hex,omitempty"`
	OriginalLength int        `json:"original_length,omitempty"`
	Old            jsonAnswer `json:"old"`
	New            jsonAnswer `json:"new"`
}

// WriteJSON renders r as one JSON object: the sides, the rewrites, the
// input counts, the counts per class, every finding kept (input as text
// or hex, both answers) and the unanswered inputs; hidden characters are
// written as JSON escapes (internal/escape). It returns the first write
// error.
func WriteJSON(w io.Writer, r *Result) error {
	out := struct {
		Contract   string         `json:"contract"`
		Old        [2]string      `json:"old"`
		New        [2]string      `json:"new"`
		Rewrites   []Rewrite      `json:"rewrites"`
		Inputs     map[string]int `json:"inputs"`
		FuzzTime   string         `json:"fuzz_time"`
		Same       int            `json:"same"`
		Unanswered int            `json:"unanswered"`
		Problems   []string       `json:"problems"`
		Counts     map[Class]int  `json:"counts"`
		Findings   []jsonFinding  `json:"findings"`
	}{Contract: r.Contract, Old: [2]string{r.OldImpl, r.OldOp}, New: [2]string{r.NewImpl, r.NewOp}, Rewrites: r.Rewrites,
		Inputs: r.Inputs, FuzzTime: r.FuzzTime.String(), Same: r.Same, Unanswered: r.Unanswered, Problems: r.Problems,
		Counts: r.Counts, Findings: []jsonFinding{}}
	if out.Rewrites == nil {
		out.Rewrites = []Rewrite{}
	}
	if out.Problems == nil {
		out.Problems = []string{}
	}
	for _, f := range r.Findings {
		j := jsonFinding{Class: f.Class, Origin: f.Origin, OriginalLength: len(f.Original), Old: toJSONAnswer(f.Old), New: toJSONAnswer(f.New)}
		if utf8.Valid(f.Input) {
			s := string(f.Input)
			j.Input = &s
		} else {
			j.InputHex = hex.EncodeToString(f.Input)
		}
		out.Findings = append(out.Findings, j)
	}
	return escape.WriteJSON(w, out)
}
