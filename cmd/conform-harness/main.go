// Command conform-harness serves the Go reference over the harness protocol
// (mirrors/PROTOCOL.md) on stdin and stdout, through the Go kit (package
// mirrors/kit/go), so that everything that tests this harness tests the kit. conform runs the reference
// in-process; this binary exists so that the reference, or a mutant of it
// built with go build -overlay, can be driven like any mirror.
//
// In a schemata build (mutation/README.md, "Schemata") it also serves the
// protocol's mutant control, which switches the active mutant.
//
// With --fake <bug> it serves a test double instead: the reference with
// one seeded bug of package internal/fake, which conform drives as
// --impl fake:<bug>. An unknown bug exits 2 before the handshake.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/conform-dev/conform/internal/fake"
	"github.com/conform-dev/conform/internal/spec"
	kit "github.com/conform-dev/conform/mirrors/kit/go"
	"github.com/conform-dev/conform/reference"
	"github.com/conform-dev/conform/reference/refusal"
)

// version is the harness's own version.
const version = "0.1.0"

// run is the reference operation o as the kit runs it: the ignore set
// turned into the reference's, the contract's current shift (*shift, set
// by the kit's shift hook) into the reference's, a refusal into the kit's with where the
// reference refused (refusal.Location), any other error returned as it is
// (the kit answers it errored, never a refusal).
func run(o reference.Operation, shift *kit.Shift) kit.IgnoringFunc {
	return func(input []byte, ignore kit.Ignore) ([]byte, error) {
		out, err := o.Run(input, refusal.Ignoring(ignore.Messages()...), refusal.Shifting(*shift))
		if err != nil {
			if e, ok := refusal.As(err); ok {
				// A literal, not kit.Refuse: the guard inventory reads
				// every X.Refuse(G) call of the reference's sources as a
				// refusal site (internal/mutation/mutant).
				r := &kit.Refusal{Message: e.Guard.Message}
				if e.At.HasOffset {
					r.AtOffset(e.At.Offset)
				}
				if e.At.HasPointer {
					r.AtPointer(e.At.Pointer)
				}
				return nil, r
			}
			return nil, err
		}
		return out, nil
	}
}

// faked is run with the seeded bug of f: an accepted input's output
// passes through f.Alter (or f.AlterInput, which sees the input too);
// refusals, and where they happened, pass as they are.
func faked(f fake.Fake, contract, op string, next kit.IgnoringFunc) kit.IgnoringFunc {
	return func(input []byte, ignore kit.Ignore) ([]byte, error) {
		out, err := next(input, ignore)
		if err != nil {
			return nil, err
		}
		if f.AlterInput != nil {
			return f.AlterInput(contract, op, input, out), nil
		}
		return f.Alter(contract, op, out), nil
	}
}

func main() {
	bug := flag.String("fake", "", "serve the test double fake:<bug> instead of the reference (one of: "+strings.Join(fake.Names(), ", ")+")")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "conform-harness: unexpected arguments %q\n", flag.Args())
		os.Exit(2)
	}
	info := kit.Info{Name: "conform-go-reference", Version: version}
	var f fake.Fake
	var w io.Writer = os.Stdout
	if *bug != "" {
		var ok bool
		if f, ok = fake.Fakes[*bug]; !ok {
			fmt.Fprintf(os.Stderr, "conform-harness: unknown fake %q (known: %s)\n", *bug, strings.Join(fake.Names(), ", "))
			os.Exit(2)
		}
		fmt.Fprintf(os.Stderr, "conform-harness: serving the fuzz test double fake:%s (%s)\n", *bug, f.Doc)
		info.Name, info.Version = "conform-fake-"+*bug, "0"
		w = f.Writer(os.Stdout)
	}
	if err := build(info, bugOf(*bug, f)).Serve(os.Stdin, w); err != nil {
		fmt.Fprintln(os.Stderr, "conform-harness:", err)
		os.Exit(1)
	}
}

// bugOf is &f for a fake, nil for the reference.
func bugOf(bug string, f fake.Fake) *fake.Fake {
	if bug == "" {
		return nil
	}
	return &f
}

// build registers every reference operation with the kit, each altered by
// the fake f when it is not nil, with the reference's own guards, and
// declares the thresholds of each contract whose Thresholds table (the
// catalogue) has any, so that the audit can shift them.
func build(info kit.Info, f *fake.Fake) *kit.Kit {
	k := kit.New(info)
	cat := spec.MustLoad()
	shifts := map[string]*kit.Shift{}
	for _, o := range reference.Operations() {
		shift, seen := shifts[o.Contract]
		if !seen {
			shift = &kit.Shift{}
			shifts[o.Contract] = shift
			if c, ok := cat.Contract(o.Contract); ok && len(c.Thresholds) > 0 {
				var names []string
				for _, t := range c.Thresholds {
					names = append(names, t.Name)
				}
				k.Thresholds(o.Contract, names, func(s kit.Shift) { *shift = s })
			}
		}
		fn := run(o, shift)
		if f != nil {
			fn = faked(*f, o.Contract, o.Op, fn)
		}
		k.HandleIgnoring(o.Contract, o.Op, fn)
		// Every operation of a contract carries the whole table: the
		// reference's guards, not the catalogue's copy of them.
		var gs []kit.Guard
		for _, g := range o.Guards {
			gs = append(gs, kit.Guard{Code: g.Code, Message: g.Message})
		}
		k.Guards(o.Contract, gs...)
	}
	if refusal.Schemata() {
		// A schemata build of the mutation audit: every mutant compiled in,
		// activated through the protocol's mutant control.
		k.Mutants(refusal.SetMutant)
	}
	return k
}
