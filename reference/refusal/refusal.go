// Package refusal holds the one mechanism every reference contract refuses
// through: a closed table of guards per contract, each with a stable code and
// a fixed message, and the guard-mutation control that lets named guards pass.
//
// Source: spec/README.md ("Rules shared by every contract") and the `ignore`
// request of mirrors/PROTOCOL.md.
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
// returns exactly the guard's message.
type Error struct {
	Guard Guard
}

func (e *Error) Error() string { return e.Guard.Message }

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

// Checker decides, for one call, whether a guard refuses. Build it with New.
type Checker struct {
	ignore Ignore
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
