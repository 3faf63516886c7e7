package ledger

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/conform-dev/conform/internal/fake"
	"github.com/conform-dev/conform/internal/impl"
	"github.com/conform-dev/conform/internal/infile"
	"github.com/conform-dev/conform/internal/report"
	"github.com/conform-dev/conform/internal/spec"
)

// FormatVersion is the ledger format this package reads: the value of the
// file's top-level format key.
const FormatVersion = 1

// MaxSize bounds a ledger file: a larger one is refused unread.
const MaxSize = 1 << 20

// DefaultPath is the checked-in ledger, relative to the repository root.
const DefaultPath = "ci/divergences.toml"

// Source values of an entry: which cases its pattern is meant for.
const (
	// SourceVector: golden vectors and findings, which every run has.
	SourceVector = "vector"
	// SourceCorpus: public corpus entries, which only runs given --corpus
	// have.
	SourceCorpus = "corpus"
)

// Entry is one known divergence.
type Entry struct {
	// Case is a case id (16 lowercase hex) or a glob pattern (path.Match
	// syntax) matched against the case ids and the case names of a run. A
	// plain case name (neither an id nor a glob) needs Contract: names
	// repeat across contracts.
	Case string
	// Contract, when set ("<name>/<version>", a contract of the catalogue),
	// limits the entry to that contract's rows.
	Contract string
	// Impl is the implementation that diverges: go, ts, python, a
	// fake:<bug> test double, or an outside implementation the caller
	// names (Parse's outside: a team's own, from --impl or conform.toml).
	Impl string
	// Outcome is the outcome the case is expected to have on Impl: one of
	// the disagreeing outcomes of report.Outcomes.
	Outcome report.Outcome
	// Link points at the bug report or decision that explains the
	// divergence (an absolute http or https URL).
	Link string
	// Expires is the last day the entry is accepted, at 00:00 UTC.
	Expires time.Time
	// Source is SourceVector (the default) or SourceCorpus.
	Source string
	// Note is one optional sentence.
	Note string
	// Line is the line of the entry's [[divergence]] header in File.
	Line int
	// File is the ledger's path as it was given.
	File string
}

// Where names the entry as "FILE:LINE".
func (e Entry) Where() string { return fmt.Sprintf("%s:%d", e.File, e.Line) }

// Ledger is a parsed ledger file.
type Ledger struct {
	// File is the path it was read from, as given.
	File string
	// Entries are in file order.
	Entries []Entry
}

// Load reads and parses the ledger at path (Parse, with the same outside
// names), refusing a file that is not a regular file or is larger than
// MaxSize without reading it whole.
func Load(p string, outside ...string) (*Ledger, error) {
	data, err := infile.ReadFile(p, infile.Bound{Max: MaxSize, What: "a ledger"})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	return Parse(data, p, outside...)
}

// keys are the keys of an entry table and whether each is required.
var keys = map[string]bool{
	"case": true, "impl": true, "outcome": true, "link": true, "expires": true,
	"source": false, "note": false, "contract": false,
}

// Parse reads a ledger (README.md, "Format") from data; file names it in
// errors, which are "FILE:LINE: problem". It refuses what is not valid
// UTF-8 TOML; a top-level key other than format and divergence, or a
// format other than FormatVersion; entries written other than as
// [[divergence]] tables; a key an entry does not have, or one given twice;
// a missing required key; a value of the wrong TOML type; an expiry that
// is not a TOML local date (YYYY-MM-DD) or is not a real day; a case
// pattern that is neither an id nor a valid glob; a plain case name (no
// id, no glob) without a contract; a contract the catalogue does not know;
// an implementation that
// is neither one conform ships (impl.CheckBuiltin) nor one of outside (the
// names of the outside implementations the run or report knows); an outcome that is not a disagreeing one; a link that is
// not an absolute http or https URL; a source other than vector or corpus;
// and two entries for the same case pattern, implementation, source and
// contract.
func Parse(data []byte, file string, outside ...string) (*Ledger, error) {
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("%s:%d: not valid UTF-8", file, lineOf(data, firstInvalid(data)))
	}
	l := &Ledger{File: file}
	p := &unstable.Parser{}
	p.Reset(data)
	fail := func(n *unstable.Node, format string, args ...any) error {
		return fmt.Errorf("%s:%d: %s", file, nodeLine(p, n), fmt.Sprintf(format, args...))
	}
	var cur *Entry
	var seen map[string]int // the keys of the current table, and their lines
	top := map[string]int{}
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table:
			return nil, fail(keyNode(e), "unknown table [%s]: the ledger has top-level keys and [[divergence]] tables", dotted(e))
		case unstable.ArrayTable:
			if k := dotted(e); k != "divergence" {
				return nil, fail(keyNode(e), "unknown table [[%s]]: entries are [[divergence]] tables", k)
			}
			if _, ok := top["format"]; !ok {
				return nil, fmt.Errorf("%s:1: no format key: the ledger starts with format = %d", file, FormatVersion)
			}
			if cur != nil {
				if err := finish(cur, seen); err != nil {
					return nil, err
				}
				l.Entries = append(l.Entries, *cur)
			}
			cur = &Entry{Line: nodeLine(p, keyNode(e)), File: file, Source: SourceVector}
			seen = map[string]int{}
		case unstable.KeyValue:
			k := dotted(e)
			v := e.Value()
			if cur == nil {
				if prev, dup := top[k]; dup {
					return nil, fail(keyNode(e), "key %s given twice (first at line %d)", k, prev)
				}
				top[k] = nodeLine(p, keyNode(e))
				switch k {
				case "format":
					if v.Kind != unstable.Integer || string(v.Data) != fmt.Sprint(FormatVersion) {
						return nil, fail(keyNode(e), "format must be the integer %d", FormatVersion)
					}
				case "divergence":
					return nil, fail(keyNode(e), "write each entry as a [[divergence]] table, so that every entry has its line")
				default:
					return nil, fail(keyNode(e), "unknown key %q (the top level has format and [[divergence]] tables)", k)
				}
				continue
			}
			if _, known := keys[k]; !known {
				return nil, fail(keyNode(e), "unknown key %q in a [[divergence]] entry (known: case, contract, impl, outcome, link, expires, source, note)", k)
			}
			if prev, dup := seen[k]; dup {
				return nil, fail(keyNode(e), "key %s given twice in one entry (first at line %d)", k, prev)
			}
			seen[k] = nodeLine(p, keyNode(e))
			if err := set(cur, k, v, outside, func(format string, args ...any) error { return fail(keyNode(e), format, args...) }); err != nil {
				return nil, err
			}
		}
	}
	if err := p.Error(); err != nil {
		return nil, syntaxError(data, file, err)
	}
	if cur != nil {
		if err := finish(cur, seen); err != nil {
			return nil, err
		}
		l.Entries = append(l.Entries, *cur)
	}
	if _, ok := top["format"]; !ok {
		return nil, fmt.Errorf("%s:1: no format key: the ledger starts with format = %d", file, FormatVersion)
	}
	first := map[string]int{}
	for _, e := range l.Entries {
		k := e.Case + "\x00" + e.Impl + "\x00" + e.Source + "\x00" + e.Contract
		if prev, dup := first[k]; dup {
			return nil, fmt.Errorf("%s:%d: duplicate entry: case %q on %s is already the entry at line %d", file, e.Line, e.Case, e.Impl, prev)
		}
		first[k] = e.Line
	}
	return l, nil
}

// set checks one key's value and stores it in e.
func set(e *Entry, k string, v *unstable.Node, outside []string, fail func(string, ...any) error) error {
	if k == "expires" {
		if v.Kind != unstable.LocalDate {
			return fail("expires must be a TOML local date, YYYY-MM-DD without quotes (got a %s)", kindName(v.Kind))
		}
		d, err := time.Parse(time.DateOnly, string(v.Data))
		if err != nil {
			return fail("expires %s is not a day of the calendar", v.Data)
		}
		e.Expires = d
		return nil
	}
	if v.Kind != unstable.String {
		return fail("%s must be a string (got a %s)", k, kindName(v.Kind))
	}
	s := string(v.Data)
	switch k {
	case "case":
		if _, err := path.Match(s, ""); err != nil || s == "" {
			return fail("case %q is neither a case id nor a valid glob pattern", s)
		}
		e.Case = s
	case "contract":
		if _, ok := spec.MustLoad().Contract(s); !ok {
			return fail("contract %q is not a contract of the catalogue (known: %s)", s, strings.Join(spec.MustLoad().SortedNames(), ", "))
		}
		e.Contract = s
	case "impl":
		if err := impl.CheckBuiltin(s, fake.Names()); err != nil && !slices.Contains(outside, s) {
			if len(outside) > 0 {
				return fail("impl: %v, nor an outside implementation of this run (%s)", err, strings.Join(outside, ", "))
			}
			return fail("impl: %v", err)
		}
		e.Impl = s
	case "outcome":
		o := report.Outcome(s)
		if !slices.Contains(report.Outcomes, o) || !o.Disagrees() {
			var names []string
			for _, x := range report.Outcomes {
				if x.Disagrees() {
					names = append(names, string(x))
				}
			}
			return fail("outcome %q is not a disagreeing outcome (%s)", s, strings.Join(names, ", "))
		}
		e.Outcome = o
	case "link":
		u, err := url.Parse(s)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return fail("link %q is not an absolute http or https URL", s)
		}
		e.Link = s
	case "source":
		if s != SourceVector && s != SourceCorpus {
			return fail("source %q: want %s or %s", s, SourceVector, SourceCorpus)
		}
		e.Source = s
	case "note":
		e.Note = s
	}
	return nil
}

// finish checks that the entry has every required key.
func finish(e *Entry, seen map[string]int) error {
	var missing []string
	for _, k := range []string{"case", "impl", "outcome", "link", "expires"} {
		if _, ok := seen[k]; !ok {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%s:%d: the entry lacks %s", e.File, e.Line, strings.Join(missing, ", "))
	}
	if e.Contract == "" && !caseID.MatchString(e.Case) && !strings.ContainsAny(e.Case, `*?[\`) {
		return fmt.Errorf("%s:%d: case %q is a case name, and names repeat across contracts: give its contract (contract = \"<name>/<version>\"), or name the case by its id or a glob", e.File, e.Line, e.Case)
	}
	return nil
}

// caseID is the form of a case id: 16 lowercase hex digits.
var caseID = regexp.MustCompile(`^[0-9a-f]{16}$`)

// syntaxError is the unstable parser's error err with its line: go-toml's
// decoder parses data again and positions the same error.
func syntaxError(data []byte, file string, err error) error {
	var v any
	derr := toml.Unmarshal(data, &v)
	var de *toml.DecodeError
	if errors.As(derr, &de) {
		row, _ := de.Position()
		return fmt.Errorf("%s:%d: %v", file, row, de)
	}
	return fmt.Errorf("%s: %v", file, err)
}

// keyNode is the first key node of a table header or key-value
// expression, which carries its position.
func keyNode(e *unstable.Node) *unstable.Node {
	it := e.Key()
	it.Next()
	return it.Node()
}

// dotted is the key of a table header or key-value expression, its parts
// joined with dots.
func dotted(e *unstable.Node) string {
	var parts []string
	for it := e.Key(); it.Next(); {
		parts = append(parts, string(it.Node().Data))
	}
	return strings.Join(parts, ".")
}

// nodeLine is the 1-based line of a key node.
func nodeLine(p *unstable.Parser, n *unstable.Node) int {
	if n == nil || n.Raw.Length == 0 && n.Raw.Offset == 0 {
		return 1
	}
	return p.Shape(n.Raw).Start.Line
}

func kindName(k unstable.Kind) string {
	switch k {
	case unstable.String:
		return "string"
	case unstable.Integer:
		return "integer"
	case unstable.Float:
		return "float"
	case unstable.Bool:
		return "boolean"
	case unstable.Array:
		return "array"
	case unstable.InlineTable:
		return "inline table"
	case unstable.LocalDateTime, unstable.DateTime:
		return "date-time"
	case unstable.LocalTime:
		return "time"
	}
	return strings.ToLower(k.String())
}

func firstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}

func lineOf(b []byte, offset int) int { return bytes.Count(b[:offset], []byte{'\n'}) + 1 }
