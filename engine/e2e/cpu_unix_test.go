//go:build unix

package e2e

import (
	"syscall"
	"testing"
	"time"
)

// reportCPU resets the benchmark timer and returns a function that reports
// the process's CPU time (user + system, all threads) per op: on a shared
// machine it varies far less than the wall time, which waits for whatever
// else runs. Call it as defer reportCPU(b)().
func reportCPU(b *testing.B) func() {
	cpu := func() time.Duration {
		var ru syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	b.ResetTimer()
	start := cpu()
	return func() {
		b.StopTimer()
		b.ReportMetric(float64(cpu()-start)/float64(b.N), "cpu-ns/op")
	}
}
