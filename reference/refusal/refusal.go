// Package refusal is public and holds the one mechanism every reference contract refuses
// through: a closed table of guards per contract, each with a stable code and
// a fixed message, and the guard-mutation controls that let named guards pass
// and move named thresholds.
//
// Source: spec/README.md ("Rules shared by every contract") and the `ignore`
// request of mirrors/PROTOCOL.md.
//
// It is public because the reference's operations refuse through it: it
// promises that a refusal is an *Error whose Guard carries the contract's
// stable code and fixed message (spec/<name>.md, "Refusals").
package refusal

// Guard is one entry of a contract's closed refusal table.
type Guard struct {
	// Contract is the contract name with its version, "<name>/<version>".
	Contract string
	// Code is the stable identifier, "<prefix>.<name>" (spec/README.md,
	// "The catalogue").
	Code string
	// Message is the fixed ASCII text compared byte for byte across
	// implementations. It never carries a value or a position.
	Message string
}

// Error is a refusal: the input is outside the contract. Its Error method
// returns exactly the guard's message; where the refusal happened is data
// beside it, never part of the message.
type Error struct {
	Guard Guard
	// At is where in the input the refusal happened, as far as the refusal
	// site knows; its zero value says nothing.
	At Location
}

func (e *Error) Error() string { return e.Guard.Message }

// Location is where in an operation's input a refusal happened, as
// jsontext's syntax errors keep it: a byte offset, a JSON pointer, or both.
// It is never compared between implementations (mirrors/PROTOCOL.md, "run",
// the optional `at`).
type Location struct {
	// Offset is a byte offset into the operation's input bytes, from 0 to
	// its length, when HasOffset.
	Offset    int
	HasOffset bool
	// Pointer is an RFC 6901 JSON pointer to the value refused ("" is the
	// whole input value, "/a/0" the first element of its member a), when
	// HasPointer.
	Pointer    string
	HasPointer bool
}

// Within reports whether l can be said of an input of n bytes: an offset,
// when it has one, from 0 to n, and a pointer, when it has one, that is RFC
// 6901 (empty, or a '/' before each reference token, in which '~' is
// followed only by '0' or '1').
func (l Location) Within(n int) bool {
	if l.HasOffset && (l.Offset < 0 || l.Offset > n) {
		return false
	}
	if !l.HasPointer {
		return true
	}
	p := l.Pointer
	if p != "" && p[0] != '/' {
		return false
	}
	for i := 0; i < len(p); i++ {
		if p[i] == '~' && (i+1 == len(p) || (p[i+1] != '0' && p[i+1] != '1')) {
			return false
		}
	}
	return true
}

// AtOffset returns the location of the byte offset off.
func AtOffset(off int) Location { return Location{Offset: off, HasOffset: true} }

// AtPointer returns the location of the value at the RFC 6901 pointer p.
func AtPointer(p string) Location { return Location{Pointer: p, HasPointer: true} }

// At returns the location of the value at the RFC 6901 pointer p, which
// starts at the byte offset off.
func At(off int, p string) Location {
	return Location{Offset: off, HasOffset: true, Pointer: p, HasPointer: true}
}

// Locate sets the location of err to at when err is a *Error, and returns
// err. Any other error, nil included, is returned as it is.
func Locate(err error, at Location) error {
	if e, ok := err.(*Error); ok {
		e.At = at
	}
	return err
}

// Ignore is the set of guards, by message, that a run lets pass. The zero
// value ignores nothing.
type Ignore map[string]bool

// Option configures one call of a reference operation.
type Option func(*Checker)

// Ignoring makes the guards with these messages let their inputs pass. It is
// the in-process form of the protocol's `ignore` request.
func Ignoring(messages ...string) Option {
	return func(c *Checker) {
		if c.ignore == nil {
			c.ignore = Ignore{}
		}
		for _, m := range messages {
			c.ignore[m] = true
		}
	}
}

// Shifting moves the contract's thresholds for this call, each by the
// given amount (threshold name to shift, spec/<name>.md, "Thresholds"). It
// is the in-process form of the protocol's `shift` request; a name the
// contract does not have changes nothing.
func Shifting(shift map[string]int) Option {
	return func(c *Checker) {
		if len(shift) == 0 {
			return
		}
		if c.shift == nil {
			c.shift = map[string]int{}
		}
		for name, by := range shift {
			c.shift[name] += by
		}
	}
}

// Observing tells observe the message of every guard the call's Refuse
// is called with, ignored or not: which guards a run reaches, so that the
// single-cause audit reruns, for a guard, only the vectors that reach it
// (ignoring a guard changes nothing in a run that never asks it).
func Observing(observe func(message string)) Option {
	return func(c *Checker) { c.observe = observe }
}

// Checker decides, for one call, whether a guard refuses and what each
// threshold is. Build it with New.
type Checker struct {
	ignore  Ignore
	shift   map[string]int
	observe func(message string)
}

// Limit returns the threshold name of value value (its row of the
// contract's Thresholds table) as this call sees it: value moved by the
// call's shift of name, if any.
func (c *Checker) Limit(name string, value int) int {
	if c == nil {
		return value
	}
	return value + c.shift[name]
}

// New returns a Checker configured by opts.
func New(opts ...Option) *Checker {
	c := &Checker{}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Refuse is called at a guard site whose condition holds. It returns the
// refusal, or nil when the guard is ignored; the caller then continues as if
// the condition had been false.
func (c *Checker) Refuse(g Guard) error {
	if c != nil && c.observe != nil {
		c.observe(g.Message)
	}
	if c != nil && c.ignore[g.Message] {
		return nil
	}
	return &Error{Guard: g}
}

// As reports whether err is a refusal and returns it.
func As(err error) (*Error, bool) {
	e, ok := err.(*Error)
	return e, ok
}
