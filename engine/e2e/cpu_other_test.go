//go:build !unix

package e2e

import "testing"

// reportCPU resets the benchmark timer; CPU time is reported on Unix only.
func reportCPU(b *testing.B) func() {
	b.ResetTimer()
	return b.StopTimer
}
