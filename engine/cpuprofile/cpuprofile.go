// Package cpuprofile writes a CPU profile of the whole process when
// UNITYMCP_CPUPROFILE names a folder: <folder>/<program>-<pid>.pprof, so the daemon, its stdio
// shims and editorsim — separate processes started with the same
// environment — each leave their own, with what they allocated beside it
// (<program>-<pid>.allocs.pprof). It is how docs/performance.md finds where
// the time of a call goes in the deployed shape.
package cpuprofile

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
)

// Env names the folder profiles are written to; unset, nothing is profiled.
const Env = "UNITYMCP_CPUPROFILE"

// Start begins profiling when Env is set and returns the function that
// stops it and closes the file (a no-op otherwise). A profile that cannot
// be started is reported on stderr and skipped: profiling never stops the
// program from running.
func Start(program string) (stop func()) {
	dir := os.Getenv(Env)
	if dir == "" {
		return func() {}
	}
	path := filepath.Join(dir, fmt.Sprintf("%s-%d.pprof", program, os.Getpid()))
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
	if err == nil {
		err = pprof.StartCPUProfile(f)
		if err != nil {
			f.Close()
		}
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: not profiling: %v (set %s to an existing folder)\n", program, err, Env)
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
		runtime.GC() // the allocation profile is as of the last collection
		if af, err := os.OpenFile(strings.TrimSuffix(path, ".pprof")+".allocs.pprof", os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600); err == nil {
			pprof.Lookup("allocs").WriteTo(af, 0)
			af.Close()
		}
	}
}
