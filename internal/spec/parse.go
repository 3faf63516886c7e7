package spec

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/conform-dev/conform/spec/shapes"
)

// Index is the spec directory's index file, which is not a contract.
const Index = "README.md"

var (
	titleLine = regexp.MustCompile("^# `([a-z][a-z0-9-]*)/([1-9][0-9]*)` \u2014 (\\S.*)$")
	opName    = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)
	codeName  = regexp.MustCompile(`^[a-z][a-z0-9-]*\.[a-z][a-z0-9_]*$`)
	tagName   = regexp.MustCompile(`^[a-z][a-z-]*$`)
	// thresholdName is a Thresholds row's name, "<group>.<member>".
	thresholdName = regexp.MustCompile(`^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$`)
	// contractName is "<name>/<version>".
	contractName = regexp.MustCompile(`^[a-z][a-z0-9-]*/[1-9][0-9]*$`)
	backticks    = regexp.MustCompile("^`([^`]+)`$")
)

// ParseDir reads every contract spec in dir of fsys (every *.md file but
// README.md) and returns the catalogue, contracts sorted by name. Paths in
// the catalogue are "spec/<file>". Any file that does not follow the
// layout Parse expects is an error naming the file and line.
func ParseDir(fsys fs.FS, dir string) (Catalogue, error) {
	names, err := fs.Glob(fsys, path.Join(dir, "*.md"))
	if err != nil {
		return Catalogue{}, err
	}
	cat := Catalogue{Format: FormatVersion}
	for _, n := range names {
		if path.Base(n) == Index {
			continue
		}
		data, err := fs.ReadFile(fsys, n)
		if err != nil {
			return Catalogue{}, err
		}
		k, err := Parse("spec/"+path.Base(n), data)
		if err != nil {
			return Catalogue{}, err
		}
		if _, err := ParseShapes(fsys, dir, k); err != nil {
			return Catalogue{}, err
		} else if _, err := fs.Stat(fsys, path.Join(dir, k.Name, "shapes.json")); err == nil {
			k.Shapes = "spec/" + k.Name + "/shapes.json"
		}
		cat.Contracts = append(cat.Contracts, k)
	}
	if len(cat.Contracts) == 0 {
		return Catalogue{}, fmt.Errorf("%s: no contract specs", dir)
	}
	sort.Slice(cat.Contracts, func(i, j int) bool { return cat.Contracts[i].Contract < cat.Contracts[j].Contract })
	if err := cat.Check(); err != nil {
		return Catalogue{}, err
	}
	return cat, nil
}

// Parse reads one contract spec, named file in errors:
//
//   - its first line is "# `<name>/<version>` — <title>", and file is
//     "spec/<name>.md";
//   - a "## Operations" section whose first table has the columns
//     operation, input kind, input, output on acceptance; the operation a
//     backticked name, the kind `bytes` or `json-value`;
//   - a "## Refusals" section whose first table has the columns code and
//     message, then optionally operations (`all`, or backticked operation
//     names separated by commas; without the column every row is `all`)
//     and exception (empty, or the backticked exception tag its vectors
//     carry). Code and message are backticked; the message is printable
//     ASCII;
//   - optionally a "## Name" section whose first table has the columns
//     name and common word, and one row: the backticked name and yes or no;
//   - optionally a "## Related contracts" section whose first table has
//     the columns contract (backticked `<name>/<version>`) and relation;
//   - optionally a "## Corpora" section whose first table has the columns
//     layout, operation and policy, each backticked; the policy one of
//     Policies;
//   - optionally a "## Thresholds" section whose first table has the
//     columns threshold (backticked "<group>.<member>"), value and min
//     (decimal integers, value >= min) and meaning.
//
// That a related contract exists is checked by Catalogue.Check.
func Parse(file string, data []byte) (Contract, error) {
	k := Contract{Related: []Related{}, Corpora: []Corpus{}}
	lines, err := splitLines(file, data)
	if err != nil {
		return k, err
	}
	m := titleLine.FindStringSubmatch(lines[0])
	if m == nil {
		return k, fmt.Errorf("%s:1: the first line must be \"# `<name>/<version>` \u2014 <title>\"", file)
	}
	k.Name, k.Title = m[1], m[3]
	k.Version, _ = strconv.Atoi(m[2])
	k.Contract = m[1] + "/" + m[2]
	k.Spec = file
	if want := "spec/" + k.Name + ".md"; file != want {
		return k, fmt.Errorf("%s:1: contract %s must be specified in %s", file, k.Contract, want)
	}
	ops, opsAt, _, err := table(file, lines, "## Operations", []string{"operation", "input kind", "input", "output on acceptance"})
	if err != nil {
		return k, err
	}
	for i, row := range ops {
		at := fmt.Sprintf("%s:%d", file, opsAt[i])
		name, ok := ticked(row[0])
		if !ok || !opName.MatchString(name) {
			return k, fmt.Errorf("%s: operation %q is not a backticked name [a-z][a-z0-9-]*", at, row[0])
		}
		kind, _ := ticked(row[1])
		if kind != InputBytes && kind != InputJSONValue {
			return k, fmt.Errorf("%s: input kind %q is neither `%s` nor `%s`", at, row[1], InputBytes, InputJSONValue)
		}
		if _, dup := k.Operation(name); dup {
			return k, fmt.Errorf("%s: operation %s is listed twice", at, name)
		}
		k.Operations = append(k.Operations, Operation{Op: name, Input: kind, Accepts: row[2], Output: row[3]})
	}
	refs, refsAt, head, err := table(file, lines, "## Refusals", []string{"code", "message"}, "operations", "exception")
	if err != nil {
		return k, err
	}
	opsCol, excCol := slices.Index(head, "operations"), slices.Index(head, "exception")
	for i, row := range refs {
		at := fmt.Sprintf("%s:%d", file, refsAt[i])
		code, ok := ticked(row[0])
		if !ok {
			return k, fmt.Errorf("%s: code %q is not backticked", at, row[0])
		}
		msg, ok := ticked(row[1])
		if !ok {
			return k, fmt.Errorf("%s: message %q is not backticked", at, row[1])
		}
		r := Refusal{Code: code, Message: msg}
		if excCol >= 0 && row[excCol] != "" {
			if r.Exception, ok = ticked(row[excCol]); !ok || !tagName.MatchString(r.Exception) {
				return k, fmt.Errorf("%s: exception %q is not empty or one backticked tag [a-z][a-z-]*", at, row[excCol])
			}
		}
		if opsCol < 0 || strings.TrimSpace(row[opsCol]) == "all" {
			r.Ops = k.OpNames()
		} else {
			for _, cell := range strings.Split(row[opsCol], ",") {
				op, ok := ticked(strings.TrimSpace(cell))
				if !ok {
					return k, fmt.Errorf("%s: operations %q are not `all` or backticked names", at, row[opsCol])
				}
				if _, known := k.Operation(op); !known {
					return k, fmt.Errorf("%s: operation %s is not in the Operations table", at, op)
				}
				r.Ops = append(r.Ops, op)
			}
			// The catalogue lists them in table order, whatever order the cell has.
			sort.SliceStable(r.Ops, func(a, b int) bool { return k.opIndex(r.Ops[a]) < k.opIndex(r.Ops[b]) })
		}
		k.Refusals = append(k.Refusals, r)
	}
	names, namesAt, _, err := optionalTable(file, lines, "## Name", []string{"name", "common word"})
	if err != nil {
		return k, err
	}
	for i, row := range names {
		at := fmt.Sprintf("%s:%d", file, namesAt[i])
		name, ok := ticked(row[0])
		if !ok || name != k.Name || i > 0 {
			return k, fmt.Errorf("%s: the Name table has one row, for `%s`", at, k.Name)
		}
		switch row[1] {
		case "yes":
			k.CommonWord = true
		case "no":
		default:
			return k, fmt.Errorf("%s: common word %q is not yes or no", at, row[1])
		}
	}
	rel, relAt, _, err := optionalTable(file, lines, "## Related contracts", []string{"contract", "relation"})
	if err != nil {
		return k, err
	}
	for i, row := range rel {
		at := fmt.Sprintf("%s:%d", file, relAt[i])
		name, ok := ticked(row[0])
		if !ok || !contractName.MatchString(name) {
			return k, fmt.Errorf("%s: contract %q is not a backticked <name>/<version>", at, row[0])
		}
		if name == k.Contract || k.Relates(name) {
			return k, fmt.Errorf("%s: related contract %s is this contract or listed twice", at, name)
		}
		k.Related = append(k.Related, Related{Contract: name, Relation: row[1]})
	}
	corp, corpAt, _, err := optionalTable(file, lines, "## Corpora", []string{"layout", "operation", "policy"})
	if err != nil {
		return k, err
	}
	for i, row := range corp {
		at := fmt.Sprintf("%s:%d", file, corpAt[i])
		var cells [3]string
		for j := range cells {
			var ok bool
			if cells[j], ok = ticked(row[j]); !ok {
				return k, fmt.Errorf("%s: %q is not backticked", at, row[j])
			}
		}
		c := Corpus{Layout: cells[0], Op: cells[1], Policy: cells[2]}
		if err := k.checkCorpus(c); err != nil {
			return k, fmt.Errorf("%s: %w", at, err)
		}
		k.Corpora = append(k.Corpora, c)
	}
	if k.Thresholds, err = parseThresholds(file, lines); err != nil {
		return k, err
	}
	if err := k.check(); err != nil {
		return k, fmt.Errorf("%s: %w", file, err)
	}
	return k, nil
}

// parseThresholds reads the optional "## Thresholds" table: columns
// threshold (backticked name), value and min (decimal integers), meaning.
func parseThresholds(file string, lines []string) ([]Threshold, error) {
	rows, at, _, err := optionalTable(file, lines, "## Thresholds", []string{"threshold", "value", "min", "meaning"})
	if err != nil {
		return nil, err
	}
	var out []Threshold
	for i, row := range rows {
		where := fmt.Sprintf("%s:%d", file, at[i])
		name, ok := ticked(row[0])
		if !ok {
			return nil, fmt.Errorf("%s: threshold %q is not backticked", where, row[0])
		}
		value, err1 := strconv.Atoi(row[1])
		least, err2 := strconv.Atoi(row[2])
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%s: value %q or min %q is not a decimal integer", where, row[1], row[2])
		}
		out = append(out, Threshold{Name: name, Value: value, Min: least, Meaning: row[3]})
	}
	return out, nil
}

func (k Contract) opIndex(op string) int {
	for i, o := range k.Operations {
		if o.Op == op {
			return i
		}
	}
	return -1
}

// Check reports the first way the catalogue breaks its own rules: a format
// other than FormatVersion, contracts out of name order or repeated, and
// for each contract what Parse checks.
func (c Catalogue) Check() error {
	if c.Format != FormatVersion {
		return fmt.Errorf("conform_catalogue is %d, not %d", c.Format, FormatVersion)
	}
	if len(c.Contracts) == 0 {
		return fmt.Errorf("no contracts")
	}
	for i, k := range c.Contracts {
		if i > 0 && c.Contracts[i-1].Contract >= k.Contract {
			return fmt.Errorf("contracts are not in strictly ascending order at %s", k.Contract)
		}
		if err := k.check(); err != nil {
			return fmt.Errorf("%s: %w", k.Contract, err)
		}
	}
	for _, k := range c.Contracts {
		for _, r := range k.Related {
			if _, ok := c.Contract(r.Contract); !ok {
				return fmt.Errorf("%s: related contract %s is not in the catalogue", k.Contract, r.Contract)
			}
		}
	}
	return nil
}

// checkCorpus holds the rules of one Corpora row: a layout name, an
// operation of the contract, a known policy.
func (k Contract) checkCorpus(c Corpus) error {
	if !opName.MatchString(c.Layout) {
		return fmt.Errorf("layout %q is not a name [a-z][a-z0-9-]*", c.Layout)
	}
	if _, ok := k.Operation(c.Op); !ok {
		return fmt.Errorf("corpus layout %s: operation %q is not in the Operations table", c.Layout, c.Op)
	}
	if !slices.Contains(Policies, c.Policy) {
		return fmt.Errorf("corpus layout %s: policy %q is not one of %s", c.Layout, c.Policy, strings.Join(Policies, ", "))
	}
	return nil
}

// check holds every rule a contract entry must keep, so that Parse and
// Decode refuse the same things.
func (k Contract) check() error {
	if k.Contract != k.Name+"/"+strconv.Itoa(k.Version) || !opName.MatchString(k.Name) || k.Version < 1 {
		return fmt.Errorf("name %q, version %d and contract %q disagree", k.Name, k.Version, k.Contract)
	}
	if k.Spec != "spec/"+k.Name+".md" {
		return fmt.Errorf("spec is %q, not spec/%s.md", k.Spec, k.Name)
	}
	if !printableASCII(k.Title) {
		return fmt.Errorf("title %q is not printable ASCII", k.Title)
	}
	if len(k.Operations) == 0 {
		return fmt.Errorf("no operations")
	}
	if len(k.Refusals) == 0 {
		return fmt.Errorf("no refusals")
	}
	seenOp := map[string]bool{}
	for _, o := range k.Operations {
		if !opName.MatchString(o.Op) || seenOp[o.Op] {
			return fmt.Errorf("operation %q is not a name or is repeated", o.Op)
		}
		if o.Input != InputBytes && o.Input != InputJSONValue {
			return fmt.Errorf("operation %s: input kind %q", o.Op, o.Input)
		}
		if !printableASCII(o.Accepts) || !printableASCII(o.Output) {
			return fmt.Errorf("operation %s: input or output text is not printable ASCII", o.Op)
		}
		seenOp[o.Op] = true
	}
	seenCode, seenMsg := map[string]bool{}, map[string]bool{}
	for _, r := range k.Refusals {
		if !codeName.MatchString(r.Code) || seenCode[r.Code] {
			return fmt.Errorf("refusal code %q is not <prefix>.<name> or is repeated", r.Code)
		}
		if !printableASCII(r.Message) || seenMsg[r.Message] {
			return fmt.Errorf("refusal %s: message %q is not printable ASCII or is repeated (one guard, one message)", r.Code, r.Message)
		}
		if len(r.Ops) == 0 {
			return fmt.Errorf("refusal %s: no operations", r.Code)
		}
		last := -1
		for _, op := range r.Ops {
			i := k.opIndex(op)
			if i <= last {
				return fmt.Errorf("refusal %s: operation %q is unknown, repeated or out of table order", r.Code, op)
			}
			last = i
		}
		if r.Exception != "" && !tagName.MatchString(r.Exception) {
			return fmt.Errorf("refusal %s: exception %q is not a tag [a-z][a-z-]*", r.Code, r.Exception)
		}
		seenCode[r.Code], seenMsg[r.Message] = true, true
	}
	seenThreshold := map[string]bool{}
	for _, t := range k.Thresholds {
		if !thresholdName.MatchString(t.Name) || seenThreshold[t.Name] {
			return fmt.Errorf("threshold %q is not <group>.<member> or is repeated", t.Name)
		}
		if t.Value < t.Min || !printableASCII(t.Meaning) {
			return fmt.Errorf("threshold %s: value %d is below min %d, or its meaning is not printable ASCII", t.Name, t.Value, t.Min)
		}
		seenThreshold[t.Name] = true
	}
	seenRel := map[string]bool{}
	for _, r := range k.Related {
		if !contractName.MatchString(r.Contract) || r.Contract == k.Contract || seenRel[r.Contract] {
			return fmt.Errorf("related contract %q is not <name>/<version>, is this contract or is repeated", r.Contract)
		}
		if !printableASCII(r.Relation) {
			return fmt.Errorf("related contract %s: relation %q is not printable ASCII", r.Contract, r.Relation)
		}
		seenRel[r.Contract] = true
	}
	seenCorpus := map[[2]string]bool{}
	for _, c := range k.Corpora {
		if err := k.checkCorpus(c); err != nil {
			return err
		}
		if seenCorpus[[2]string{c.Layout, c.Op}] {
			return fmt.Errorf("corpus layout %s feeds operation %s twice", c.Layout, c.Op)
		}
		seenCorpus[[2]string{c.Layout, c.Op}] = true
	}
	// Every code of a contract shares one prefix, so that a code names its
	// contract in reports and guard inventories.
	prefix := k.Refusals[0].Code[:strings.IndexByte(k.Refusals[0].Code, '.')+1]
	for _, r := range k.Refusals {
		if !strings.HasPrefix(r.Code, prefix) {
			return fmt.Errorf("refusal code %s does not share the prefix %s", r.Code, prefix)
		}
	}
	return nil
}

func printableASCII(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// splitLines returns the file's lines; the file must be ASCII-free of CR,
// non-empty and end with LF.
func splitLines(file string, data []byte) ([]string, error) {
	if len(data) == 0 || data[len(data)-1] != '\n' {
		return nil, fmt.Errorf("%s: empty or not LF-terminated", file)
	}
	if i := bytes.IndexByte(data, '\r'); i >= 0 {
		return nil, fmt.Errorf("%s:%d: CR line end", file, bytes.Count(data[:i], []byte("\n"))+1)
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), len(data)+1)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines, sc.Err()
}

// optionalTable is table for a section the file may leave out: no section
// gives no rows and no error.
func optionalTable(file string, lines []string, heading string, want []string, optional ...string) ([][]string, []int, []string, error) {
	if !slices.Contains(lines, heading) {
		return nil, nil, nil, nil
	}
	return table(file, lines, heading, want, optional...)
}

// table finds the section headed exactly heading and returns the rows of
// its first table, with their 1-based line numbers, and its header. The
// header row must be want, followed by any of the columns in optional, in
// the order optional lists them.
func table(file string, lines []string, heading string, want []string, optional ...string) ([][]string, []int, []string, error) {
	start := slices.Index(lines, heading)
	if start < 0 {
		return nil, nil, nil, fmt.Errorf("%s: no %q section", file, heading)
	}
	if slices.Index(lines[start+1:], heading) >= 0 {
		return nil, nil, nil, fmt.Errorf("%s: two %q sections", file, heading)
	}
	i := start + 1
	for ; i < len(lines) && !strings.HasPrefix(lines[i], "|"); i++ {
		if strings.HasPrefix(lines[i], "## ") {
			return nil, nil, nil, fmt.Errorf("%s:%d: the %q section has no table", file, start+1, heading)
		}
	}
	if i+1 >= len(lines) {
		return nil, nil, nil, fmt.Errorf("%s:%d: the %q section has no table", file, start+1, heading)
	}
	head, err := cells(lines[i])
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s:%d: %w", file, i+1, err)
	}
	if !columnsFit(head, want, optional) {
		cols := strings.Join(want, ", ")
		if len(optional) > 0 {
			cols += ", then any of " + strings.Join(optional, ", ") + " in this order"
		}
		return nil, nil, nil, fmt.Errorf("%s:%d: the %q table's columns must be %s", file, i+1, heading, cols)
	}
	if sep, _ := cells(lines[i+1]); len(sep) != len(head) || strings.Trim(strings.Join(sep, ""), "-: ") != "" {
		return nil, nil, nil, fmt.Errorf("%s:%d: no table separator row", file, i+2)
	}
	var rows [][]string
	var at []int
	for j := i + 2; j < len(lines) && strings.HasPrefix(lines[j], "|"); j++ {
		row, err := cells(lines[j])
		if err != nil {
			return nil, nil, nil, fmt.Errorf("%s:%d: %w", file, j+1, err)
		}
		if len(row) != len(head) {
			return nil, nil, nil, fmt.Errorf("%s:%d: %d cells, the header has %d", file, j+1, len(row), len(head))
		}
		rows = append(rows, row)
		at = append(at, j+1)
	}
	if len(rows) == 0 {
		return nil, nil, nil, fmt.Errorf("%s:%d: the %q table has no rows", file, i+1, heading)
	}
	return rows, at, head, nil
}

// columnsFit reports whether head is want followed by a subsequence of
// optional.
func columnsFit(head, want, optional []string) bool {
	if len(head) < len(want) || !slices.Equal(head[:len(want)], want) {
		return false
	}
	j := 0
	for _, h := range head[len(want):] {
		for j < len(optional) && optional[j] != h {
			j++
		}
		if j == len(optional) {
			return false
		}
		j++
	}
	return true
}

// cells splits a markdown table row on the pipes outside code spans and
// trims each cell.
func cells(line string) ([]string, error) {
	line = strings.TrimSpace(line)
	if !strings.HasPrefix(line, "|") || !strings.HasSuffix(line, "|") || len(line) < 2 {
		return nil, fmt.Errorf("not a table row")
	}
	var out []string
	var cur strings.Builder
	code := false
	for _, r := range line[1 : len(line)-1] {
		switch {
		case r == '`':
			code = !code
			cur.WriteRune(r)
		case r == '|' && !code:
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteRune(r)
		}
	}
	if code {
		return nil, fmt.Errorf("unterminated code span")
	}
	return append(out, strings.TrimSpace(cur.String())), nil
}

// ticked returns the text of a cell that is exactly one code span.
func ticked(cell string) (string, bool) {
	m := backticks.FindStringSubmatch(cell)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// ParseShapes reads the declaration of k's closed objects,
// <dir>/<name>/shapes.json in fsys, and checks it (package
// spec/shapes): it declares k, and every code it gives is a row of k's
// Refusals. It returns nil, nil when k has no declaration.
func ParseShapes(fsys fs.FS, dir string, k Contract) (*shapes.Decl, error) {
	p := path.Join(dir, k.Name, "shapes.json")
	data, err := fs.ReadFile(fsys, p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	codes := map[string]bool{}
	for _, r := range k.Refusals {
		codes[r.Code] = true
	}
	d, err := shapes.Parse("spec/"+k.Name+"/shapes.json", data, codes)
	if err != nil {
		return nil, err
	}
	if d.Contract != k.Contract {
		return nil, fmt.Errorf("spec/%s/shapes.json declares %s, not %s", k.Name, d.Contract, k.Contract)
	}
	return d, nil
}
