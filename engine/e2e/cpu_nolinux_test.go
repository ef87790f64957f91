//go:build !linux

package e2e

import "time"

// processCPU is read on Linux only (elsewhere the benchmarks count no CPU).
func processCPU(pid int) (time.Duration, bool) { return 0, false }
