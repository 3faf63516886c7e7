//go:build !unix

package ed25519

// cpuNanos is 0 where getrusage is not available: the cpu-ns/op metric is
// then not reported.
func cpuNanos() int64 { return 0 }
