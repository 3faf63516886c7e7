package gen

// The operations of a contract and the members of each one's input
// envelope, read from the catalogue (the spec's Operations table) rather
// than typed again.

import (
	"strings"

	"github.com/conform-dev/conform/internal/spec"
)

// envelopesOf returns the operations of contract (name and version), in
// table order, and the members of each one's envelope, in order: the
// names the "accepts" column gives between a leading "`{" and "}`"
// ("`{trust, device_proof, now}` (the device proof unvalidated)"); an
// operation whose input is not such an envelope has none. A contract the
// catalogue lacks is a programming error of the generator: it panics.
func envelopesOf(contract string) ([]string, map[string][]string) {
	k, ok := spec.MustLoad().Contract(contract)
	if !ok {
		panic("gen: " + contract + " is not in the catalogue")
	}
	var ops []string
	members := map[string][]string{}
	for _, o := range k.Operations {
		ops = append(ops, o.Op)
		if in, ok := strings.CutPrefix(o.Accepts, "`{"); ok {
			in, _, _ = strings.Cut(in, "}`")
			members[o.Op] = strings.Split(in, ", ")
		}
	}
	return ops, members
}
