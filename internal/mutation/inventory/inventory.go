// Package inventory is the guard inventory of the audit (issue 6, "Guard
// inventory"): every guard of every contract, as each implementation's
// refusal table lists it (the protocol's `guards` request), joined with the
// vectors aimed at it and, for the Go reference, its refusal sites in the
// source (found by internal/mutation/mutant). It flags what breaks the rule "one
// guard, one message" (spec/README.md) or leaves a guard unproven:
//
//   - a message no vector aims at, unless its contract declares it
//     unreachable (and a declared unreachable message some vector aims at);
//   - a vector whose message no implementation has;
//   - a guard some implementation lacks, or lists under another code;
//   - a message listed twice in one implementation's table of a contract,
//     or a code listed with two messages;
//   - a Go guard with no refusal site, a Go site whose guard is not in the
//     table or cannot be resolved.
package inventory

import (
	"fmt"
	"sort"
	"strings"

	"github.com/conform-dev/conform/internal/mutation/mutant"
	"github.com/conform-dev/conform/internal/protocol"
	"github.com/conform-dev/conform/internal/vectors"
)

// declaredUnreachable reports whether a guard (contract, message) is
// declared unreachable by its contract's Refusals table; tests replace it.
var declaredUnreachable = vectors.DeclaredUnreachable

// Table is one implementation's refusal table.
type Table struct {
	// Impl is the implementation's short name (go, ts, python).
	Impl   string           `json:"impl"`
	Guards []protocol.Guard `json:"guards"`
}

// Entry is one guard, (contract, message), across implementations.
type Entry struct {
	Contract string `json:"contract"`
	Message  string `json:"message"`
	// Codes holds each implementation's code for the guard; an
	// implementation without it is absent.
	Codes map[string]string `json:"codes"`
	// Vectors counts the vectors aimed at the guard; Grammar those of them
	// tagged grammar.
	Vectors int `json:"vectors"`
	Grammar int `json:"grammar"`
	// Unreachable is set when the guard's contract declares it
	// unreachable (vectors.DeclaredUnreachable): no vector may aim at it.
	Unreachable bool `json:"unreachable,omitempty"`
	// Sites are the Go reference's refusal sites for the guard ("file:line").
	Sites []string `json:"sites,omitempty"`
	// Flags says what is wrong with the guard, one line each.
	Flags []string `json:"flags,omitempty"`
}

// Code is the guard's code: the first implementation's that has one.
func (e Entry) Code(impls []string) string {
	for _, im := range impls {
		if c, ok := e.Codes[im]; ok {
			return c
		}
	}
	return ""
}

// Orphan is a message vectors aim at that no implementation has.
type Orphan struct {
	Contract string `json:"contract"`
	Message  string `json:"message"`
	// Vectors are the vectors aimed at it ("source name").
	Vectors []string `json:"vectors"`
}

// Inventory is the joined view.
type Inventory struct {
	// Impls are the implementations, in the order given.
	Impls []string `json:"impls"`
	// Contracts lists the contracts in order: the tables' order, then
	// contracts only vectors name.
	Contracts []string `json:"contracts"`
	// Entries are the guards, by contract in Contracts order, then in the
	// first table's order.
	Entries []Entry `json:"entries"`
	// Orphans are messages vectors aim at that no implementation has.
	Orphans []Orphan `json:"orphans,omitempty"`
	// SitesKnown is false when Go refusal sites were not scanned.
	SitesKnown bool `json:"sites_known"`
	// Unconditional lists Go sites that refuse without a condition (a
	// grammar helper), "file:line guard".
	Unconditional []string `json:"unconditional,omitempty"`
	// Flags are problems not tied to one entry (a Go site that does not
	// resolve), one line each.
	Flags []string `json:"flags,omitempty"`
}

// Problems counts the flags: per entry, orphans, and the global ones.
func (inv Inventory) Problems() int {
	n := len(inv.Orphans) + len(inv.Flags)
	for _, e := range inv.Entries {
		n += len(e.Flags)
	}
	return n
}

type key struct{ contract, message string }

// Build joins tables (one per implementation, the Go reference's named
// goImpl among them) with cases (golden vectors; corpus cases are left
// out) and the Go refusal sites (nil when unknown: sitesKnown false). When
// contracts is not empty only those contracts are listed.
func Build(tables []Table, cases []vectors.Case, goImpl string, sites []mutant.Site, sitesKnown bool, contracts []string) Inventory {
	want := map[string]bool{}
	for _, c := range contracts {
		want[c] = true
	}
	in := func(c string) bool { return len(want) == 0 || want[c] }
	inv := Inventory{SitesKnown: sitesKnown}
	at := map[key]*Entry{}
	var order []key
	seenContract := map[string]bool{}
	addContract := func(c string) {
		if !seenContract[c] {
			seenContract[c] = true
			inv.Contracts = append(inv.Contracts, c)
		}
	}
	for _, t := range tables {
		inv.Impls = append(inv.Impls, t.Impl)
		codes := map[[2]string]string{}
		msgs := map[key]string{}
		for _, g := range t.Guards {
			if !in(g.Contract) {
				continue
			}
			addContract(g.Contract)
			k := key{g.Contract, g.Message}
			e := at[k]
			if e == nil {
				e = &Entry{Contract: g.Contract, Message: g.Message, Codes: map[string]string{}}
				at[k] = e
				order = append(order, k)
			}
			if prev, dup := msgs[k]; dup {
				// The same row twice (a table shared by several operations)
				// is one guard.
				if prev != g.Code {
					e.Flags = append(e.Flags, fmt.Sprintf("%s lists this message twice, under %s and %s: one guard, one message", t.Impl, prev, g.Code))
				}
			} else {
				msgs[k] = g.Code
				e.Codes[t.Impl] = g.Code
			}
			ck := [2]string{g.Contract, g.Code}
			if prev, dup := codes[ck]; dup && prev != g.Message {
				e.Flags = append(e.Flags, fmt.Sprintf("%s lists code %s with two messages, %q and %q", t.Impl, g.Code, prev, g.Message))
			}
			codes[ck] = g.Message
		}
	}
	orphans := map[key]*Orphan{}
	var orphanOrder []key
	for _, c := range cases {
		if c.Corpus != "" || !in(c.Contract) || c.Expect != vectors.ExpectRefused {
			continue
		}
		k := key{c.Contract, c.Message}
		if e := at[k]; e != nil {
			e.Vectors++
			if c.Exception == "grammar" {
				e.Grammar++
			}
			continue
		}
		o := orphans[k]
		if o == nil {
			addContract(c.Contract)
			o = &Orphan{Contract: c.Contract, Message: c.Message}
			orphans[k] = o
			orphanOrder = append(orphanOrder, k)
		}
		o.Vectors = append(o.Vectors, c.Source+" "+c.Name)
	}
	for _, s := range sites {
		if s.Message == "" {
			if len(want) == 0 && !s.Rows {
				inv.Flags = append(inv.Flags, fmt.Sprintf("Go site %s refuses with %s, which does not resolve to a guard variable", s, s.Guard))
			}
			continue
		}
		if !in(s.Contract) {
			continue
		}
		if !s.Conditional() {
			inv.Unconditional = append(inv.Unconditional, fmt.Sprintf("%s %s", s, s.Guard))
		}
		e := at[key{s.Contract, s.Message}]
		if e == nil || e.Codes[goImpl] == "" {
			inv.Flags = append(inv.Flags, fmt.Sprintf("Go site %s refuses with %s (%s %q), which the Go reference's table lacks", s, s.Guard, s.Contract, s.Message))
			continue
		}
		e.Sites = append(e.Sites, s.String())
	}
	for _, k := range order {
		e := at[k]
		e.Unreachable = declaredUnreachable(e.Contract, e.Message)
		switch {
		case e.Unreachable && e.Vectors > 0:
			e.Flags = append(e.Flags, fmt.Sprintf("declared %s, yet %d vectors aim at this message", vectors.Unreachable, e.Vectors))
		case !e.Unreachable && e.Vectors == 0:
			e.Flags = append(e.Flags, "no vector aims at this message")
		}
		var missing []string
		for _, t := range tables {
			if _, ok := e.Codes[t.Impl]; !ok {
				missing = append(missing, t.Impl)
			}
		}
		if len(missing) > 0 {
			e.Flags = append(e.Flags, "not in the table of "+strings.Join(missing, ", "))
		}
		distinct := map[string][]string{}
		for _, t := range tables {
			if c, ok := e.Codes[t.Impl]; ok {
				distinct[c] = append(distinct[c], t.Impl)
			}
		}
		if len(distinct) > 1 {
			var parts []string
			for c, ims := range distinct {
				parts = append(parts, fmt.Sprintf("%s (%s)", c, strings.Join(ims, ", ")))
			}
			sort.Strings(parts)
			e.Flags = append(e.Flags, "listed under different codes: "+strings.Join(parts, ", "))
		}
		if sitesKnown && e.Codes[goImpl] != "" && len(e.Sites) == 0 {
			e.Flags = append(e.Flags, "no refusal site in the Go reference's source")
		}
	}
	for _, c := range inv.Contracts {
		for _, k := range order {
			if k.contract == c {
				inv.Entries = append(inv.Entries, *at[k])
			}
		}
		for _, k := range orphanOrder {
			if k.contract == c {
				inv.Orphans = append(inv.Orphans, *orphans[k])
			}
		}
	}
	return inv
}
