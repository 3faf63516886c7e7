package spec

import (
	"bufio"
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

//go:embed *.md
var prose embed.FS

// InstancesSection is the title of the section of a contract's spec that
// gives its canonical instances (spec/README.md, "Canonical instances"):
// a heading of level 2 to 4, its number before the title if the spec
// numbers its sections ("## Canonical instances", "### 8.3 Canonical
// instances"). The section ends at the next heading of its level or
// above.
const InstancesSection = "Canonical instances"

// instancesHeading is a heading of the section InstancesSection, and
// heading any heading; both give the level as their first group.
var (
	instancesHeading = regexp.MustCompile(`^(#{2,4}) (?:[0-9][0-9.]* )?` + InstancesSection + `$`)
	heading          = regexp.MustCompile(`^(#+) `)
)

// Instance is one canonical instance of a contract, as its spec writes it
// in the section InstancesSection: a paragraph that opens with the
// instance's name in backquotes, may describe it and may give its digest
// ("digest `sha256:...`"), and ends with a colon, then a fenced json block
// holding the document.
type Instance struct {
	// Name is the backquoted name that opens the paragraph (the shape or
	// operation it is an instance of); two instances may share it.
	Name string
	// Note is the paragraph's words between the name and the digest,
	// without the separating commas ("the review of the /1 intent"), or "".
	Note string
	// Digest is the digest the paragraph gives ("sha256:" and 64 hex
	// digits), or "" when it gives none.
	Digest string
	// Text is the JSON text of the fenced block, its lines joined by "\n".
	Text string
	// Line is the 1-based line of the spec where the paragraph opens.
	Line int
}

// instanceLead is the paragraph that opens an instance: its name, an
// optional note, an optional digest, then a colon.
var instanceLead = regexp.MustCompile("^`([^`]+)`(?:, (.*?))?(?:,? ?digest `(sha256:[0-9a-f]{64})`)?:$")

// Instances returns the canonical instances of the contract named name, in
// the order its spec (spec/<name>.md) gives them. It refuses, naming the
// file and line: a contract without a spec or without the section
// InstancesSection; a json block in the section not opened by an instance
// paragraph; an instance paragraph without its json block, or that is not
// a paragraph of its own line, or whose note has stray spaces or a
// malformed digest; a block that is not closed, that holds another fence,
// or that is not one JSON value. It does not check the digests: the
// generators that read the instances do (with a canonicalizer of their
// own).
func Instances(name string) ([]Instance, error) {
	file := name + ".md"
	data, err := prose.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("spec/%s: no spec for %s", file, name)
	}
	return parseInstances(file, data)
}

// parseInstances reads the instances of the spec text data, whose file
// is spec/<file> (Instances).
func parseInstances(file string, data []byte) ([]Instance, error) {
	var (
		out     []Instance
		level   int       // the section's heading level; 0 outside it
		lead    *Instance // the instance paragraph awaiting its block
		block   []string  // the open block's lines
		inBlock bool
		found   bool
	)
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	broken := true // the line before ends a paragraph: blank, a heading, or none
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSuffix(sc.Text(), "\r")
		after := broken
		broken = line == "" || heading.MatchString(line)
		switch {
		case inBlock && line == "```":
			inBlock = false
			lead.Text = strings.Join(block, "\n")
			if !json.Valid([]byte(lead.Text)) {
				return nil, fmt.Errorf("spec/%s:%d: the json block of the instance `%s` is not one JSON value", file, lead.Line, lead.Name)
			}
			out, lead, block = append(out, *lead), nil, nil
		case inBlock && strings.HasPrefix(line, "```"):
			return nil, fmt.Errorf("spec/%s:%d: a fence inside the json block of line %d: is that block's closing fence missing?", file, n, lead.Line)
		case inBlock:
			block = append(block, line)
		case instancesHeading.MatchString(line):
			level, found = len(instancesHeading.FindStringSubmatch(line)[1]), true
		case level == 0:
		case heading.MatchString(line) && len(heading.FindStringSubmatch(line)[1]) <= level:
			level = 0
		case line == "```json":
			if lead == nil {
				return nil, fmt.Errorf("spec/%s:%d: a json block of %q without an instance paragraph before it", file, n, InstancesSection)
			}
			inBlock = true
		case lead != nil && line != "":
			return nil, fmt.Errorf("spec/%s:%d: the instance paragraph of line %d has no json block", file, n, lead.Line)
		default:
			m := instanceLead.FindStringSubmatch(line)
			switch {
			case m == nil:
			case !after:
				return nil, fmt.Errorf("spec/%s:%d: an instance paragraph continues the line before: write it on one line", file, n)
			case m[2] != strings.TrimSpace(m[2]) || strings.Contains(m[2], "digest `"):
				return nil, fmt.Errorf("spec/%s:%d: the instance paragraph's note %q has stray spaces or a malformed digest (\"digest `sha256:` and 64 hex digits\")", file, n, m[2])
			default:
				lead = &Instance{Name: m[1], Note: m[2], Digest: m[3], Line: n}
			}
		}
	}
	switch {
	case sc.Err() != nil:
		return nil, fmt.Errorf("spec/%s: %v", file, sc.Err())
	case inBlock:
		return nil, fmt.Errorf("spec/%s:%d: the json block is not closed", file, lead.Line)
	case lead != nil:
		return nil, fmt.Errorf("spec/%s:%d: the instance paragraph has no json block", file, lead.Line)
	case !found:
		return nil, fmt.Errorf("spec/%s: no section %q", file, InstancesSection)
	}
	return out, nil
}

// MustInstances is Instances for a generator: the specs are embedded and
// tested, so a refusal is a broken build and panics with Instances' error.
func MustInstances(name string) []Instance {
	out, err := Instances(name)
	if err != nil {
		panic(err)
	}
	return out
}

// FindInstance returns the instance named name (and with note note, when
// several share the name) of the list, and whether the list has exactly
// one.
func FindInstance(list []Instance, name, note string) (Instance, bool) {
	var hit []Instance
	for _, i := range list {
		if i.Name == name && (note == "" || i.Note == note) {
			hit = append(hit, i)
		}
	}
	if len(hit) != 1 {
		return Instance{}, false
	}
	return hit[0], true
}
