//go:build linux

package e2e

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// processCPU is the CPU time the process pid has used, to the nanosecond,
// from its CPU-time clock (the clock clock_getcpuclockid gives: every
// thread, the ended ones too); false where it cannot be read (the process
// is gone). (/proc/PID/stat, read before, counts in ticks of 10 ms, which
// over a turn of a few tens of milliseconds is most of the number.)
func processCPU(pid int) (time.Duration, bool) {
	if pid <= 0 {
		return 0, false // the clock of pid 0 is the caller's own
	}
	clock := int64(^pid)<<3 | 2 // the kernel's MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED)
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, uintptr(clock), uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}

// The CPU-time clock of a process agrees with its own accounting, to far
// better than /proc's 10 ms: this process's CPU over a short burn, read both
// ways; a process that does not exist has none.
func TestProcessCPUClock(t *testing.T) {
	self := func() time.Duration {
		var ru syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	read := func() time.Duration {
		d, ok := processCPU(os.Getpid())
		if !ok {
			t.Fatal("this process's CPU clock cannot be read")
		}
		return d
	}
	c0, r0 := read(), self()
	// Burn until getrusage has counted 30 ms (a busy machine stretches the
	// wall time, not the CPU time), at most 10 s.
	for until := time.Now().Add(10 * time.Second); self()-r0 < 30*time.Millisecond && time.Now().Before(until); {
	}
	c, r := read()-c0, self()-r0
	if r < 30*time.Millisecond || c > r+2*time.Millisecond || c < r-2*time.Millisecond {
		t.Fatalf("the CPU clock says %v where getrusage says %v", c, r)
	}
	for _, pid := range []int{1<<22 + 1, 0, -1} { // above the kernel's largest pid_max; not pids
		if _, ok := processCPU(pid); ok {
			t.Fatalf("pid %d has a CPU clock", pid)
		}
	}
}

// processTicks is the user and system CPU time of the process pid in the
// kernel's clock ticks (utime and stime of /proc/PID/stat; 0, 0 when it
// cannot be read). Coarse (10 ms), but it splits the time: summed over a
// benchmark's turns it says what share of a process's CPU the kernel spent
// on its behalf (system calls, waking the processes it writes to).
func processTicks(pid int) (user, sys int64) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0
	}
	// the fields after the command's closing parenthesis: state is the
	// first, utime the 12th and stime the 13th
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, 0
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0, 0
	}
	user, _ = strconv.ParseInt(f[11], 10, 64)
	sys, _ = strconv.ParseInt(f[12], 10, 64)
	return user, sys
}
