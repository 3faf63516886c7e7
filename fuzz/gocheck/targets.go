package gocheck

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"conform/corpus"
	"conform/fuzz/gen"
	"conform/vectors"
)

// Target is one Go-only fuzz target: its fuzz function's name and the
// check that function runs on every input. An input's first byte picks
// the mode, as in package fuzz: even, the rest is the raw input; odd, the
// rest feeds a go-fuzz-headers consumer that draws a structured input.
type Target struct {
	// Name is the fuzz function's name.
	Name string
	// Contract is the contract whose golden vectors seed it.
	Contract string
	// JSONv2 marks the target that needs GOEXPERIMENT=jsonv2.
	JSONv2 bool
	// Check runs the target's checks on one fuzz input.
	Check func(data []byte) error
}

// Targets are the Go-only targets, in the order of fuzz_test.go.
var Targets = []Target{
	{Name: "FuzzJCSProperties", Contract: "rfc8785/1", Check: checkJCSProperties},
	{Name: "FuzzPyJSONProperties", Contract: "pyjson-ascii/1", Check: func(data []byte) error {
		in, _ := jsonInput(data)
		return PyJSONRoundTrip(in)
	}},
	{Name: "FuzzDigestProperties", Contract: "digest/1", Check: checkDigestProperties},
	{Name: "FuzzPrimProperties", Contract: "prim/1", Check: checkPrimProperties},
	{Name: "FuzzJCSOracle", Contract: "rfc8785/1", Check: func(data []byte) error {
		in, _ := jsonInput(data)
		return AgainstGowebpkiJCS(in)
	}},
	{Name: "FuzzJSONTextOracle", Contract: "rfc8785/1", JSONv2: true, Check: func(data []byte) error { return checkJSONText(data) }},
	{Name: "FuzzEd25519Oracle", Contract: "ed25519/1", Check: checkEd25519},
}

// checkJSONText is set by jsonv2.go's init when the experiment is on.
var checkJSONText = func([]byte) error {
	return errors.New("FuzzJSONTextOracle needs GOEXPERIMENT=jsonv2")
}

// Lookup returns the Go-only target called name.
func Lookup(name string) (Target, bool) {
	for _, t := range Targets {
		if t.Name == name {
			return t, true
		}
	}
	return Target{}, false
}

// jsonInput decodes a fuzz input into a JSON text (raw, or drawn by
// gen.JSON) and returns the source for further draws: after the text in
// the structured mode, over the text's hash in the raw mode.
func jsonInput(data []byte) ([]byte, *gen.Source) {
	if len(data) == 0 {
		return nil, gen.New(nil)
	}
	if data[0]&1 == 0 {
		sum := sha256.Sum256(data)
		return data[1:], gen.New(sum[:])
	}
	s := gen.New(data[1:])
	return gen.JSON(s, gen.JSONOptions{Flaws: s.Chance(4), Deep: gen.TextDepths}), s
}

func checkJCSProperties(data []byte) error {
	in, s := jsonInput(data)
	return errors.Join(JCSIdempotent(in), JCSMemberOrder(in, s), JCSPassesFrame(in))
}

var digestOps = []string{"digest", "signing-input", "schema-digest", "arguments-digest"}

func checkDigestProperties(data []byte) error {
	if len(data) < 2 {
		return nil
	}
	op := digestOps[int(data[1])%len(digestOps)]
	if data[0]&1 == 0 {
		sum := sha256.Sum256(data)
		return DigestMemberOrder(op, data[2:], gen.New(sum[:]))
	}
	s := gen.New(data[2:])
	var in []byte
	switch op {
	case "schema-digest":
		in = gen.SchemaValue(s)
	case "arguments-digest":
		in = gen.ArgumentsValue(s)
	default:
		in = gen.DigestValue(s)
	}
	return DigestMemberOrder(op, in, s)
}

// minMillis and maxMillis bound the timestamps prim/1 accepts: years 1 to
// 9999.
var (
	minMillis = time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli()
	maxMillis = time.Date(9999, 12, 31, 23, 59, 59, 999e6, time.UTC).UnixMilli()
)

func checkPrimProperties(data []byte) error {
	s := gen.New(data)
	raw := s.Bytes(gen.Pick(s, []int{32, 64, 32, 64, 0, 1, 31, 33, 63, 65, 48}))
	ms := minMillis + int64(s.Uint64()%uint64(maxMillis-minMillis+1))
	return errors.Join(Base64URLRoundTrip(raw), TimestampAgrees(time.UnixMilli(ms)))
}

func checkEd25519(data []byte) error {
	if len(data) == 0 {
		return nil
	}
	if data[0]&1 == 0 {
		// Raw: a key length byte, then key, then 64 bytes of signature
		// (or what is left), then the message.
		rest := data[1:]
		if len(rest) == 0 {
			return nil
		}
		n := int(rest[0]) % 34
		rest = rest[1:]
		key := rest[:min(n, len(rest))]
		rest = rest[len(key):]
		sig := rest[:min(64, len(rest))]
		return AgainstCryptoEd25519(key, rest[len(sig):], sig)
	}
	pt := gen.Ed25519(gen.New(data[1:]))
	return AgainstCryptoEd25519(pt.Key, pt.Msg, pt.Sig)
}

// RawEd25519 encodes key, sig and msg as a raw input of FuzzEd25519Oracle.
func RawEd25519(key, sig, msg []byte) []byte {
	b := []byte{0, byte(len(key))}
	b = append(b, key...)
	b = append(b, sig...)
	return append(b, msg...)
}

// Seeds returns the seed corpus of the Go-only target called name: the
// golden vectors of its contract as raw inputs, the public corpora under
// corpora that fit it, and eight structured inputs fixed by its name.
func Seeds(name, corpora string) ([][]byte, error) {
	t, ok := Lookup(name)
	if !ok {
		return nil, fmt.Errorf("no Go-only target %s", name)
	}
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		return nil, err
	}
	var inputs []vectors.Case
	for _, c := range vectors.Cases(files) {
		if c.Contract == t.Contract {
			inputs = append(inputs, c)
		}
	}
	var paths []string
	switch t.Contract {
	case "rfc8785/1", "pyjson-ascii/1":
		paths = []string{"jcs/cyberphone", "jcs/gowebpki", "jsontestsuite/test_parsing"}
	case "ed25519/1":
		paths = []string{"ed25519"}
	}
	for _, rel := range paths {
		res, err := corpus.Load(filepath.Join(corpora, filepath.FromSlash(rel)))
		if err != nil {
			return nil, err
		}
		inputs = append(inputs, res.Cases...)
	}
	var seeds [][]byte
	seen := map[string]bool{}
	for _, c := range inputs {
		var seed []byte
		switch {
		case t.Name == "FuzzEd25519Oracle":
			var v struct{ Key, Sig, Msg string }
			if json.Unmarshal(c.Input, &v) != nil {
				continue
			}
			key, e1 := hex.DecodeString(v.Key)
			sig, e2 := hex.DecodeString(v.Sig)
			msg, e3 := hex.DecodeString(v.Msg)
			if e1 != nil || e2 != nil || e3 != nil || len(key) > 33 {
				continue
			}
			seed = RawEd25519(key, sig, msg)
		case t.Name == "FuzzDigestProperties":
			for i, op := range digestOps {
				if op == c.Op {
					seed = append([]byte{0, byte(i)}, c.Input...)
				}
			}
		case t.Name == "FuzzPrimProperties":
			continue
		default:
			seed = append([]byte{0}, c.Input...)
		}
		if seed != nil && !seen[string(seed)] {
			seen[string(seed)] = true
			seeds = append(seeds, seed)
		}
	}
	if len(seeds) == 0 && t.Name != "FuzzPrimProperties" {
		return nil, fmt.Errorf("%s: no seeds from the vectors of %s", name, t.Contract)
	}
	for i := range 8 {
		b := []byte{1}
		for block := uint32(0); len(b) < 513; block++ {
			var ctr [8]byte
			binary.BigEndian.PutUint32(ctr[:4], uint32(i))
			binary.BigEndian.PutUint32(ctr[4:], block)
			sum := sha256.Sum256(append([]byte(name+"\n"), ctr[:]...))
			b = append(b, sum[:]...)
		}
		seeds = append(seeds, b[:513])
	}
	return seeds, nil
}

// CorporaDir is the public corpora: $CONFORM_CORPORA, or shared/corpora
// beside the repository (from a package directory of it).
func CorporaDir() string {
	if d := os.Getenv("CONFORM_CORPORA"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "..", "shared", "corpora")
}
