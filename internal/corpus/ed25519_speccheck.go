package corpus

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/vectors"
)

// speccheckFiles are the entries a speccheck/ directory may hold, each with
// its use. Any other entry stops the load.
var speccheckFiles = map[string]string{
	// The 12 cases of "Taming the many EdDSAs" (Chalkias, Garillot,
	// Nikolaenko, SSR 2020), the only file read into cases.
	"cases.json": "cases",
	// The same 12 cases as text; checked against cases.json when present.
	"cases.txt": "check",
	// ed25519-speccheck's scripts/cases.json, an older 15-case draft that
	// encodes R with y = p. Not loaded: its cases are not the paper's, and
	// 8 of them repeat the 12.
	"scripts_cases_old15.json": "ignored",
}

// speccheckVerdict is the verdict of ed25519/1 on one speccheck case.
type speccheckVerdict struct {
	// id is the case's CaseID, so that a changed or reordered cases.json
	// stops the load instead of taking the wrong verdicts.
	id     string
	expect vectors.Expect
	// reason says what the case exercises, worked out from its bytes
	// (decoded points, the masked blocklist, S against L, both equations),
	// and which rule of spec/ed25519.md decides it.
	reason string
}

// speccheckVerdicts is the verdict table of the 12 speccheck cases, index =
// array order in cases.json. "Small order" is order 1, 2, 4 or 8; "mixed
// order" has a small-order and a prime-order component; "order L" is
// torsion-free. "Cofactorless" is [S]B = R + [k]A, "cofactored" is
// [8][S]B = [8]R + [8][k]A, both with k = SHA-512(R || A || M) mod L over the
// bytes given. TestEd25519Oracle checks each verdict against crypto/ed25519
// and the blocklist.
var speccheckVerdicts = [...]speccheckVerdict{
	0: {"8914a9642e155e57", vectors.ExpectRefusedAny,
		"S = 0, A and R the order-8 points c7176a...03fa and c7176a...037a, both in the blocklist; both equations hold; refused by rule 4 (key small order)"},
	1: {"9d9cd415295d5397", vectors.ExpectRefusedAny,
		"0 < S < L, A of order 8 (c7176a...03fa, in the blocklist), R of mixed order; both equations hold; refused by rule 4 (key small order)"},
	2: {"00828999dd42fa76", vectors.ExpectRefusedAny,
		"0 < S < L, A of mixed order, R of order 8 (c7176a...03fa, in the blocklist); both equations hold; refused by rule 6 (R small order)"},
	3: {"08bb997a1c3abebd", vectors.ExpectOK,
		"0 < S < L, A and R of mixed order, canonical and not in the blocklist; the cofactorless equation holds; accepted, as mixed-order points are not screened"},
	4: {"624245e43e06eee0", vectors.ExpectRefusedAny,
		"0 < S < L, A and R of mixed order; only the cofactored equation holds; refused by rule 8 (cofactorless)"},
	5: {"338774dd40d86be3", vectors.ExpectRefusedAny,
		"0 < S < L, A of mixed order, R of order L; only the cofactored equation holds; refused by rule 8 (cofactorless)"},
	6: {"e36eb0987a6b8013", vectors.ExpectRefusedAny,
		"A and R of order L, L <= S < 2^253 (the top three bits clear); both equations hold with S as given; refused by rule 7 (S range)"},
	7: {"0ffd34370d862ee4", vectors.ExpectRefusedAny,
		"A and R of order L, S >= L with bit 253 set; both equations hold with S as given; refused by rule 7 (S range)"},
	8: {"8e85485755338085", vectors.ExpectRefusedAny,
		"R = ecff..ff, y = p-1 with the sign of x set although x = 0 (no RFC 8032 point; masked, the order-2 blocklist entry), A of mixed order; the equations hold only with R re-encoded in k; refused by rule 6 (R small order)"},
	9: {"1d9b9469c47a6c15", vectors.ExpectRefusedAny,
		"R = ecff..ff as in case 8, A of mixed order; the cofactorless equation holds as points with k over the bytes given, but [S]B - [k]A encodes as ecff..7f; refused by rule 6 (R small order)"},
	10: {"683a6a59d2cf016e", vectors.ExpectRefusedAny,
		"A = ecff..ff, y = p-1 with the sign of x set although x = 0 (masked, the order-2 blocklist entry), R of mixed order; with k over the bytes given only the cofactored equation holds; refused by rule 4 (key small order)"},
	11: {"9a02bcf0a538a236", vectors.ExpectRefusedAny,
		"A = ecff..ff as in case 10, R of mixed order; with k over the bytes given the cofactorless equation holds; refused by rule 4 (key small order)"},
}

// speccheckCase is one entry of cases.json.
type speccheckCase struct {
	Message   string `json:"message"`
	PubKey    string `json:"pub_key"`
	Signature string `json:"signature"`
}

// loadSpeccheck reads a speccheck/ directory (shared/corpora/ed25519/SOURCE.md):
// cases.json, a JSON array of {message, pub_key, signature} in hex, the 12
// cases of novifinancial/ed25519-speccheck, as one KindSpeccheck layout.
// Each case becomes one ed25519/1 verify case named "speccheck/<index>",
// with Source "<path>#<index>" and the expectation and reason (as Note) of
// speccheckVerdicts, whose ids must match. cases.txt, when present, must
// hold the same cases. A missing or unknown member, bad hex, a count other
// than 12, a case the table was not written for or an unknown entry in the
// directory stops the load.
func loadSpeccheck(dir, corpus string) ([]found, error) {
	entries, err := infile.ReadDir(dir, dirBound)
	if err != nil {
		return nil, fsError(dir, err)
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		fi, err := os.Stat(p)
		if err != nil {
			return nil, fsError(p, err)
		}
		if _, ok := speccheckFiles[e.Name()]; !ok || !fi.Mode().IsRegular() {
			return nil, errorf(p, 0, "unexpected entry: want only cases.json, cases.txt and scripts_cases_old15.json")
		}
	}
	path := filepath.Join(dir, "cases.json")
	data, err := readFile(path)
	if err != nil {
		return nil, err
	}
	var raws []json.RawMessage
	if err := decodeFile(path, data, &raws, false); err != nil {
		return nil, err
	}
	if len(raws) != len(speccheckVerdicts) {
		return nil, errorf(path, 0, "%d cases, want the %d of the verdict table", len(raws), len(speccheckVerdicts))
	}
	cases := make([]speccheckCase, len(raws))
	f := found{layout: Layout{Kind: KindSpeccheck, Path: path, Entries: len(raws)}}
	for i, raw := range raws {
		sc := &cases[i]
		c, err := speccheckCaseOf(raw, sc, i)
		if err != nil {
			return nil, errorf(path, 0, "case %d: %v", i, err)
		}
		n := strconv.Itoa(i)
		c.Name = "speccheck/" + n
		c.Source = path + "#" + n
		c.Corpus = corpus
		f.cases = append(f.cases, c)
	}
	if err := checkSpeccheckText(filepath.Join(dir, "cases.txt"), cases); err != nil {
		return nil, err
	}
	return []found{f}, nil
}

// speccheckCaseOf decodes case i into sc and returns its case, without
// Name, Source and Corpus.
func speccheckCaseOf(raw json.RawMessage, sc *speccheckCase, i int) (vectors.Case, error) {
	if err := decodeObject(raw, sc, true, "message", "pub_key", "signature"); err != nil {
		return vectors.Case{}, err
	}
	key, err := decodeHex("pub_key", sc.PubKey)
	if err != nil {
		return vectors.Case{}, err
	}
	sig, err := decodeHex("signature", sc.Signature)
	if err != nil {
		return vectors.Case{}, err
	}
	msg, err := decodeHex("message", sc.Message)
	if err != nil {
		return vectors.Case{}, err
	}
	v := speccheckVerdicts[i]
	c := verifyEntry(key, sig, msg, v.expect)
	if id := vectors.CaseID(speccheckContract, speccheckOp, c.Input); id != v.id {
		return vectors.Case{}, fmt.Errorf("has id %s, but the verdict table was written for %s", id, v.id)
	}
	c.Note = v.reason
	return c, nil
}

// checkSpeccheckText checks cases.txt, when present, against the cases of
// cases.json: a first line with the count, then msg=, pbk= and sig= lines
// per case, in hex. The final LF is optional (upstream has none).
func checkSpeccheckText(path string, cases []speccheckCase) error {
	data, err := readFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	lines := strings.Split(string(bytes.TrimSuffix(data, []byte{'\n'})), "\n")
	if lines[0] != strconv.Itoa(len(cases)) {
		return errorf(path, 1, "count %q, want %d as in cases.json", lines[0], len(cases))
	}
	if len(lines) != 1+3*len(cases) {
		return errorf(path, 0, "%d lines, want %d", len(lines), 1+3*len(cases))
	}
	for i, c := range cases {
		for j, field := range [3][2]string{{"msg=", c.Message}, {"pbk=", c.PubKey}, {"sig=", c.Signature}} {
			n := 1 + 3*i + j
			h, ok := strings.CutPrefix(lines[n], field[0])
			if !ok || !strings.EqualFold(h, field[1]) {
				return errorf(path, n+1, "disagrees with case %d of cases.json", i)
			}
		}
	}
	return nil
}
