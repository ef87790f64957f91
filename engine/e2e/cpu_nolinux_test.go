//go:build !linux

package e2e

import "time"

// processCPU is read on Linux only (procCPU falls back to /proc, or 0).
func processCPU(pid int) (time.Duration, bool) { return 0, false }
