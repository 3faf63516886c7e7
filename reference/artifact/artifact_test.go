package artifact

import (
	"bytes"
	"encoding/base64"
	"strings"
	"testing"

	"github.com/conform-dev/conform/reference/refusal"
)

// TestV1MarkerStaysInMemory: the v1 marker never reaches the caller's
// bytes (spec/artifact.md, "trace" step 3: in memory only).
func TestV1MarkerStaysInMemory(t *testing.T) {
	in := []byte(`{"run_id":"r","entries":[{"epistemic_state":"known","decision":{"verdict":"pass","confidence":1,"stop_reason":"done"}}]}`)
	keep := bytes.Clone(in)
	out, err := Trace(in)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(in, keep) {
		t.Fatalf("the input changed to %s", in)
	}
	if want := `"source_version":1,"trace_schema_version":2`; !strings.Contains(string(out), want) {
		t.Fatalf("%s lacks %s", out, want)
	}
}

// TestTracePathResolution pins step 3's order and resolution on units, one
// escape per row, and that an ignored guard goes on to the next step.
func TestTracePathResolution(t *testing.T) {
	files := map[string]entry{traceFile: {}}
	for _, c := range []struct {
		path   string
		ignore []string
		want   error
	}{
		{"trace/run_trace.json", nil, nil},
		{"./trace//run_trace.json/", nil, nil},
		{"trace/../trace/run_trace.json", nil, &refusal.Error{Guard: ErrPathParent}},
		{"trace/../trace/run_trace.json", []string{ErrPathParent.Message}, nil},
		{"/trace/run_trace.json", []string{ErrPathAbsolute.Message}, nil},
		{"/etc/passwd", []string{ErrPathAbsolute.Message}, &refusal.Error{Guard: ErrPathTarget}},
		{"../trace/run_trace.json", []string{ErrPathParent.Message}, &refusal.Error{Guard: ErrPathTarget}},
		{"", []string{ErrPathEmpty.Message}, &refusal.Error{Guard: ErrPathTarget}},
		{"trace\\run_trace.json", nil, &refusal.Error{Guard: ErrPathBackslash}},
	} {
		err := tracePath(refusal.New(refusal.Ignoring(c.ignore...)), utf16(c.path), files)
		if (err == nil) != (c.want == nil) || err != nil && err.Error() != c.want.Error() {
			t.Errorf("%q ignoring %q: got %v, want %v", c.path, c.ignore, err, c.want)
		}
	}
	if err := tracePath(refusal.New(), utf16("trace/run_trace.json"), map[string]entry{"trace": {symlink: true}}); err == nil || err.Error() != ErrPathSymlink.Message {
		t.Errorf("a symlinked trace directory: got %v", err)
	}
}

func utf16(s string) []uint16 {
	out := make([]uint16, len(s))
	for i := range len(s) {
		out[i] = uint16(s[i])
	}
	return out
}

// TestTreeNeverFollowsSymlinks: a symlink entry's bytes are its target,
// never read as the file it names.
func TestTreeNeverFollowsSymlinks(t *testing.T) {
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	in := `{"files":[{"path":"result/final_result.json","kind":"symlink","bytes_b64":"` + b64("/etc/final_result.json") + `"}],` +
		`"definition":{"name":"p","phases":["intake","decision"]}}`
	if _, err := Accept([]byte(in)); err == nil || err.Error() != ErrSummaryMissing.Message {
		t.Fatalf("got %v, want %q", err, ErrSummaryMissing.Message)
	}
}
