//go:build unix

package ed25519

import "syscall"

// cpuNanos returns the CPU time, user and system, the process has used, in
// nanoseconds, or 0 when it cannot be read.
func cpuNanos() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
