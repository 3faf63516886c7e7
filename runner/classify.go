package runner

import (
	"bytes"

	"conform/mirrors/harness"
	"conform/mirrors/protocol"
	"conform/report"
	"conform/vectors"
)

// expectation resolves what a case requires, given the reference's answer
// for the expectations that defer to it. ok is false when there is nothing
// to compare with (the reference itself did not answer).
func expectation(c vectors.Case, ref harness.Result) (want report.Answer, by string, ok bool) {
	switch c.Expect {
	case vectors.ExpectOK:
		return report.Answer{Outcome: protocol.OutcomeOK, Output: nonNil(c.Output)}, source(c), true
	case vectors.ExpectRefused:
		return report.Answer{Outcome: protocol.OutcomeRefused, Message: c.Message}, source(c), true
	case vectors.ExpectRefusedAny:
		// The corpus requires a refusal; the message is the reference's,
		// so that all three agree on it, unless the reference accepted.
		if ref.Outcome == protocol.OutcomeRefused {
			return report.Answer{Outcome: protocol.OutcomeRefused, Message: ref.Message}, "corpus+reference", true
		}
		return report.Answer{Outcome: protocol.OutcomeRefused}, "corpus", true
	case vectors.ExpectReference:
		switch ref.Outcome {
		case protocol.OutcomeOK:
			return report.Answer{Outcome: protocol.OutcomeOK, Output: nonNil(ref.Output)}, "reference", true
		case protocol.OutcomeRefused:
			return report.Answer{Outcome: protocol.OutcomeRefused, Message: ref.Message}, "reference", true
		}
	}
	return report.Answer{}, "reference", false
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

// classify compares one implementation's result with the case's
// expectation and returns the report row.
func classify(c vectors.Case, impl string, ref, got harness.Result) report.Row {
	row := report.Row{
		Case: c.ID, Name: c.Name, Contract: c.Contract, Op: c.Op, Source: c.Source, Corpus: c.Corpus,
		Impl: impl, Uncaught: got.Uncaught,
		Got: report.Answer{Outcome: got.Outcome, Output: got.Output, Message: got.Message, Trace: got.Trace, Reason: got.Reason},
	}
	want, by, ok := expectation(c, ref)
	row.Expected, row.ExpectedBy = want, by
	switch got.Outcome {
	case protocol.OutcomeErrored:
		row.Outcome = report.Errored
		return row
	case harness.OutcomeTimeout:
		row.Outcome = report.Timeout
		return row
	case protocol.OutcomeSkipped:
		row.Outcome = report.Skipped
		return row
	}
	if !ok {
		// The reference did not answer, so a mirror has nothing to agree
		// with; the reference's own row already shows why.
		row.Outcome = report.Errored
		row.Got.Message = "no expectation: the reference did not answer"
		return row
	}
	switch {
	case want.Outcome == protocol.OutcomeOK && got.Outcome == protocol.OutcomeOK:
		row.Outcome = report.Agree
		if !bytes.Equal(want.Output, got.Output) {
			row.Outcome = report.WrongOutput
		}
	case want.Outcome == protocol.OutcomeRefused && got.Outcome == protocol.OutcomeRefused:
		row.Outcome = report.Agree
		if want.Message != "" && want.Message != got.Message {
			row.Outcome = report.WrongMessage
		}
	case want.Outcome == protocol.OutcomeRefused:
		row.Outcome = report.AcceptedShouldRefuse
	default:
		row.Outcome = report.RefusedShouldAccept
	}
	return row
}
