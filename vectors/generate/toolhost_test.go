package main

import (
	"crypto/ed25519"
	"encoding/base64"
	"testing"

	"github.com/conform-dev/conform/internal/fuzz/gen"
)

// TestToolhostBaseChain checks the base chain of spec/toolhost.md section
// 8.3 against the generator's sealing: resealing it from scratch (every
// digest and signature recomputed with crypto/sha256, crypto/ed25519 and
// gowebpki/jcs) gives back the literal, byte for byte, and the four test
// keys are the public keys of section 8.2.
func TestToolhostBaseChain(t *testing.T) {
	want := map[string]string{
		"cloud-a":  "N49pgJq3lCtwOj9YupJPXpRHU3IZKsKup0SmPp7bGMM",
		"cloud-b":  "dc5O4ubgm8KvARLOHUbOXg9hh758b0p65DEJoik4d1A",
		"device-a": "jU0gcr_1M3CSIYvrV8BaccSiTMLAuzYRRiXz4G6P9c0",
		"device-b": "1klXrFU-FVePCLtSlPPNq3hKGnSR2KGrl5fK9rSjhfg",
	}
	for l, pub := range want {
		if got := gen.ThPublic(l); got != pub {
			t.Errorf("test key %s: public key %s, want %s", l, got, pub)
		}
	}
	if got := thChallenge(); got != "JKs_m7J89q9k4-rnelOLStMWvkD23zHnc9VNVuxgeXE" {
		t.Errorf("challenge %s", got)
	}
	base := newChain()
	c := newChain()
	for _, path := range []string{"registry.registry_digest", "device_proof.proof_digest", "device_proof.cloud_signature",
		"host_lease.registry_digest", "host_lease.cloud_signature", "host_open_proof.registry_digest",
		"host_open_proof.device_proof_digest", "host_open_proof.device_signature", "invocation.arguments_digest",
		"invocation.invocation_digest", "workspace_status.status_digest", "result.bounded_bytes", "result.invocation_digest",
		"result.result_digest", "cancellation.target_invocation_digest", "cancellation.cancellation_digest",
		"runtime_capability.capability_digest", "observer_channel_receipt.capability_digest", "observer_channel_receipt.receipt_digest"} {
		c.Set(path, S("x"))
	}
	clear(c.Pinned)
	c.Seal()
	for d := range base.Docs {
		if got, want := c.Docs[d].Text(), base.Docs[d].Text(); got != want {
			t.Errorf("%s resealed:\n got %s\nwant %s", d, got, want)
		}
	}
}

// forgedSignature is the forged host-open signature of spec/toolhost.md
// section 8.5 for the chain c (whose device key is the all-zero key), by
// the fuzz generator's gen.ForgeHostOpen: S the smallest integer from 1,
// and t the smallest of 0..3 for it, such that with R = [S]B - [t]A,
// SHA-512(R || A || message) mod L is congruent to t mod 4.
func forgedSignature(t *testing.T, c *chain) string {
	t.Helper()
	cv, ok := canon(c.Docs["host_open_proof"].Without("schema_id", "device_signature"))
	if !ok {
		t.Fatal("host-open proof has no JCS form")
	}
	sig := gen.ForgeHostOpen([]byte(gen.ToolhostPrefix("host_open_proof", "device_signature") + "\n" + cv))
	if sig == nil {
		t.Fatal("no forged signature below S = 64")
	}
	return b64(sig)
}

// TestToolhostForgedSignature derives the forged signature of the
// validate-host-open-proof vector and checks the literal, and that it
// verifies cofactorlessly (so that only key screening refuses it) while
// crypto/ed25519, which screens nothing but verifies cofactorlessly too,
// accepts it.
func TestToolhostForgedSignature(t *testing.T) {
	c := newChain()
	c.Set("device_proof.device_public_key", S(thKeyZero))
	c.Pinned["host_open_proof.device_signature"] = true
	c.Seal()
	got := forgedSignature(t, c)
	if got != thForged {
		t.Fatalf("thForged = %s, want %s", thForged, got)
	}
	cv, _ := canon(c.Docs["host_open_proof"].Without("schema_id", "device_signature"))
	sig, _ := base64.RawURLEncoding.DecodeString(thForged)
	if !ed25519.Verify(make([]byte, 32), []byte(gen.ToolhostPrefix("host_open_proof", "device_signature")+"\n"+cv), sig) {
		t.Error("crypto/ed25519 does not accept the forged signature under the all-zero key")
	}
}
