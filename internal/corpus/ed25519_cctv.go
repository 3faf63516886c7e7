package corpus

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/conform-dev/conform/internal/vectors"
)

// cctvFile is the name of C2SP/CCTV's Ed25519 vectors file. The name is its
// own, so the file is recognised in any directory.
const cctvFile = "ed25519vectors.json"

// cctvFlags is the flag policy of spec/ed25519.md for the CCTV vectors
// (C2SP/CCTV ed25519/README.md describes the flags): each flag the loader
// knows, mapped to whether it makes ed25519/1 refuse. A vector is accepted
// when none of its flags refuses. TestEd25519Oracle checks each verdict
// against crypto/ed25519 and the blocklist.
var cctvFlags = flagPolicy{
	// low_order_A: A is one of the 14 encodings of the eight small-order
	// points. Each, sign bit masked, is a libsodium blocklist entry: refused
	// by rule 3 (y >= p) or rule 4 (key small order).
	"low_order_A": true,
	// non_canonical_A: A is one of the six alternative encodings of a
	// small-order point (y >= p, or x = 0 with the sign bit set): refused by
	// rule 3 or, masked, by rule 4.
	"non_canonical_A": true,
	// low_order_R: R is one of the 14 small-order encodings: refused by
	// rule 6 (R small order, sign bit masked).
	"low_order_R": true,
	// non_canonical_R: R is an alternative encoding of a small-order point:
	// refused by rule 6, and rule 8 would refuse it anyway, as it compares
	// R's bytes with a canonical encoding.
	"non_canonical_R": true,
	// low_order_residue: the small-order components of R and [k]A do not
	// cancel, so only the cofactored equation holds: refused by rule 8.
	"low_order_residue": true,
	// low_order_component_A: A has a small-order component, possibly next
	// to a prime-order one. A blocklist cannot reject a mixed-order point
	// and this policy does not screen them: no change.
	"low_order_component_A": false,
	// low_order_component_R: the same for R: no change.
	"low_order_component_R": false,
	// reencoded_k: k was computed over the canonical re-encoding of a
	// non-canonical A or R. It always comes with non_canonical_A or
	// non_canonical_R, which refuse; rule 8 hashes the bytes given, so the
	// flag itself changes nothing.
	"reencoded_k": false,
}

// cctvVector is one entry of ed25519vectors.json. flags is null, not [],
// when a vector has none (the Go generator writes a nil slice).
type cctvVector struct {
	Number int      `json:"number"`
	Key    string   `json:"key"`
	Sig    string   `json:"sig"`
	Msg    string   `json:"msg"`
	Flags  []string `json:"flags"`
}

// loadCCTV reads a KindCCTV file, C2SP/CCTV's ed25519vectors.json
// (shared/corpora/ed25519/SOURCE.md): a JSON array of {number, key, sig,
// msg, flags}, where key and sig are hex and msg is ASCII text, used as its
// bytes. Each vector becomes one ed25519/1 verify case named
// "cctv/<number>", with Source "<path>#<number>", refused when a flag
// refuses (cctvFlags) and accepted otherwise. A vector with an unknown flag
// or member, a missing member, bad hex, a msg that is not ASCII or a
// repeated number stops the load.
func loadCCTV(path, corpus string) (found, error) {
	data, err := readFile(path)
	if err != nil {
		return found{}, err
	}
	var raws []json.RawMessage
	if err := decodeFile(path, data, &raws, false); err != nil {
		return found{}, err
	}
	if len(raws) == 0 {
		return found{}, errorf(path, 0, "no vectors")
	}
	f := found{layout: Layout{Kind: KindCCTV, Path: path, Entries: len(raws)}}
	numbers := map[int]bool{}
	for i, raw := range raws {
		var v cctvVector
		if err := decodeObject(raw, &v, true, "number", "key", "sig", "msg", "flags?"); err != nil {
			return found{}, errorf(path, 0, "vector [%d]: %v", i, err)
		}
		c, err := cctvCase(v)
		if err == nil && (v.Number < 0 || numbers[v.Number]) {
			err = fmt.Errorf("is negative or repeated")
		}
		if err != nil {
			return found{}, errorf(path, 0, "number %d: %v", v.Number, err)
		}
		numbers[v.Number] = true
		n := strconv.Itoa(v.Number)
		c.Name = "cctv/" + n
		c.Source = path + "#" + n
		c.Corpus = corpus
		f.cases = append(f.cases, c)
	}
	return f, nil
}

// cctvCase returns the case of one vector, without Name, Source and Corpus.
func cctvCase(v cctvVector) (vectors.Case, error) {
	refuse, err := cctvFlags.refuses(v.Flags)
	if err != nil {
		return vectors.Case{}, err
	}
	key, err := decodeHex("key", v.Key)
	if err != nil {
		return vectors.Case{}, err
	}
	sig, err := decodeHex("sig", v.Sig)
	if err != nil {
		return vectors.Case{}, err
	}
	for i := 0; i < len(v.Msg); i++ {
		if v.Msg[i] >= 0x80 {
			return vectors.Case{}, fmt.Errorf("msg is not ASCII text")
		}
	}
	expect := vectors.ExpectOK
	if refuse {
		expect = vectors.ExpectRefusedAny
	}
	c := verifyEntry(key, sig, []byte(v.Msg), expect)
	c.Note = joinFlags(v.Flags)
	return c, nil
}

// isCCTVName reports whether a file name is that of the CCTV vectors file.
func isCCTVName(name string) bool { return name == cctvFile }
