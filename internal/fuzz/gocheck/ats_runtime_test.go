package gocheck

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/commands"
	"github.com/leanovate/gopter/gen"

	"github.com/conform-dev/conform/internal/fuzz/differential"
	fgen "github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/reference/atsruntime"
)

// arSequencesEnv raises the number of command sequences of
// TestATSRuntimeNoteHistory (default 200), for long runs.
const arSequencesEnv = "CONFORM_ATS_RUNTIME_SEQUENCES"

// arNote is the model of one journal entry's note history (spec/ats-runtime.md,
// "save-note"; seed 001, section 3, invariant 7): its reflection_revision,
// its reflection text ("" for none), and its fact_revision, which no save
// may move.
type arNote struct {
	rev, fact int
	text      string
}

// arEntry is the trade-journal/2 document of state m.
func arEntry(m arNote) string {
	reflection := "null"
	if m.rev > 0 {
		reflection = strconv.Quote(m.text)
	}
	return fmt.Sprintf(`{"schema_version":"aether.ats.trade-journal/2","entry_id":"entry_T1","facts":{"receipt_id":"receipt_9Kd2","symbol":"AAPL","side":"buy","quantity":10,"price_minor":58012,"executed_at_ms":1790000500000},"fact_revision":%d,"reflection_revision":%d,"reflection":%s}`, m.fact, m.rev, reflection)
}

// arSave is a save-note input: the entry of m and a note of revision
// base+1 superseding base (null for 0), with text.
func arSave(m arNote, base int, text string) []byte {
	sup := "null"
	if base > 0 {
		sup = strconv.Itoa(base)
	}
	note := fmt.Sprintf(`{"schema_version":"aether.ats.human-note-revision/1","entry_id":"entry_T1","revision":%d,"supersedes":%s,"text":%s,"authored_at_ms":1790000600000}`, base+1, sup, strconv.Quote(text))
	return []byte(`{"entry":` + arEntry(m) + `,"note":` + note + `}`)
}

// arOutcome is what one command saw: the reference's answer and every
// disagreement of a mirror with it.
type arOutcome struct {
	out      []byte
	err      error
	disagree []differential.Disagreement
}

// arSystem runs save-note through the reference and every mirror; it
// keeps the entry the saves so far produced.
type arSystem struct {
	d *differential.Differ
	m arNote
}

func (s *arSystem) save(base int, text string) arOutcome {
	in := arSave(s.m, base, text)
	out, err := atsruntime.SaveNote(in)
	dis := s.d.Check(context.Background(), []impl.Job{{Contract: atsruntime.Contract, Op: atsruntime.OpSaveNote, Input: in}})
	return arOutcome{out, err, dis}
}

// arAgreed is the postcondition every command shares: every mirror
// answered as the reference did.
func arAgreed(o arOutcome) *gopter.PropResult {
	if len(o.disagree) > 0 {
		return &gopter.PropResult{Status: gopter.PropFalse, Error: fmt.Errorf("%s", o.disagree[0].String())}
	}
	return &gopter.PropResult{Status: gopter.PropTrue}
}

// arSaved is the expected answer of a save that produced state m.
func arSaved(m arNote) []byte {
	entry, _ := fgen.ParseDoc(arEntry(m))
	digest, _ := fgen.ATSDigest(entry)
	return []byte(`{"digest":"` + digest + `","fact_revision":` + strconv.Itoa(m.fact) + `,"reflection_revision":` + strconv.Itoa(m.rev) + `}`)
}

// arSaveCommand saves a note from the current base with text: an append
// (no reflection yet) or a reflection edit. The model advances
// reflection_revision by one and keeps fact_revision.
func arSaveCommand(name string, text func(arNote) string, pre func(arNote) bool) commands.Command {
	return &commands.ProtoCommand{
		Name:             name,
		PreConditionFunc: func(st commands.State) bool { return pre(st.(arNote)) },
		RunFunc: func(sut commands.SystemUnderTest) commands.Result {
			s := sut.(*arSystem)
			t := text(s.m)
			o := s.save(s.m.rev, t)
			if o.err == nil {
				s.m = arNote{rev: s.m.rev + 1, fact: s.m.fact, text: t}
			}
			return o
		},
		NextStateFunc: func(st commands.State) commands.State {
			m := st.(arNote)
			return arNote{rev: m.rev + 1, fact: m.fact, text: text(m)}
		},
		PostConditionFunc: func(st commands.State, r commands.Result) *gopter.PropResult {
			o := r.(arOutcome)
			if res := arAgreed(o); res.Status != gopter.PropTrue {
				return res
			}
			if want := arSaved(st.(arNote)); o.err != nil || !bytes.Equal(o.out, want) {
				return &gopter.PropResult{Status: gopter.PropFalse, Error: fmt.Errorf("got %s %v, want %s", o.out, o.err, want)}
			}
			return &gopter.PropResult{Status: gopter.PropTrue}
		},
	}
}

// arStaleCommand saves a self-consistent note from a base other than the
// current one (behind by delta, or ahead when delta is negative): a
// conflict, and the model does not move.
func arStaleCommand(delta int) commands.Command {
	return &commands.ProtoCommand{
		Name: fmt.Sprintf("stale save (base %+d)", -delta),
		RunFunc: func(sut commands.SystemUnderTest) commands.Result {
			s := sut.(*arSystem)
			return s.save(s.m.rev-delta, "late edit")
		},
		PreConditionFunc: func(st commands.State) bool { return st.(arNote).rev-delta >= 0 },
		PostConditionFunc: func(_ commands.State, r commands.Result) *gopter.PropResult {
			o := r.(arOutcome)
			if res := arAgreed(o); res.Status != gopter.PropTrue {
				return res
			}
			if o.err == nil {
				return &gopter.PropResult{Status: gopter.PropFalse, Error: fmt.Errorf("a stale save was accepted: %s", o.out)}
			}
			if o.err.Error() != atsruntime.ErrNoteConflict.Message {
				return &gopter.PropResult{Status: gopter.PropFalse, Error: fmt.Errorf("a stale save refused with %q", o.err)}
			}
			return &gopter.PropResult{Status: gopter.PropTrue}
		},
	}
}

// TestATSRuntimeNoteHistory is the commands test of the note revision
// history (spec/ats-runtime.md, "save-note"): random sequences of appends,
// reflection edits and stale saves, each run through the reference and
// both mirrors (differential.Start: ts and python); every mirror must
// answer each save as the reference does, and the reference as the model
// says (the next revision numbers and the digest of the next entry, a
// conflict for a stale base). gopter shrinks a failing sequence to the
// shortest that still fails.
func TestATSRuntimeNoteHistory(t *testing.T) {
	set, err := differential.Start(context.Background(), differential.Config{Impls: []string{"ts", "python"}}, io.Discard)
	defer set.Close()
	if err != nil {
		t.Fatalf("starting the mirrors: %v", err)
	}
	tg, ok := differential.Lookup("FuzzATSRuntimeDecisions")
	if !ok {
		t.Fatal("no target FuzzATSRuntimeDecisions")
	}
	if err := set.Declared(tg); err != nil {
		t.Fatal(err)
	}
	d := set.For(tg)
	appendText := func(m arNote) string { return "note " + strconv.Itoa(m.rev+1) }
	editText := func(m arNote) string { return m.text + " (edited)" }
	cmds := &commands.ProtoCommands{
		NewSystemUnderTestFunc: func(st commands.State) commands.SystemUnderTest {
			return &arSystem{d: d, m: st.(arNote)}
		},
		InitialStateGen: gen.IntRange(1, 5).Map(func(fact int) arNote { return arNote{fact: fact} }),
		GenCommandFunc: func(st commands.State) gopter.Gen {
			m := st.(arNote)
			options := []gopter.Gen{gen.Const(arSaveCommand("append", appendText, func(arNote) bool { return true })), gen.IntRange(-2, 3).SuchThat(func(k int) bool {
				return k != 0 && m.rev-k >= 0
			}).Map(func(k int) commands.Command { return arStaleCommand(k) })}
			if m.rev > 0 {
				options = append(options, gen.Const(arSaveCommand("reflection edit", editText, func(m arNote) bool { return m.rev > 0 })))
			}
			return gen.OneGenOf(options...)
		},
	}
	p := parameters()
	p.MinSuccessfulTests = 200
	if n, err := strconv.Atoi(os.Getenv(arSequencesEnv)); err == nil && n > 0 {
		p.MinSuccessfulTests = n
	}
	props := gopter.NewProperties(p)
	props.Property("save-note: mirrors agree with the reference, and the reference with the model", commands.Prop(cmds))
	props.TestingRun(t)
}
