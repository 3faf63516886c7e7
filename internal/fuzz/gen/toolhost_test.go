package gen

import (
	"bytes"
	"crypto/ed25519"
	"testing"

	gowebpki "github.com/gowebpki/jcs"
)

// TestToolhostGeneratorTerminates: the toolhost/1 generator returns on
// empty input for every operation.
func TestToolhostGeneratorTerminates(t *testing.T) {
	for _, op := range ToolhostOps {
		if b := ToolhostValue(New(nil), op); len(b) == 0 {
			t.Errorf("%s: empty input", op)
		}
	}
}

// TestToolhostOpsHaveEnvelopes: every operation has its envelope, and
// there are 21 (spec/toolhost.md, Operations).
func TestToolhostOpsHaveEnvelopes(t *testing.T) {
	if len(ToolhostOps) != 21 || len(ToolhostEnvelopes) != 21 {
		t.Fatalf("%d operations, %d envelopes", len(ToolhostOps), len(ToolhostEnvelopes))
	}
	for _, op := range ToolhostOps {
		if len(ToolhostEnvelopes[op]) == 0 {
			t.Errorf("%s has no envelope", op)
		}
	}
}

// TestToolhostSealReproducesTheBaseChain: sealing the unvaried base chain
// of spec/toolhost.md section 8.3 gives back its own digests and
// signatures, byte for byte (Ed25519 signatures are deterministic), so the
// sealer computes the projections, prefixes and keys the spec names; and
// the test keys' public keys are the trust document's.
func TestToolhostSealReproducesTheBaseChain(t *testing.T) {
	c := NewThChain()
	for _, d := range thDocNames {
		// Blank every sealed member first, so that sealing has to
		// compute each.
		doc := c.Docs[d]
		for _, n := range []string{"proof_digest", "cloud_signature", "device_signature", "device_proof_digest", "registry_digest",
			"capability_digest", "receipt_digest", "arguments_digest", "invocation_digest", "result_digest", "cancellation_digest",
			"target_invocation_digest"} {
			if doc.get(n) != nil {
				doc.put(n, tS("x"))
			}
		}
	}
	c.Doc("workspace_status").put("status_digest", tS("x"))
	c.Docs["result"].put("bounded_bytes", tI(0))
	c.Seal()
	for _, d := range thDocNames {
		got, want := c.Docs[d].write(nil, nil), thBaseTV.get(d).write(nil, nil)
		if !bytes.Equal(got, want) {
			t.Errorf("%s sealed:\n got  %s\n want %s", d, got, want)
		}
	}
	keys := thBaseTV.get("trust").get("keys")
	for i, l := range []string{"cloud-a", "cloud-b"} {
		if got := keys.elems[i].get("public_key").str(); got != ThPublic(l) {
			t.Errorf("%s: public key %s, trust has %s", l, ThPublic(l), got)
		}
	}
	if got := thBaseTV.get("device_proof").get("device_public_key").str(); got != ThPublic("device-a") {
		t.Errorf("device-a: public key %s, the device proof has %s", ThPublic("device-a"), got)
	}
}

// TestToolhostPadToHitsTheByteBounds: PadTo makes an object of exactly
// the canonical size asked, at each bound the generator uses, with no
// array above 32 elements and no string above 256 scalar values, and
// refuses a size below the object's own.
func TestToolhostPadToHitsTheByteBounds(t *testing.T) {
	for _, target := range []int64{65535, 65536, 65537, 65540, 262143, 262144, 262145, 262150, 70000} {
		o := thBaseTV.get("result").get("payload").clone()
		if !PadTo(o, target) {
			t.Fatalf("PadTo(%d) failed", target)
		}
		c, err := gowebpki.Transform(o.write(nil, nil))
		if err != nil {
			t.Fatal(err)
		}
		if int64(len(c)) != target {
			t.Errorf("asked %d canonical bytes, got %d", target, len(c))
		}
		x := o.get("x")
		if len(x.elems) > 32 {
			t.Errorf("%d: %d elements", target, len(x.elems))
		}
		for _, e := range x.elems {
			strs := []*tv{e}
			if e.k == 'a' {
				strs = e.elems
			}
			if len(strs) > 32 {
				t.Errorf("%d: a block of %d", target, len(strs))
			}
			for _, str := range strs {
				if n := len([]rune(str.str())); n > 256 {
					t.Errorf("%d: a string of %d scalar values", target, n)
				}
			}
		}
	}
	if o := thBaseTV.get("result").get("payload").clone(); PadTo(o, 100) || o.get("x") != nil {
		t.Error("PadTo below the object's size succeeded or changed it")
	}
}

// TestToolhostForgeryVerifiesCofactorlessly: the forged host-open
// signature under the all-zero key verifies under crypto/ed25519 (whose
// check is cofactorless and screens no key) for any message, so only the
// strict rules can refuse it (spec/toolhost.md section 8.5).
func TestToolhostForgeryVerifiesCofactorlessly(t *testing.T) {
	zero := make(ed25519.PublicKey, 32)
	for i := range 8 {
		msg := noise(i, 40)
		sig := ForgeHostOpen(msg)
		if len(sig) != 64 || !ed25519.Verify(zero, msg, sig) {
			t.Errorf("message %d: the forgery %x does not verify", i, sig)
		}
	}
}
