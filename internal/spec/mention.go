package spec

import (
	"regexp"
	"strings"
)

// Mention is one place a text names a contract.
type Mention struct {
	// Line is the 1-based line of the text the mention is on.
	Line int
	// Text is what matched, such as "<name>/1".
	Text string
}

// Mentions returns every place text names contract k, by the rule of
// spec/README.md ("Mentions"), at most one per line, in line order:
//
//   - the versioned name, "<name>/<version>" of any version;
//   - one of k's refusal codes, "<prefix>.<code>";
//   - a path of k's own places: "spec/<name>.md" or "<name>.md",
//     "vectors/<name>/", "findings/<name>/", "reference/<ident>";
//   - a code reference: a Go qualified identifier "<ident>.X" (X an upper
//     case letter), a TypeScript module "./<name>.js" or "./<name>.ts", a
//     Python module "conform_mirror.<ident>" or "from .<ident> import", an
//     ident named by a "from . import" line, a string literal that is
//     exactly an ident ("<ident>" or '<ident>'), and a file name of k's own
//     ("<ident>.go", "<ident>_test.go", "test_<ident>.py", "<name>.ts" and
//     the like);
//   - unless k.CommonWord: any ident, compared case-insensitively, as a
//     whole word, where a word ends at anything but an ASCII letter or
//     digit and at a camel-case or acronym boundary ("FuzzXyz" holds the
//     word "xyz"; "xyzabc" does not hold "xyz").
//
// An ident is one of k.Idents().
func (k Contract) Mentions(text []byte) []Mention { return k.Matcher().Mentions(text) }

// Mentions returns what Contract.Mentions returns for the contract the
// matcher was made for.
func (m *Matcher) Mentions(text []byte) []Mention {
	// Every rule needs an ident, in some case: most files hold none.
	lower := strings.ToLower(string(text))
	if !m.holdsIdent(lower) {
		return nil
	}
	var out []Mention
	lowerLines := strings.Split(lower, "\n")
	for i, line := range strings.Split(string(text), "\n") {
		if !m.holdsIdent(lowerLines[i]) {
			continue
		}
		if hit := m.first(line); hit != "" {
			out = append(out, Mention{Line: i + 1, Text: hit})
		}
	}
	return out
}

// Matcher is the compiled rule of Contract.Mentions for one contract:
// make it once (Contract.Matcher) to read many files.
type Matcher struct {
	exact      *regexp.Regexp // the rules every contract has
	from       *regexp.Regexp // a "from . import a, b" line's names
	fromIdents []string       // the idents a from-import line may name
	idents     []string       // lower case, for the word rule; nil for a common word
	lower      []string       // every ident, lower case
	longer     []string       // other contracts' idents that extend one of ours (Catalogue.Matcher)
}

// holdsIdent reports whether lower (a lower-cased text) holds any ident.
func (m *Matcher) holdsIdent(lower string) bool {
	for _, id := range m.lower {
		if strings.Contains(lower, id) {
			return true
		}
	}
	return false
}

// Matcher compiles the rule of Mentions for k.
func (k Contract) Matcher() *Matcher {
	quote := func(ss []string) string {
		q := make([]string, len(ss))
		for i, s := range ss {
			q[i] = regexp.QuoteMeta(s)
		}
		return "(?:" + strings.Join(q, "|") + ")"
	}
	idents := k.Idents()
	codes := make([]string, len(k.Refusals))
	for i, r := range k.Refusals {
		codes[i] = r.Code
	}
	name, id := regexp.QuoteMeta(k.Name), quote(idents)
	// (?:^|[^A-Za-z0-9_./-]) keeps "x<name>/1" and "a/<name>/1" from
	// matching where a path or a longer name holds the text.
	pre := `(?:^|[^A-Za-z0-9_])`
	post := `(?:$|[^A-Za-z0-9_])`
	alts := []string{
		`(?:^|[^A-Za-z0-9_./-])` + name + `/[0-9]+\b`,
		pre + quote(codes) + post,
		`(?:^|[^A-Za-z0-9_-])(?:spec/)?` + name + `\.md\b`,
		`(?:vectors|findings)/` + name + `(?:/|$)`,
		`reference/` + id + `(?:$|[^A-Za-z0-9_-])`,
		pre + id + `\.[A-Z]`,
		`\./` + name + `\.(?:js|ts)\b`,
		`conform_mirror\.` + id + post,
		`from \.` + id + ` import\b`,
		`["']` + id + `["']`,
		`(?:^|[^A-Za-z0-9_.-])(?:test_)?` + id + `(?:[_-][A-Za-z0-9_-]*)?\.(?:go|ts|js|mjs|py|jsonl)\b`,
	}
	m := &Matcher{
		exact: regexp.MustCompile(strings.Join(alts, "|")),
		from:  regexp.MustCompile(`^\s*from \. import (.*)$`),
	}
	for _, s := range idents {
		m.lower = append(m.lower, strings.ToLower(s))
	}
	if !k.CommonWord {
		m.idents = m.lower
	}
	m.fromIdents = idents
	return m
}

// first returns the first text of line that names the contract, or "".
func (m *Matcher) first(line string) string {
	for _, loc := range m.exact.FindAllStringIndex(line, -1) {
		if hit := line[loc[0]:loc[1]]; !m.holdsLonger(hit) {
			return strings.TrimLeft(hit, " \t([{,;:=\"'`<>|!*&+")
		}
	}
	if sub := m.from.FindStringSubmatch(line); sub != nil {
		for _, f := range strings.FieldsFunc(sub[1], func(r rune) bool { return r == ',' || r == ' ' || r == '(' || r == ')' }) {
			for _, id := range m.fromIdents {
				if f == id {
					return "from . import " + f
				}
			}
		}
	}
	if m.idents != nil {
		return wordIn(line, m.idents, m.longer)
	}
	return ""
}

// Matcher is k's Matcher told the idents of the catalogue's other
// contracts that extend one of k's idents by "-" or "_" (`x-y` and `x_y`
// extend `x`): where a word of k's starts such an ident, as a whole word,
// the text names that other contract, not k (spec/README.md, "Mentions").
func (c Catalogue) Matcher(k Contract) *Matcher {
	m := k.Matcher()
	for _, o := range c.Contracts {
		if o.Contract == k.Contract {
			continue
		}
		for _, id := range o.Idents() {
			lid := strings.ToLower(id)
			for _, mine := range m.lower {
				if len(lid) > len(mine)+1 && strings.HasPrefix(lid, mine) && strings.ContainsRune("-_", rune(lid[len(mine)])) {
					m.longer = append(m.longer, lid)
				}
			}
		}
	}
	return m
}

// wordIn returns the first of words (lower case) that line holds as a
// whole word, compared case-insensitively, or "": a word where one of
// longer (lower case) starts, as a whole word, does not count.
func wordIn(line string, words, longer []string) string {
	lower := strings.ToLower(line)
	for _, w := range words {
		for from := 0; ; {
			i := strings.Index(lower[from:], w)
			if i < 0 {
				break
			}
			i += from
			j := i + len(w)
			if startsWord(line, i) && endsWord(line, j) && !startsLonger(line, lower, i, longer) {
				return line[i:j]
			}
			from = i + 1
		}
	}
	return ""
}

// holdsLonger reports whether a hit of the exact rules (a file name, a
// path, a code reference) holds one of m.longer as a whole word: it names
// the longer contract (Catalogue.Matcher).
func (m *Matcher) holdsLonger(hit string) bool {
	lower := strings.ToLower(hit)
	for i := range lower {
		if startsWord(hit, i) && startsLonger(hit, lower, i, m.longer) {
			return true
		}
	}
	return false
}

// startsLonger reports whether one of longer starts at lower[i] and ends
// a word there.
func startsLonger(line, lower string, i int, longer []string) bool {
	for _, l := range longer {
		if strings.HasPrefix(lower[i:], l) && endsWord(line, i+len(l)) {
			return true
		}
	}
	return false
}

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }
func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isAlnum(c byte) bool { return isLower(c) || isUpper(c) || isDigit(c) }

// startsWord reports whether a word may start at s[i]: s[i-1] is not a
// letter or digit, or s[i] is an upper case letter after a lower case
// letter or digit ("fuzzXyz"), or the first upper case letter of a
// capitalized word after an acronym ("JSONXyz").
func startsWord(s string, i int) bool {
	if i == 0 || !isAlnum(s[i-1]) {
		return true
	}
	if !isUpper(s[i]) {
		return false
	}
	return isLower(s[i-1]) || isDigit(s[i-1]) || (i+1 < len(s) && isLower(s[i+1]))
}

// endsWord reports whether a word may end before s[j]: s[j] is not a
// letter or digit, or it starts a word by startsWord's rule.
func endsWord(s string, j int) bool {
	return j == len(s) || !isAlnum(s[j]) || startsWord(s, j)
}
