package spec

import (
	"encoding/json"
	"io/fs"
	"slices"
	"strings"
	"testing"
)

// TestInstancesOfEverySpec reads the canonical instances of every
// contract's spec that has the section (spec/README.md describes it): each
// one's text is JSON and at least one is given.
func TestInstancesOfEverySpec(t *testing.T) {
	files, err := fs.Glob(prose, "*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no specs embedded: %v", err)
	}
	specs := 0
	for _, f := range files {
		data, _ := prose.ReadFile(f)
		if f == "README.md" || !slices.ContainsFunc(strings.Split(string(data), "\n"), instancesHeading.MatchString) {
			continue
		}
		specs++
		list, err := Instances(strings.TrimSuffix(f, ".md"))
		if err != nil {
			t.Fatal(err)
		}
		if len(list) == 0 {
			t.Errorf("spec/%s: no instances", f)
		}
		for _, i := range list {
			if !json.Valid([]byte(i.Text)) {
				t.Errorf("spec/%s:%d: %s is not JSON", f, i.Line, i.Name)
			}
		}
	}
	if specs == 0 {
		t.Error("no spec has canonical instances")
	}
}

// TestInstancesParse reads a made-up section: names, notes, digests and
// lines, the end of the section, and every refusal.
func TestInstancesParse(t *testing.T) {
	d := "sha256:" + strings.Repeat("ab", 32)
	text := "# x\n\n```json\n{}\n```\n\n## " + InstancesSection + "\n\nProse.\n\n" +
		"`a`, digest `" + d + "`:\n\n```json\n{\"a\":1}\n```\n\n" +
		"`a`, the other a, digest `" + d + "`:\n\n```json\n{\"a\":\n2}\n```\n\n" +
		"`b`:\n\n```json\n[]\n```\n\n### Inside\n\n`c`:\n\n```json\n1\n```\n\n## Next\n\n```json\n{}\n```\n"
	got, err := parseInstances("x.md", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	want := []Instance{
		{Name: "a", Digest: d, Text: `{"a":1}`, Line: 11},
		{Name: "a", Note: "the other a", Digest: d, Text: "{\"a\":\n2}", Line: 17},
		{Name: "b", Text: "[]", Line: 24},
		{Name: "c", Text: "1", Line: 32},
	}
	if len(got) != len(want) {
		t.Fatalf("%d instances, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("instance %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if i, ok := FindInstance(got, "a", "the other a"); !ok || i.Line != 17 {
		t.Errorf("FindInstance a, the other a: %+v %v", i, ok)
	}
	if _, ok := FindInstance(got, "a", ""); ok {
		t.Error("FindInstance finds one of two instances named a")
	}
	for name, bad := range map[string]string{
		"no section":       "# x\n",
		"block without":    "## " + InstancesSection + "\n\n```json\n{}\n```\n",
		"lead without":     "### 8.3 " + InstancesSection + "\n\n`a`:\n\nProse.\n",
		"lead at the end":  "## " + InstancesSection + "\n\n`a`:\n",
		"block not closed": "## " + InstancesSection + "\n\n`a`:\n\n```json\n{}\n",
		"level 1 heading":  "# " + InstancesSection + "\n\n`a`:\n\n```json\n{}\n```\n",
		// An editor's slips that would otherwise change the instances.
		"fence missing":     "## " + InstancesSection + "\n\n`a`:\n\n```json\n{}\n\n`b`:\n\n```json\n[]\n```\n",
		"not one value":     "## " + InstancesSection + "\n\n`a`:\n\n```json\n{} {}\n```\n",
		"paragraph split":   "## " + InstancesSection + "\n\n`a`, canonical, digest\n`" + d + "`:\n\n```json\n{}\n```\n",
		"note spaces":       "## " + InstancesSection + "\n\n`a`,  canonical:\n\n```json\n{}\n```\n",
		"digest malformed":  "## " + InstancesSection + "\n\n`a`, digest `" + d[:len(d)-1] + "`:\n\n```json\n{}\n```\n",
		"fence with spaces": "## " + InstancesSection + "\n\n`a`:\n\n```json\n{}\n``` \n\n`b`:\n\n```json\n[]\n```\n",
	} {
		if _, err := parseInstances("x.md", []byte(bad)); err == nil || !strings.HasPrefix(err.Error(), "spec/x.md:") && name != "no section" {
			t.Errorf("%s: %v, want a refusal naming spec/x.md and the line", name, err)
		}
	}
	// Line ends of CR LF read as LF.
	crlf := strings.ReplaceAll(text, "\n", "\r\n")
	if got2, err := parseInstances("x.md", []byte(crlf)); err != nil || len(got2) != len(want) || got2[1].Text != want[1].Text {
		t.Errorf("CR LF: %+v, %v", got2, err)
	}
	if _, err := Instances("no-such-contract"); err == nil {
		t.Error("Instances of a contract without a spec")
	}
}
