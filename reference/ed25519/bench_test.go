package ed25519

import (
	stded "crypto/ed25519"
	"testing"
)

// benchInput is one valid key, message and signature, shared by both
// benchmarks.
var benchKey, benchMsg, benchSig = func() (stded.PublicKey, []byte, []byte) {
	seed := make([]byte, 32)
	for i := range seed {
		seed[i] = byte(i * 7)
	}
	priv := stded.NewKeyFromSeed(seed)
	msg := []byte("aether.managed-tool-host-open/1\n{\"agent_id\":\"a\",\"challenge\":\"c\"}")
	return priv.Public().(stded.PublicKey), msg, stded.Sign(priv, msg)
}()

// reportCPU adds the metric cpu-ns/op, the process CPU time per operation,
// which a loaded machine disturbs less than wall time (ns/op).
func reportCPU(b *testing.B, start int64) {
	if end := cpuNanos(); end > 0 && start > 0 {
		b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkVerifyStrict measures VerifyStrict on a valid signature: every
// rule runs and passes. Compare with BenchmarkStdlibVerify; the target is
// at least 0.9 times its throughput.
func BenchmarkVerifyStrict(b *testing.B) {
	b.ReportAllocs()
	start := cpuNanos()
	for b.Loop() {
		if err := VerifyStrict(benchKey, benchMsg, benchSig); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}

// BenchmarkStdlibVerify measures plain crypto/ed25519.Verify on the same
// input.
func BenchmarkStdlibVerify(b *testing.B) {
	b.ReportAllocs()
	start := cpuNanos()
	for b.Loop() {
		if !stded.Verify(benchKey, benchMsg, benchSig) {
			b.Fatal("invalid")
		}
	}
	reportCPU(b, start)
}

// BenchmarkVerify measures the whole operation: the JSON value input
// parsed, hex decoded, then VerifyStrict.
func BenchmarkVerify(b *testing.B) {
	in := input(benchKey, benchSig, benchMsg)
	b.ReportAllocs()
	start := cpuNanos()
	for b.Loop() {
		if _, err := Verify(in); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}
