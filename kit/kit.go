// Package kit is the Go starter kit for bringing your own implementation
// into conform (README.md, "Bring your own implementation"): register a
// function per (contract, operation), call Main, and the kit speaks the
// harness protocol (mirrors/PROTOCOL.md) on stdin and stdout: the
// handshake (announcing exactly the registered contracts and operations,
// with the name and version given), run, batch, guards and ignore (the
// single-cause audit). It is built on mirrors/protocol.Serve, the same
// server the Go reference's harness (cmd/conform-harness) uses through this
// kit.
//
//	func main() {
//		k := kit.New(kit.Info{Name: "team-go", Version: "1.4.0"})
//		k.Handle("example/1", "canonicalize", func(in []byte) ([]byte, error) {
//			out, err := mylib.Canonicalize(in)
//			if errors.Is(err, mylib.ErrDuplicate) {
//				return nil, kit.Refuse("duplicate member name")
//			}
//			return out, err
//		})
//		os.Exit(k.Main())
//	}
//
// A function refuses by returning a *Refusal (the message from the
// contract's refusal table, spec/<name>.md "Refusals"); any other error,
// or a panic, is answered errored with a trace, never a refusal
// (PROTOCOL.md, "run": refused is the contract speaking, errored the
// implementation failing).
package kit

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"

	"conform/mirrors/protocol"
	"conform/spec"
)

// Info is what the implementation says about itself in the handshake
// (PROTOCOL.md, "start"). Name and Version are the user's; an empty
// Language is "go", an empty LanguageVersion, Runtime or RuntimeVersion
// that of the running Go (runtime.Version(), "go").
type Info struct {
	Name, Version                                      string
	Language, LanguageVersion, Runtime, RuntimeVersion string
}

// Refusal is the contract refusing an input: Message is the message of
// the refusal table (spec/<name>.md, "Refusals"); Offset (a byte offset
// into the input, 0 to its length) and Pointer (RFC 6901) say where, when
// set (PROTOCOL.md, "run": the optional at). It is an error, returned by
// a registered function.
type Refusal struct {
	Message string
	Offset  *int64
	Pointer *string
}

// Refuse returns the refusal with this message and no location.
func Refuse(message string) *Refusal { return &Refusal{Message: message} }

// AtOffset sets the byte offset into the input where the refusal happened
// and returns r.
func (r *Refusal) AtOffset(n int) *Refusal {
	o := int64(n)
	r.Offset = &o
	return r
}

// AtPointer sets the JSON pointer (RFC 6901) of the value refused and
// returns r.
func (r *Refusal) AtPointer(p string) *Refusal {
	r.Pointer = &p
	return r
}

// Error returns "refused: " and the message.
func (r *Refusal) Error() string { return "refused: " + r.Message }

// Func is one operation: input bytes to output bytes, or a *Refusal, or
// any other error (answered errored).
type Func func(input []byte) ([]byte, error)

// Ignore is the set of refusal messages of one contract whose guards the
// single-cause audit turns off (PROTOCOL.md, "ignore"): while a message is
// in it, the guard that refuses with it lets the input pass and the
// operation goes on as if its condition were false.
type Ignore map[string]bool

// Has reports whether the guard refusing with message is turned off.
func (i Ignore) Has(message string) bool { return i[message] }

// Messages returns the messages in the set, sorted.
func (i Ignore) Messages() []string {
	out := make([]string, 0, len(i))
	for m := range i {
		out = append(out, m)
	}
	slices.Sort(out)
	return out
}

// IgnoringFunc is an operation that can honour the audit's ignore set:
// Func with the set of its contract's guards to turn off.
type IgnoringFunc func(input []byte, ignore Ignore) ([]byte, error)

// Guard is one row of a contract's refusal table: its code and message
// (spec/<name>.md, "Refusals").
type Guard struct{ Code, Message string }

// Kit holds the registered operations of one implementation. The zero
// value is not usable; New makes one.
type Kit struct {
	info      Info
	contracts []string
	ops       map[string][]string
	funcs     map[[2]string]IgnoringFunc
	guards    map[string][]Guard
}

// New returns a kit with nothing registered, for the implementation info
// describes.
func New(info Info) *Kit {
	if info.Language == "" {
		info.Language = "go"
	}
	if info.LanguageVersion == "" {
		info.LanguageVersion = runtime.Version()
	}
	if info.Runtime == "" {
		info.Runtime = "go"
	}
	if info.RuntimeVersion == "" {
		info.RuntimeVersion = runtime.Version()
	}
	return &Kit{info: info, ops: map[string][]string{}, funcs: map[[2]string]IgnoringFunc{}, guards: map[string][]Guard{}}
}

// Handle registers f as operation op of contract ("example/1",
// "canonicalize"). f cannot honour the audit's ignore set: the kit lists
// no guard of the contract (unless Guards or HandleIgnoring gives them),
// and answers ignore with every pair of the contract unknown, the
// protocol's answer of an implementation that has no such guard.
// Registering a pair twice panics.
func (k *Kit) Handle(contract, op string, f Func) {
	k.register(contract, op, func(in []byte, _ Ignore) ([]byte, error) { return f(in) })
}

// HandleIgnoring registers f as operation op of contract, honouring the
// audit's ignore set; the contract's guards (what `guards` lists and
// `ignore` knows) are, unless Guards sets them, its refusal table in
// conform's catalogue (spec/catalogue.json). Registering a pair twice
// panics.
func (k *Kit) HandleIgnoring(contract, op string, f IgnoringFunc) {
	k.register(contract, op, f)
	if _, set := k.guards[contract]; !set {
		var gs []Guard
		if c, ok := spec.MustLoad().Contract(contract); ok {
			for _, r := range c.Refusals {
				gs = append(gs, Guard{Code: r.Code, Message: r.Message})
			}
		}
		k.guards[contract] = gs
	}
}

// Guards sets the guards of contract: the refusals its ignoring operations
// can turn off, in table order.
func (k *Kit) Guards(contract string, guards ...Guard) {
	k.guards[contract] = slices.Clone(guards)
}

func (k *Kit) register(contract, op string, f IgnoringFunc) {
	key := [2]string{contract, op}
	if _, dup := k.funcs[key]; dup {
		panic(fmt.Sprintf("kit: %s %s registered twice", contract, op))
	}
	if _, ok := k.ops[contract]; !ok {
		k.contracts = append(k.contracts, contract)
	}
	k.ops[contract] = append(k.ops[contract], op)
	k.funcs[key] = f
}

// Serve speaks the protocol over r and w until r ends (protocol.Serve):
// every answer written before the next request is read. It returns the
// first write error.
func (k *Kit) Serve(r io.Reader, w io.Writer) error {
	contracts := map[string][]string{}
	for c, ops := range k.ops {
		contracts[c] = slices.Clone(ops)
	}
	im := protocol.Implementation{
		Name: k.info.Name, Language: k.info.Language, LanguageVersion: k.info.LanguageVersion,
		Runtime: k.info.Runtime, RuntimeVersion: k.info.RuntimeVersion, Version: k.info.Version, Contracts: contracts,
	}
	return protocol.Serve(r, w, im, handler{k})
}

// Handler returns the protocol handler Serve answers with: a test can
// call the registered functions through it in-process, as Serve would
// (RunAt skips a pair not registered, refuses on a *Refusal, panics on
// another error).
func (k *Kit) Handler() protocol.LocatingHandler { return handler{k} }

// Main serves stdin and stdout and returns the exit code: 0 when stdin
// ended, 1 (after a line on stderr) when stdout failed.
func (k *Kit) Main() int {
	if err := k.Serve(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", k.info.Name, err)
		return 1
	}
	return 0
}

// handler adapts a Kit to protocol.LocatingHandler.
type handler struct{ k *Kit }

// Run is RunAt without the location.
func (h handler) Run(contract, op string, input []byte, ignore []protocol.GuardPair) ([]byte, string, string) {
	out, refusal, _, skip := h.RunAt(contract, op, input, ignore)
	return out, refusal, skip
}

// RunAt calls the registered function: a pair not registered is skipped;
// a *Refusal is refused, with where; another error panics, which Serve
// answers errored with the stack as the trace.
func (h handler) RunAt(contract, op string, input []byte, ignore []protocol.GuardPair) ([]byte, string, *protocol.Location, string) {
	f, ok := h.k.funcs[[2]string{contract, op}]
	if !ok {
		return nil, "", nil, fmt.Sprintf("%s %s is not implemented", contract, op)
	}
	var set Ignore
	for _, p := range ignore {
		if p.Contract == contract {
			if set == nil {
				set = Ignore{}
			}
			set[p.Message] = true
		}
	}
	out, err := f(input, set)
	if err != nil {
		if r, ok := err.(*Refusal); ok {
			var at *protocol.Location
			if r.Offset != nil || r.Pointer != nil {
				at = &protocol.Location{Offset: r.Offset, Pointer: r.Pointer}
			}
			return nil, r.Message, at, ""
		}
		panic(err)
	}
	if out == nil {
		out = []byte{}
	}
	return out, "", nil, ""
}

// Guards lists the guards of every contract registered, contract by
// contract in the order of registration.
func (h handler) Guards() []protocol.Guard {
	var gs []protocol.Guard
	for _, c := range h.k.contracts {
		for _, g := range h.k.guards[c] {
			gs = append(gs, protocol.Guard{Contract: c, Code: g.Code, Message: g.Message})
		}
	}
	return gs
}
