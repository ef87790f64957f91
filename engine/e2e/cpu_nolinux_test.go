//go:build !linux

package e2e

import "time"

// processCPU is read on Linux only (elsewhere the benchmarks count no CPU).
func processCPU(pid int) (time.Duration, bool) { return 0, false }

// processTicks is read on Linux only.
func processTicks(pid int) (user, sys int64) { return 0, 0 }
