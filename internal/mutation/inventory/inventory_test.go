package inventory

import (
	"bytes"
	"strings"
	"testing"

	"github.com/conform-dev/conform/internal/mutation/mutant"
	"github.com/conform-dev/conform/internal/protocol"
	"github.com/conform-dev/conform/internal/vectors"
)

func g(code, msg string) protocol.Guard {
	return protocol.Guard{Contract: "t/1", Code: code, Message: msg}
}

func refused(msg, exception string) vectors.Case {
	return vectors.Case{Contract: "t/1", Expect: vectors.ExpectRefused, Message: msg, Exception: exception, Source: "vectors/t/x.jsonl:2", Name: "n"}
}

func TestFlags(t *testing.T) {
	tables := []Table{
		{Impl: "go", Guards: []protocol.Guard{g("t.a", "a"), g("t.b", "b"), g("t.c", "c"), g("t.nosite", "nosite"), g("t.a", "a")}},
		{Impl: "ts", Guards: []protocol.Guard{g("t.a", "a"), g("t.b", "b"), g("t.c2", "c"), g("t.nosite", "nosite")}},
		{Impl: "python", Guards: []protocol.Guard{g("t.a", "a"), g("t.b", "b"), g("t.c", "c"), g("t.b2", "b"), g("t.nosite", "nosite")}},
	}
	cases := []vectors.Case{refused("a", ""), refused("a", "grammar"), refused("c", ""), refused("nosite", ""), refused("orphan", ""), {Contract: "t/1", Expect: vectors.ExpectOK}}
	site := func(msg string) mutant.Site {
		return mutant.Site{File: "r/t.go", Line: 3, Guard: "Err", Contract: "t/1", Message: msg}
	}
	sites := []mutant.Site{site("a"), site("b"), site("c"), site("ghost"), {File: "r/t.go", Line: 9, Guard: "local"}}
	inv := Build(tables, cases, "go", sites, true, nil)

	flags := map[string]string{}
	for _, e := range inv.Entries {
		flags[e.Message] = strings.Join(e.Flags, "; ")
	}
	if flags["a"] != "" {
		t.Errorf("a (the same row twice in go) is flagged: %s", flags["a"])
	}
	if !strings.Contains(flags["b"], "no vector aims") || !strings.Contains(flags["b"], "python lists this message twice") {
		t.Errorf("b: %s", flags["b"])
	}
	if !strings.Contains(flags["c"], "different codes: t.c (go, python), t.c2 (ts)") {
		t.Errorf("c: %s", flags["c"])
	}
	if !strings.Contains(flags["nosite"], "no refusal site") {
		t.Errorf("nosite: %s", flags["nosite"])
	}
	if len(inv.Orphans) != 1 || inv.Orphans[0].Message != "orphan" {
		t.Errorf("orphans %+v", inv.Orphans)
	}
	if e := inv.Entries[0]; e.Vectors != 2 || e.Grammar != 1 || len(e.Sites) != 1 {
		t.Errorf("a: %+v", e)
	}
	global := strings.Join(inv.Flags, "\n")
	if !strings.Contains(global, "ghost") || !strings.Contains(global, "does not resolve") {
		t.Errorf("global flags: %s", global)
	}
	var buf bytes.Buffer
	inv.WriteText(&buf)
	out := buf.String()
	for _, s := range []string{"t/1", "t.a", "2 (1 grammar)", "flags:", "no implementation has it", "r/t.go:3"} {
		if !strings.Contains(out, s) {
			t.Errorf("text lacks %q:\n%s", s, out)
		}
	}
	if inv.Problems() < 6 {
		t.Errorf("%d problems", inv.Problems())
	}

	// Filtered to another contract: nothing of t/1 is listed.
	if inv := Build(tables, cases, "go", sites, true, []string{"u/1"}); len(inv.Entries) != 0 || len(inv.Orphans) != 0 || inv.Problems() != 0 {
		t.Errorf("filtered: %+v", inv)
	}
}

// A message its contract declares unreachable is not flagged for having
// no vector, and is flagged when a vector aims at it.
func TestDeclaredUnreachable(t *testing.T) {
	saved := declaredUnreachable
	defer func() { declaredUnreachable = saved }()
	declaredUnreachable = func(contract, message string) bool {
		return contract == "t/1" && (message == "dead" || message == "deadaimed")
	}
	tables := []Table{{Impl: "go", Guards: []protocol.Guard{g("t.dead", "dead"), g("t.deadaimed", "deadaimed")}}}
	inv := Build(tables, []vectors.Case{refused("deadaimed", "")}, "go", nil, false, nil)
	flags := map[string]string{}
	for _, e := range inv.Entries {
		flags[e.Message] = strings.Join(e.Flags, "; ")
		if !e.Unreachable {
			t.Errorf("%s: not marked unreachable", e.Message)
		}
	}
	if flags["dead"] != "" {
		t.Errorf("dead: flagged %s", flags["dead"])
	}
	if !strings.Contains(flags["deadaimed"], "declared unreachable, yet 1 vectors aim") {
		t.Errorf("deadaimed: %s", flags["deadaimed"])
	}
	var buf bytes.Buffer
	inv.WriteText(&buf)
	if !strings.Contains(buf.String(), "(declared unreachable)") {
		t.Errorf("text lacks the declaration:\n%s", buf.String())
	}
}
