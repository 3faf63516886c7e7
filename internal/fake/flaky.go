package fake

import "sync"

// flaky counts, per contract, operation and input, how many times the
// flaky fake has answered it.
var flaky = struct {
	sync.Mutex
	seen map[string]int
}{seen: map[string]int{}}

func init() {
	Fakes["flaky"] = Fake{
		Doc: "answers an accepted input with the reference's output and one extra byte the 1st, 3rd, 5th... time it is asked, " +
			"and with the reference's output the 2nd, 4th...: a nondeterministic implementation (conform run --rerun N)",
		Alter:      func(_, _ string, out []byte) []byte { return out },
		AlterInput: alternate,
	}
}

// alternate is the flaky fake's AlterInput: the reference's output out
// with a space appended on the odd-numbered answers of one harness process
// to the same contract, operation and input, and out itself on the even
// ones. Refusals are never altered (Fake.Alter), so only accepted inputs
// flake.
func alternate(contract, op string, in, out []byte) []byte {
	key := contract + "\n" + op + "\n" + string(in)
	flaky.Lock()
	flaky.seen[key]++
	n := flaky.seen[key]
	flaky.Unlock()
	if n%2 == 0 {
		return out
	}
	return append(out[:len(out):len(out)], ' ')
}
