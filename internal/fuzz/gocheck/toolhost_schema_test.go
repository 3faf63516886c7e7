package gocheck

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/conform-dev/conform/internal/vectors"
	"github.com/conform-dev/conform/reference/digest"
	"github.com/conform-dev/conform/reference/toolhost"
)

// The JSON Schema bundle of toolhost/1 (spec/toolhost/, spec/toolhost.md
// section 6) as an independent oracle: github.com/santhosh-tekuri/jsonschema
// (draft 2020-12) checks the vectors' documents, and the reference's
// digest/1 package checks the manifest.

const bundleDir = "../../../spec/toolhost"

// docSchemas maps each document to its schema file (section 6.1).
var docSchemas = map[string]string{
	"trust": "trust.schema.json", "device_proof": "device-proof.schema.json",
	"host_open_proof": "host-open-proof.schema.json", "observer_channel_receipt": "observer-channel-receipt.schema.json",
	"runtime_capability": "runtime-capability.schema.json", "registry": "registry.schema.json",
	"host_lease": "host-lease.schema.json", "invocation": "invocation.schema.json",
	"cancellation": "cancellation.schema.json", "result": "result.schema.json",
	"workspace_status_input": "workspace-status-input.schema.json", "workspace_status": "workspace-status.schema.json",
}

// bundle compiles every schema of the bundle, by document.
func bundle(t *testing.T) map[string]*jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	ids := map[string]string{}
	files, err := filepath.Glob(filepath.Join(bundleDir, "*.schema.json"))
	if err != nil || len(files) != 13 {
		t.Fatalf("%s: %d schema files (%v), want 13", bundleDir, len(files), err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		id, _ := doc.(map[string]any)["$id"].(string)
		if id != "https://schemas.aethersystems.net/managed-ats-tool-host/v1/"+filepath.Base(f) {
			t.Errorf("%s: $id %q", f, id)
		}
		if err := c.AddResource(id, doc); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		ids[filepath.Base(f)] = id
	}
	out := map[string]*jsonschema.Schema{}
	for d, file := range docSchemas {
		s, err := c.Compile(ids[file])
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		out[d] = s
	}
	return out
}

// envelopeDocs returns the documents of a vector's envelope, each decoded
// for the validator (numbers as json.Number), and, for the two frozen E1
// checks, the document their value is validated as.
func envelopeDocs(op string, input []byte) (map[string]any, bool) {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(input))
	if err != nil {
		return nil, false
	}
	env, ok := v.(map[string]any)
	if !ok {
		return nil, false
	}
	docs := map[string]any{}
	for k, x := range env {
		if _, isDoc := docSchemas[k]; isDoc {
			docs[k] = x
		}
	}
	switch op {
	case toolhost.OpCheckToolArguments:
		if inv, ok := docs["invocation"].(map[string]any); ok {
			docs["workspace_status_input"] = inv["arguments"]
		}
	case toolhost.OpCheckToolPayload:
		if r, ok := docs["result"].(map[string]any); ok && r["state"] == "succeeded" {
			docs["workspace_status"] = r["payload"]
		}
	}
	return docs, true
}

func toolhostVectors(t *testing.T) []vectors.Case {
	t.Helper()
	files, err := vectors.Load(vectors.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	var out []vectors.Case
	for _, c := range vectors.Cases(files) {
		if c.Contract == toolhost.Contract && !c.Finding() {
			out = append(out, c)
		}
	}
	if len(out) < 1000 {
		t.Fatalf("%d toolhost/1 vectors", len(out))
	}
	return out
}

// TestToolhostSchemaAcceptVectors checks every accept vector's documents
// against their schemas (section 6.3): each validates.
func TestToolhostSchemaAcceptVectors(t *testing.T) {
	schemas := bundle(t)
	n := 0
	for _, c := range toolhostVectors(t) {
		if c.Expect != vectors.ExpectOK {
			continue
		}
		docs, ok := envelopeDocs(c.Op, c.Input)
		if !ok {
			t.Fatalf("%s: accept vector is not an envelope", c.Source)
		}
		for d, x := range docs {
			if err := schemas[d].Validate(x); err != nil {
				t.Errorf("%s (%s): %s does not validate against %s: %v", c.Source, c.Name, d, docSchemas[d], err)
			}
			n++
		}
	}
	t.Logf("%d documents of accept vectors validate", n)
}

// schemaExpressed are the messages of the rules the schemas express
// (section 6.3): closed objects, required members and types, const and
// enum, every grammar, integer ranges, the text kind's controls and
// length, set and array sizes, set elements, repeated set elements, and
// the result's state rules 2-15.
var schemaExpressed = []*regexp.Regexp{
	regexp.MustCompile(` has an unknown member$`),
	regexp.MustCompile(` is missing or is not `),
	regexp.MustCompile(`\[\] is not (a string|an object)$`),
	regexp.MustCompile(`(\.schema_id|\.redaction_profile) is not aether\.[a-z.-]+/1$`),
	regexp.MustCompile(` is not (none|false|an allowed value)$`),
	regexp.MustCompile(` does not match the ID grammar$`),
	regexp.MustCompile(` is not in the scdev_ namespace$`),
	regexp.MustCompile(` is not a normalized https origin$`),
	regexp.MustCompile(` is not YYYY-MM-DDTHH:MM:SS\.mmmZ$`),
	regexp.MustCompile(` is not an integer from [0-9]+ to [0-9]+$`),
	regexp.MustCompile(` contains a control character$`),
	regexp.MustCompile(` is not 1 to 256 Unicode scalar values$`),
	regexp.MustCompile(` has a character outside U\+0020-U\+007E$`),
	regexp.MustCompile(` is not 1 to 256 characters$`),
	regexp.MustCompile(` is not 1 to 64 characters from U\+0020-U\+007E$`),
	regexp.MustCompile(` does not match \[A-Z\]\[A-Z0-9_\]\{0,63\}$`),
	regexp.MustCompile(` does not match the schema id grammar$`),
	regexp.MustCompile(` is not sha256: and 64 lowercase hex digits$`),
	regexp.MustCompile(` is not (43|86) base64url characters$`),
	regexp.MustCompile(` has a character outside A-Z a-z 0-9 - _$`),
	regexp.MustCompile(` is not canonical base64url$`),
	regexp.MustCompile(` does not have [0-9]+ to [0-9]+ members$`),
	regexp.MustCompile(` has a repeated member$`),
	regexp.MustCompile(`^result\.error is (not )?null for a`),
	regexp.MustCompile(`^result\.error\.code is`),
	regexp.MustCompile(`^result\.(payload|output_schema_id|output_schema_digest) is (not )?null for a`),
	regexp.MustCompile(`^result\.retry_class is new_call_after_recovery`),
	regexp.MustCompile(`^result\.(replay_status|retry_class) is (stored_redelivery|redeliver_stored_result) but`),
}

// docOf is the document a message's path names, its first segment.
func docOf(msg string) string {
	end := strings.IndexAny(msg, ". [")
	if end < 0 {
		return ""
	}
	return msg[:end]
}

// TestToolhostSchemaShapeRejects checks every shape-level reject vector
// (section 6.3) against its target document's schema: each fails it. The
// target is the document the message's path names; a range vector whose
// literal is -0 is not shape-level (JSON Schema reads it as 0).
func TestToolhostSchemaShapeRejects(t *testing.T) {
	schemas := bundle(t)
	n := 0
	for _, c := range toolhostVectors(t) {
		if c.Expect != vectors.ExpectRefused || strings.HasSuffix(c.Name, "minus-zero") {
			continue
		}
		shape := false
		for _, re := range schemaExpressed {
			shape = shape || re.MatchString(c.Message)
		}
		d := docOf(c.Message)
		if !shape || schemas[d] == nil {
			continue
		}
		docs, ok := envelopeDocs(c.Op, c.Input)
		if !ok {
			continue // the envelope's own defects
		}
		x, present := docs[d]
		if !present {
			continue // the envelope lacks the member: an envelope defect
		}
		if err := schemas[d].Validate(x); err == nil {
			t.Errorf("%s (%s): %q, but %s validates against %s", c.Source, c.Name, c.Message, d, docSchemas[d])
		}
		n++
	}
	if n < 500 {
		t.Errorf("only %d shape-level reject vectors", n)
	}
	t.Logf("%d shape-level reject vectors fail their schema", n)
}

// TestToolhostManifest checks manifest.json (section 6.2): one entry per
// schema file in byte order of file, each schema_id the file's
// x-aether-schema-id and each schema_digest the reference's digest/1
// schema-digest of the file; the pinned E1 digests are the manifest's.
func TestToolhostManifest(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(bundleDir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		SchemaID string `json:"schema_id"`
		Schemas  []struct {
			File         string `json:"file"`
			SchemaDigest string `json:"schema_digest"`
			SchemaID     string `json:"schema_id"`
		} `json:"schemas"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	if m.SchemaID != "aether.managed-tool-schema-bundle/1" || len(m.Schemas) != 13 {
		t.Fatalf("manifest: schema_id %q, %d entries", m.SchemaID, len(m.Schemas))
	}
	if !sort.SliceIsSorted(m.Schemas, func(i, j int) bool { return m.Schemas[i].File < m.Schemas[j].File }) {
		t.Error("manifest entries are not sorted by file")
	}
	pinned := map[string]string{}
	for _, e := range m.Schemas {
		file, err := os.ReadFile(filepath.Join(bundleDir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		got, err := digest.SchemaDigest(file)
		if err != nil || string(got) != e.SchemaDigest {
			t.Errorf("%s: digest/1 schema-digest %s (%v), manifest %s", e.File, got, err, e.SchemaDigest)
		}
		var head struct {
			ID string `json:"x-aether-schema-id"`
		}
		if err := json.Unmarshal(file, &head); err != nil || head.ID != e.SchemaID {
			t.Errorf("%s: x-aether-schema-id %q, manifest %s", e.File, head.ID, e.SchemaID)
		}
		pinned[e.File] = e.SchemaDigest
	}
	if pinned["workspace-status-input.schema.json"] != toolhost.E1InputSchemaDigest ||
		pinned["workspace-status.schema.json"] != toolhost.E1OutputSchemaDigest {
		t.Error("the reference's pinned E1 digests are not the manifest's")
	}
}

// TestToolhostSchemaCopies checks section 6.1's rule: every $defs entry of
// a document schema is an identical copy of common.schema.json's, and
// every $ref is document-local.
func TestToolhostSchemaCopies(t *testing.T) {
	read := func(name string) map[string]any {
		data, err := os.ReadFile(filepath.Join(bundleDir, name))
		if err != nil {
			t.Fatal(err)
		}
		var v map[string]any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		for _, b := range data {
			if b >= 0x80 {
				t.Errorf("%s is not ASCII", name)
				break
			}
		}
		return v
	}
	common := read("common.schema.json")["$defs"].(map[string]any)
	refRE := regexp.MustCompile(`"\$ref":\s*"([^"]*)"`)
	for _, file := range docSchemas {
		s := read(file)
		defs, _ := s["$defs"].(map[string]any)
		for name, def := range defs {
			if !reflect.DeepEqual(def, common[name]) {
				t.Errorf("%s: $defs/%s differs from common.schema.json's", file, name)
			}
		}
		data, _ := os.ReadFile(filepath.Join(bundleDir, file))
		for _, m := range refRE.FindAllSubmatch(data, -1) {
			ref := string(m[1])
			name, local := strings.CutPrefix(ref, "#/$defs/")
			if !local || defs[name] == nil {
				t.Errorf("%s: $ref %s is not a local definition", file, ref)
			}
		}
	}
}
