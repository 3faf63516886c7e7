package atsruntime

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/conform-dev/conform/reference/refusal"
)

const (
	testProbe = `{"schema_version":"aether.ats.data-probe/1","probe_id":"probe_1","profile_id":"profile_1","status":"verified","observed_at_ms":1000000,"max_age_ms":300000,"reason":null}`
	testEntry = `{"schema_version":"aether.ats.trade-journal/2","entry_id":"entry_1","facts":{"receipt_id":"receipt_1","symbol":"AAPL","side":"buy","quantity":1,"price_minor":100,"executed_at_ms":1},"fact_revision":7,"reflection_revision":REV,"reflection":TEXT}`
	testNote  = `{"schema_version":"aether.ats.human-note-revision/1","entry_id":"entry_1","revision":N,"supersedes":S,"text":"t","authored_at_ms":2}`
)

// refusedWith reports whether err is a refusal by g.
func refusedWith(err error, g refusal.Guard) bool {
	var r *refusal.Error
	return errors.As(err, &r) && r.Guard == g
}

// TestAgeingBoundary: a verified probe is usable up to one millisecond
// before max_age_ms and stale at it (expiry at equality; seed invariant 3),
// and a clock before the observation is refused.
func TestAgeingBoundary(t *testing.T) {
	at := func(now int) ([]byte, error) {
		return AgeProbeReceipt([]byte(`{"probe":` + testProbe + `,"now_ms":` + strconv.Itoa(now) + `}`))
	}
	out, err := at(1299999)
	if err != nil || !strings.HasSuffix(string(out), `"usable":true}`) {
		t.Fatalf("one ms before expiry: %s %v", out, err)
	}
	out, err = at(1300000)
	if err != nil || !strings.Contains(string(out), `"status":"stale"`) || !strings.HasSuffix(string(out), `"usable":false}`) {
		t.Fatalf("at expiry: %s %v", out, err)
	}
	if _, err := at(999999); !refusedWith(err, ErrProbeClock) {
		t.Fatalf("clock before the probe: %v", err)
	}
	if _, err := AdmitActivation([]byte(`{"activation":{"schema_version":"aether.ats.strategy-activation/1","activation_id":"activation_1","artifact_id":"sha256:` + strings.Repeat("0", 64) + `","requested_mode":"observe","effective_mode":"observe","execution_grant_ref":null,"reason":null,"requested_at_ms":1},"probe":` + testProbe + `,"now_ms":1300000}`)); !refusedWith(err, ErrActivationProbe) {
		t.Fatalf("a stale probe admitted an activation: %v", err)
	}
}

// TestNotesAppend: a chain of saves advances reflection_revision by one
// each time and never fact_revision; a save from any other base is a
// conflict (seed invariant 7).
func TestNotesAppend(t *testing.T) {
	entry := func(rev int) string {
		text := `null`
		if rev > 0 {
			text = `"r"`
		}
		return strings.NewReplacer("REV", strconv.Itoa(rev), "TEXT", text).Replace(testEntry)
	}
	note := func(n int, s string) string {
		return strings.NewReplacer("N", strconv.Itoa(n), "S", s).Replace(testNote)
	}
	for rev := 0; rev < 5; rev++ {
		base := "null"
		if rev > 0 {
			base = strconv.Itoa(rev)
		}
		out, err := SaveNote([]byte(`{"entry":` + entry(rev) + `,"note":` + note(rev+1, base) + `}`))
		if err != nil {
			t.Fatalf("save at %d: %v", rev, err)
		}
		if want := `"fact_revision":7,"reflection_revision":` + strconv.Itoa(rev+1) + `}`; !strings.HasSuffix(string(out), want) {
			t.Errorf("save at %d: %s, want ...%s", rev, out, want)
		}
		if rev > 0 {
			_, err := SaveNote([]byte(`{"entry":` + entry(rev+1) + `,"note":` + note(rev+1, base) + `}`))
			if !refusedWith(err, ErrNoteConflict) {
				t.Errorf("stale save at %d: %v", rev, err)
			}
		}
	}
}
