package ats

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/conform-dev/conform/reference/internal/register"
	"github.com/conform-dev/conform/reference/refusal"
)

// canonical is one canonical instance of spec/ats.md, "Canonical
// instances": the operation it is written under, its JCS text and the
// digest the spec gives.
type canonical struct {
	op, text, digest string
}

// canonicalInstances reads the seventeen canonical instances from
// spec/ats.md, so that the reference is checked against the spec's own
// bytes and digests.
func canonicalInstances(t *testing.T) []canonical {
	t.Helper()
	b, err := os.ReadFile("../../spec/ats.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	start := strings.Index(text, "## Canonical instances")
	end := strings.Index(text, "**The faithful /2 chain**")
	if start < 0 || end < start {
		t.Fatal("spec/ats.md has no Canonical instances section")
	}
	re := regexp.MustCompile("(?s)`([a-z0-9-]+)`[^\n]*?digest `(sha256:[0-9a-f]{64})`:\n\n```json\n([^\n]+)\n```")
	var out []canonical
	for _, m := range re.FindAllStringSubmatch(text[start:end], -1) {
		out = append(out, canonical{op: m[1], digest: m[2], text: m[3]})
	}
	if len(out) != 17 {
		t.Fatalf("spec/ats.md: %d canonical instances, want 17", len(out))
	}
	return out
}

// TestCanonicalInstances runs each canonical instance through its
// validator: accepted, with the spec's digest and the document's tag.
func TestCanonicalInstances(t *testing.T) {
	ops := opsByName(t)
	for _, c := range canonicalInstances(t) {
		out, err := ops[c.op]([]byte(c.text))
		if err != nil {
			t.Errorf("%s: refused %v", c.op, err)
			continue
		}
		if !strings.Contains(string(out), `"digest":"`+c.digest+`"`) {
			t.Errorf("%s: verdict %s, spec digest %s", c.op, out, c.digest)
		}
	}
}

// opsByName returns the registered ats/1 operations by name.
func opsByName(t *testing.T) map[string]func([]byte, ...refusal.Option) ([]byte, error) {
	t.Helper()
	ops := map[string]func([]byte, ...refusal.Option) ([]byte, error){}
	for _, o := range register.All() {
		if o.Contract == Contract {
			ops[o.Op] = o.Run
		}
	}
	if len(ops) != 23 {
		t.Fatalf("%d ats/1 operations registered, want 23", len(ops))
	}
	return ops
}

// faithful returns the faithful /2 chain F of spec/ats.md ("Canonical
// instances"), as a commit envelope and an approval-chain envelope.
func faithful(t *testing.T) (commit, chain string) {
	t.Helper()
	docs := map[string]string{}
	for _, c := range canonicalInstances(t) {
		key := c.op
		if c.op == OpOrderReviewReceipt {
			key += "/" + map[bool]string{true: "2", false: "1"}[strings.Contains(c.text, "ff7ffffab5b6")]
		}
		docs[key] = c.text
	}
	chain = `{"intent":` + docs[OpEquityOrderIntentV2] + `,"review":` + docs[OpOrderReviewReceipt+"/2"] +
		`,"approval":` + docs[OpOperatorApprovalV2] + `,"clock_ms":1790000180000}`
	commit = `{"intent":` + docs[OpEquityOrderIntentV2] + `,"review":` + docs[OpOrderReviewReceipt+"/2"] +
		`,"approval":` + docs[OpOperatorApprovalV2] + `,"binding":` + docs[OpAccountBindingV2] +
		`,"grant":` + docs[OpDelegatedTradingGrantV2] + `,"usage":` + docs[OpGrantUsage] +
		`,"mode":"approve","clock_ms":1790000180000,"resulting_position_notional_minor":5800000}`
	return commit, chain
}

// TestFaithfulChain checks the verdicts of spec/ats.md, "Step 8", on F:
// every gate accepts, and the version-blind and executable gates answer
// the same bytes.
func TestFaithfulChain(t *testing.T) {
	commit, chain := faithful(t)
	const digests = `"intent_digest":"sha256:ff7ffffab5b6e33f141308d5ca29b364ecb0369f2d93b706adf5e00c89cbc06d","review_digest":"sha256:b00356a3ec206edb670a099b0936d285e9f255155c5ced1e377727378959791f"}`
	for _, c := range []struct {
		run       func([]byte, ...refusal.Option) ([]byte, error)
		in, wants string
	}{
		{VerifyApprovalChain, chain, `{"decision":"approval-chain-verified",` + digests},
		{VerifyExecutableApprovalChain, chain, `{"decision":"approval-chain-verified",` + digests},
		{VerifyCommitAuthority, commit, `{"decision":"commit-authorized",` + digests},
		{VerifyExecutableCommitAuthority, commit, `{"decision":"commit-authorized",` + digests},
	} {
		out, err := c.run([]byte(c.in))
		if err != nil || string(out) != c.wants {
			t.Errorf("got %s %v, want %s", out, err, c.wants)
		}
	}
}
