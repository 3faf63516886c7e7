package runner

import (
	"bytes"

	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/spec"
	"github.com/conform-dev/conform/internal/vectors"
)

// expectation resolves what a case requires, given the reference's answer
// for the expectations that defer to it. ok is false when there is nothing
// to compare with (the reference itself did not answer).
func expectation(c vectors.Case, ref impl.Result) (want report.Answer, by string, ok bool) {
	switch c.Expect {
	case vectors.ExpectOK:
		return report.Answer{Outcome: impl.OK, Output: nonNil(c.Output)}, source(c), true
	case vectors.ExpectRefused:
		return report.Answer{Outcome: impl.Refused, Message: c.Message, At: refusedAt(ref)}, source(c), true
	case vectors.ExpectRefusedAny:
		// The corpus requires a refusal; the message is the reference's,
		// so that all three agree on it, unless the reference accepted.
		if ref.Outcome == impl.Refused {
			return report.Answer{Outcome: impl.Refused, Message: ref.Message, At: ref.At}, "corpus+reference", true
		}
		return report.Answer{Outcome: impl.Refused}, "corpus", true
	case vectors.ExpectReference:
		switch ref.Outcome {
		case impl.OK:
			return report.Answer{Outcome: impl.OK, Output: nonNil(ref.Output)}, "reference", true
		case impl.Refused:
			return report.Answer{Outcome: impl.Refused, Message: ref.Message, At: ref.At}, "reference", true
		}
	}
	return report.Answer{}, "reference", false
}

// refusedAt is where the reference refused, shown beside a refusal a
// vector expects (report.Answer's At): a vector holds no location.
func refusedAt(ref impl.Result) string {
	if ref.Outcome == impl.Refused {
		return ref.At
	}
	return ""
}

func source(c vectors.Case) string {
	if c.Corpus != "" {
		return "corpus"
	}
	return "vector"
}

func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// Verdict classifies the answer got of one implementation to case c: how
// it stands to the case's expectation, which for the expectations that
// defer to the Go reference (vectors.ExpectRefusedAny,
// vectors.ExpectReference) is built from the reference's answer ref. An
// errored, timed-out or skipped answer is that outcome whatever was
// expected; any other answer is Errored when there is no expectation (the
// reference did not answer). It is the one comparison of conform: run,
// repro and the fuzz differ all classify with it.
func Verdict(c vectors.Case, ref, got impl.Result) report.Outcome {
	want, _, ok := expectation(c, ref)
	return verdict(want, ok, got, c.Contract, Comparison{})
}

// Comparison is how the refusals of one implementation are compared with
// the expectation (report.ImplMeta's Compare and Messages): Mode is ""
// or report.CompareExact (the message must be the expected one),
// report.CompareVerdict (any refusal is the right verdict), or
// report.CompareMap (each message is first mapped through Messages, a
// message of the implementation to the contract's refusal code).
type Comparison struct {
	Mode     string
	Messages map[string]string
}

// ComparisonOf returns the comparison the header records for the
// implementation called name (exact when it records none).
func ComparisonOf(h report.Header, name string) Comparison {
	for _, m := range h.Impls {
		if m.Impl == name {
			return Comparison{Mode: m.Compare, Messages: m.Messages}
		}
	}
	return Comparison{}
}

// Message returns the message of contract's refusal table that msg
// stands for under the comparison's map (msg itself when the map does not
// name it, or names a code the table lacks).
func (cmp Comparison) Message(contract, msg string) string {
	code, ok := cmp.Messages[msg]
	if !ok {
		return msg
	}
	if c, ok := spec.MustLoad().Contract(contract); ok {
		for _, r := range c.Refusals {
			if r.Code == code {
				return r.Message
			}
		}
	}
	return msg
}

// verdict is Verdict with the expectation resolved (want, or none when ok
// is false) and the implementation's comparison: a refusal with another
// message than the expected one is report.OtherMessage under a verdict
// comparison, and otherwise report.WrongMessage when its message (mapped)
// is in contract's refusal table, report.UnknownMessage when it is not.
func verdict(want report.Answer, ok bool, got impl.Result, contract string, cmp Comparison) report.Outcome {
	switch got.Outcome {
	case impl.Errored:
		return report.Errored
	case impl.Timeout:
		return report.Timeout
	case impl.Skipped:
		return report.Skipped
	}
	switch {
	case !ok:
		return report.Errored
	case want.Outcome == impl.OK && got.Outcome == impl.OK:
		if !bytes.Equal(want.Output, got.Output) {
			return report.WrongOutput
		}
		return report.Agree
	case want.Outcome == impl.Refused && got.Outcome == impl.Refused:
		msg := cmp.Message(contract, got.Message)
		switch {
		case want.Message == "" || want.Message == msg:
			return report.Agree
		case cmp.Mode == report.CompareVerdict:
			return report.OtherMessage
		case !report.InTable(contract, msg):
			return report.UnknownMessage
		}
		return report.WrongMessage
	case want.Outcome == impl.Refused:
		return report.AcceptedShouldRefuse
	}
	return report.RefusedShouldAccept
}

// classify compares the answer got of the implementation called name with
// the case's expectation (Verdict), under the implementation's
// comparison, and returns the report row.
func classify(c vectors.Case, name string, ref, got impl.Result, cmp Comparison) report.Row {
	row := report.Row{
		Case: c.ID, Name: c.Name, Contract: c.Contract, Op: c.Op, Source: c.Source, Corpus: c.Corpus,
		Impl: name, Uncaught: got.Uncaught,
		Got: report.Answer{Outcome: got.Outcome, Output: got.Output, Message: got.Message, Trace: got.Trace, Reason: got.Reason, At: got.At},
	}
	want, by, ok := expectation(c, ref)
	row.Expected, row.ExpectedBy = want, by
	row.Outcome = verdict(want, ok, got, c.Contract, cmp)
	switch got.Outcome {
	case impl.Errored, impl.Timeout, impl.Skipped:
	default:
		if !ok {
			// The reference did not answer, so a mirror has nothing to
			// agree with; the reference's own row already shows why.
			row.Got.Message = "no expectation: the reference did not answer"
		}
	}
	return row
}
