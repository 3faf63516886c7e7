package pyjson

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/conform-dev/conform/reference/internal/reftest"
	"github.com/conform-dev/conform/reference/refusal"
)

// oracleScript is the contract's Python side, written from
// spec/pyjson-ascii.md: the BOM, UTF-8 and depth pre-scan rules, then the
// real json.loads and json.dumps of the interpreter under test. Each input
// line is {"in": base64, "ignore": [codes]}; each output line is "ok:" and
// the base64 output, or "refused:" and a guard code.
const oracleScript = `
import base64, json, sys
assert sys.version_info[:2] == (3, 11), sys.version
def prescan(text):
    depth, in_string, i = 0, False, 0
    while i < len(text):
        ch = text[i]
        if in_string:
            if ch == "\\":
                i += 1
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > 128:
                return False
        elif ch in "]}":
            depth = max(depth - 1, 0)
        i += 1
    return True
def run(b, ignore):
    sys.set_int_max_str_digits(0 if "pyjson.int_digits" in ignore else 4300)
    if b[:3] == b"\xef\xbb\xbf":
        if "pyjson.bom" not in ignore:
            return "refused:pyjson.bom"
        b = b[3:]
    try:
        text = b.decode("utf-8")
    except UnicodeDecodeError:
        if "pyjson.utf8" not in ignore:
            return "refused:pyjson.utf8"
        text = b.decode("utf-8", "replace")
    if "pyjson.depth" not in ignore and not prescan(text):
        return "refused:pyjson.depth"
    try:
        v = json.loads(text)
    except json.JSONDecodeError:
        return "refused:pyjson.syntax"
    except ValueError:
        return "refused:pyjson.int_digits"
    out = json.dumps(v, ensure_ascii=True, sort_keys=True, separators=(",", ":"))
    return "ok:" + base64.b64encode(out.encode("ascii")).decode()
for line in sys.stdin:
    req = json.loads(line)
    print(run(base64.b64decode(req["in"]), req["ignore"]), flush=False)
`

// pythonPath is the interpreter the oracle runs: $CONFORM_PYTHON or python3.
// The contract pins CPython 3.11; the script asserts it.
func pythonPath() string {
	if p := os.Getenv("CONFORM_PYTHON"); p != "" {
		return p
	}
	return "python3"
}

type oracleCase struct {
	name   string
	in     []byte
	ignore []string // guard codes
}

// runOracle runs every case through CPython in one process and returns its
// answers in order. It fails the test when the interpreter is missing.
func runOracle(t *testing.T, cases []oracleCase) []string {
	t.Helper()
	var stdin bytes.Buffer
	for _, c := range cases {
		ig := c.ignore
		if ig == nil {
			ig = []string{}
		}
		line, err := json.Marshal(map[string]any{"in": base64.StdEncoding.EncodeToString(c.in), "ignore": ig})
		if err != nil {
			t.Fatal(err)
		}
		stdin.Write(line)
		stdin.WriteByte('\n')
	}
	cmd := exec.Command(pythonPath(), "-c", oracleScript)
	cmd.Stdin = &stdin
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python oracle (%s) failed: %v\n%s", pythonPath(), err, stderr.Bytes())
	}
	var answers []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<30)
	for sc.Scan() {
		answers = append(answers, sc.Text())
	}
	if len(answers) != len(cases) {
		t.Fatalf("python oracle gave %d answers for %d cases", len(answers), len(cases))
	}
	return answers
}

// goAnswer runs Encode and spells its verdict the way the oracle does.
func goAnswer(c oracleCase) string {
	var msgs []string
	for _, code := range c.ignore {
		for _, g := range Guards {
			if g.Code == code {
				msgs = append(msgs, g.Message)
			}
		}
	}
	out, err := Encode(c.in, refusal.Ignoring(msgs...))
	if err != nil {
		r, ok := refusal.As(err)
		if !ok {
			return "error:" + err.Error()
		}
		return "refused:" + r.Guard.Code
	}
	return "ok:" + base64.StdEncoding.EncodeToString(out)
}

func compareWithOracle(t *testing.T, cases []oracleCase) {
	t.Helper()
	answers := runOracle(t, cases)
	bad := 0
	for i, c := range cases {
		got := goAnswer(c)
		if got != answers[i] {
			bad++
			if bad <= 20 {
				t.Errorf("%s: input %q (ignore %v)\n go:     %s\n python: %s", c.name, clip(c.in), c.ignore, show(got), show(answers[i]))
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d cases differ from CPython", bad, len(cases))
	}
	outcomes := map[string]int{}
	for _, a := range answers {
		k, _, _ := strings.Cut(a, ":")
		if k == "refused" {
			k = a
		}
		outcomes[k]++
	}
	t.Logf("%d cases agree with CPython: %v", len(cases), outcomes)
}

func clip(b []byte) []byte {
	if len(b) > 200 {
		return append(b[:200:200], "..."...)
	}
	return b
}

func show(answer string) string {
	if b64, ok := strings.CutPrefix(answer, "ok:"); ok {
		b, _ := base64.StdEncoding.DecodeString(b64)
		return fmt.Sprintf("ok %q", clip(b))
	}
	return answer
}

// trickyInputs are hand-picked edges of CPython's scanner and encoder.
var trickyInputs = []string{
	``, ` `, `null`, `true`, `false`, `nul`, `truex`, `NaN`, `-NaN`, `Infinity`, `-Infinity`, `+Infinity`,
	`infinity`, `-Inf`, `[-Infinity]`, `[NaN,Infinity,-Infinity]`, `-Infinityx`, `NaNx`,
	`0`, `-0`, `-0.0`, `0.0`, `-0e0`, `1`, `-1`, `01`, `-01`, `1.`, `.5`, `+1`, `1e`, `1e+`, `1E-`, `1.e5`,
	`1e5`, `1E5`, `1e+5`, `1e-5`, `1.5`, `-1.5e-3`, `1e16`, `1e15`, `1e17`, `123456789012345678`,
	`1234567890123456.7`, `0.0001`, `0.00001`, `1e-4`, `1e-5`, `1e400`, `-1e400`, `1e-400`, `-1e-400`,
	`5e-324`, `2.4703282292062327e-324`, `2.4703282292062328e-324`, `1.7976931348623157e308`,
	`1.7976931348623158e308`, `1.7976931348623159e308`, `9007199254740993`, `9007199254740993.0`,
	`123e-20`, `1.5e300`, `0.1`, `0.3`, `100`, `1e21`, `1e22`, `1e-7`, `0.000001`, `1E400`,
	`[1 2]`, `[1,]`, `[,1]`, `[]`, `[ ]`, `{}`, `{ }`, `{"a":1,}`, `{"a" 1}`, `{"a":}`, `{1:1}`, `{'a':1}`,
	`{"a":1,"a":2}`, `{"b":1,"a":2,"b":3}`, `{"\ud800\udc00":1,"\ue000":2}`, `{"\ue000":1,"\ud83d\ude00":2}`,
	`{"\udc00":1,"\ud800":2,"\ud7ff":3,"\ue000":4,"\uffff":5}`, `"\ud800"`, `"\udc00"`, `"\udc00\ud800"`,
	`"\ud800\u0041"`, `"\ud800\n"`, `"\ud800\\"`, `"\ud800\udbff"`, `"\ud800\udc00"`, `"\uD83D\uDE00"`,
	`"\ud800\uzzzz"`, `"\ud800\u12"`, `"\u12"`, `"\u"`, `"\x"`, `"\'"`, `"\/"`, `"/"`, `"\b\f\n\r\t"`,
	`"\u0000\u0001\u001f\u007f\u0080\u00e9\u2028\u2029\ufeff\uffff"`, "\"\x7f\u2028\u00e9\U0001F600\"",
	"\"a\x00\"", "\"a\x1f\"", "\"a\tb\"", "\"\x7f\"", `"\"\\"`, `"abc`, `"abc\`, `"abc\"`, `"\u0041`,
	"\ufeff1", "\ufeff\ufeff1", `[1]x`, ` [1] `, "\t[1]\n", "\f[1]", "\u00a0[1]", "[1]\r\n",
	`{"a":[{"b":{"c":[1,2,{"d":null}]}}]}`, `{"z":1,"y":{"b":2,"a":[3,{"d":4,"c":5}]}}`,
	`[[[[[]]]]]`, `{"a":{"a":{"a":{}}}}`, `"<>&'"`, `{"":1,"\u0000":2," ":3}`,
	`"\u00C0\u00c0"`, `["\u0041\u0061"]`, `{"é":1,"e":2,"f":3}`, `{"A":1,"a":2,"_":3,"0":4}`,
	"\"\xf0\x9f\x98\x80\"", "\"\xef\xbf\xbf\"", "\"\xe2\x80\xa8\"",
}

func TestEncodeMatchesCPython(t *testing.T) {
	var cases []oracleCase
	for i, s := range trickyInputs {
		cases = append(cases, oracleCase{name: "tricky " + strconv.Itoa(i), in: []byte(s)})
	}
	// Every table row, so the tables' expectations are CPython's too.
	for _, rows := range [][]row{inputRows(), numbersRows(), stringsRows(), objectsRows(), precedenceRows(), ignoredRows()} {
		for _, r := range rows {
			var ig []string
			for _, g := range r.Ignore {
				ig = append(ig, g.Code)
			}
			cases = append(cases, oracleCase{name: fmt.Sprintf("pyjson_test.go:%d", r.Line), in: []byte(r.In), ignore: ig})
		}
	}
	// Bounds: depth 128/129, 4300/4301 digits, with and without sign.
	for _, n := range []int{127, 128, 129} {
		cases = append(cases,
			oracleCase{name: "depth [ " + strconv.Itoa(n), in: []byte(strings.Repeat("[", n) + strings.Repeat("]", n))},
			oracleCase{name: "depth { " + strconv.Itoa(n), in: []byte(strings.Repeat(`{"a":`, n-1) + "{}" + strings.Repeat("}", n-1))},
			oracleCase{name: "depth unbalanced " + strconv.Itoa(n), in: []byte(strings.Repeat("[", n) + `"]]]]"` + "x")},
		)
	}
	for _, n := range []int{4299, 4300, 4301} {
		d := "9" + strings.Repeat("0", n-1)
		cases = append(cases,
			oracleCase{name: "digits " + strconv.Itoa(n), in: []byte(d)},
			oracleCase{name: "-digits " + strconv.Itoa(n), in: []byte("-" + d)},
			oracleCase{name: "digits. " + strconv.Itoa(n), in: []byte("[" + d + ".]")},
			oracleCase{name: "digits.0 " + strconv.Itoa(n), in: []byte("[" + d + ".0]")},
			oracleCase{name: "digitse " + strconv.Itoa(n), in: []byte(d + "e")},
			oracleCase{name: "digitse0 " + strconv.Itoa(n), in: []byte(d + "e0")},
			oracleCase{name: "digits ignored " + strconv.Itoa(n), in: []byte("[" + d + "]"), ignore: []string{"pyjson.int_digits"}},
		)
	}
	// Ignored guards: BOM, lenient UTF-8 (errors="replace").
	for _, s := range []string{"\xef\xbb\xbf[1]", "\xef\xbb\xbf\xef\xbb\xbf[1]", "\xef\xbb"} {
		cases = append(cases, oracleCase{name: "bom", in: []byte(s)}, oracleCase{name: "bom ignored", in: []byte(s), ignore: []string{"pyjson.bom"}})
	}
	for _, s := range []string{"\"\xff\"", "\"\xe2\x82\"", "\"\xed\xa0\x80\"", "\"\xf0\x9f\x98\"", "\"\xc0\xaf\"", "\"\xf4\x90\x80\x80\"",
		"\"\xe0\x80\xaf\"", "\"\xf8\x88\x80\x80\x80\"", "\"\x80\xbf\xc2\"", "[\"a\xe2\x82\xacb\xe2\x82\"]", "\"\xed\x9f\xbf\xee\x80\x80\xed\xbf\xbf\""} {
		cases = append(cases, oracleCase{name: "utf8", in: []byte(s)}, oracleCase{name: "utf8 ignored", in: []byte(s), ignore: []string{"pyjson.utf8"}})
	}
	// Independent corpora.
	for _, dir := range []string{"jsontestsuite/test_parsing", "jsontestsuite/test_transform", "jcs/cyberphone/input", "jcs/gowebpki/input"} {
		files := reftest.CorpusFiles(t, dir)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			cases = append(cases, oracleCase{name: filepath.Base(f), in: b})
		}
	}
	// Floats: the es6 corpus doubles, printed with 17 digits and shortest.
	for i, f := range es6Doubles(t) {
		if i%4 != 0 {
			continue // every fourth keeps the oracle run short
		}
		cases = append(cases,
			oracleCase{name: "float", in: strconv.AppendFloat(nil, f, 'e', 16, 64)},
			oracleCase{name: "float", in: strconv.AppendFloat(nil, f, 'g', -1, 64)})
	}
	// Random documents and mutations of them.
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 6000; i++ {
		doc := randomDoc(rng, 0)
		cases = append(cases, oracleCase{name: "random", in: doc})
		cases = append(cases, oracleCase{name: "mutated", in: mutate(rng, doc)})
	}
	compareWithOracle(t, cases)
}

// es6Doubles reads the doubles of the es6 number corpus.
func es6Doubles(t testing.TB) []float64 {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(reftest.CorpusRoot, "jcs/es6numbers/es6testfile_10k.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var fs []float64
	for _, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		hex, _, _ := strings.Cut(line, ",")
		bits, err := strconv.ParseUint(hex, 16, 64)
		if err != nil {
			t.Fatal(err)
		}
		f := math.Float64frombits(bits)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		fs = append(fs, f)
	}
	if len(fs) == 0 {
		t.Fatal("es6 corpus: no numbers")
	}
	return fs
}

var randomStrings = []string{
	`""`, `"a"`, `"b"`, `"A"`, `"\u00e9"`, `"é"`, `"\ud83d\ude00"`, `"😀"`, `"\ue000"`, `"\uffff"`, `"\ud800"`, `"\udc00"`,
	`"\u0000"`, `"\n"`, `"\"\\/"`, `"\u007f"`, "\"\u2028\"", `"ab"`, `"a\u0062"`, `"\u0061b"`,
}

var randomScalars = []string{
	`0`, `-0`, `1`, `-1`, `1.0`, `-0.0`, `1e5`, `1E-5`, `0.1`, `1e400`, `-1e400`, `1e-400`, `123456789012345678901234567890`,
	`true`, `false`, `null`, `NaN`, `Infinity`, `-Infinity`, `3.14159`, `2.5e-8`, `1e16`, `12345.678e10`,
}

// randomDoc returns a random JSON text of nested arrays and objects.
func randomDoc(rng *rand.Rand, depth int) []byte {
	var b []byte
	ws := func() {
		if rng.IntN(6) == 0 {
			b = append(b, " \t\n\r"[rng.IntN(4)])
		}
	}
	ws()
	switch k := rng.IntN(10); {
	case depth < 5 && k < 3:
		b = append(b, '[')
		n := rng.IntN(4)
		for i := 0; i < n; i++ {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, randomDoc(rng, depth+1)...)
		}
		b = append(b, ']')
	case depth < 5 && k < 6:
		b = append(b, '{')
		n := rng.IntN(5)
		for i := 0; i < n; i++ {
			if i > 0 {
				b = append(b, ',')
			}
			ws()
			b = append(b, randomStrings[rng.IntN(len(randomStrings))]...)
			ws()
			b = append(b, ':')
			b = append(b, randomDoc(rng, depth+1)...)
		}
		b = append(b, '}')
	case k < 8:
		b = append(b, randomStrings[rng.IntN(len(randomStrings))]...)
	default:
		b = append(b, randomScalars[rng.IntN(len(randomScalars))]...)
	}
	ws()
	return b
}

// mutationBytes are the bytes a mutation inserts or writes.
var mutationBytes = []byte("[]{}\",:\\0123456789-+.eEuntfalsNI \t\n\x00\x1f\x7f\xff\xc3\xa9\xed\xa0\x80")

// mutate returns doc with one to three random byte edits.
func mutate(rng *rand.Rand, doc []byte) []byte {
	b := append([]byte(nil), doc...)
	for n := 1 + rng.IntN(3); n > 0; n-- {
		c := mutationBytes[rng.IntN(len(mutationBytes))]
		switch op := rng.IntN(3); {
		case op == 0 || len(b) == 0:
			i := rng.IntN(len(b) + 1)
			b = append(b[:i], append([]byte{c}, b[i:]...)...)
		case op == 1:
			b[rng.IntN(len(b))] = c
		default:
			i := rng.IntN(len(b))
			b = append(b[:i], b[i+1:]...)
		}
	}
	return b
}
