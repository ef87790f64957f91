package platform

import (
	"fmt"

	"golang.org/x/sys/unix"
)

// processArgs reads the kern.procargs2 sysctl of pid: argc (32 bits), the
// executable's path, NUL padding, then argc NUL-ended arguments (then the
// environment, not read). The working folder is not told there.
func processArgs(pid int) ([]string, string, error) {
	_, args, err := procArgs2(pid)
	return args, "", err
}

// processExecutable is kern.procargs2's executable path: the kernel's
// record of the program it started (exec_copyout_strings), ahead of argv.
func processExecutable(pid int) (string, error) {
	exe, _, err := procArgs2(pid)
	return exe, err
}

func procArgs2(pid int) (string, []string, error) {
	b, err := unix.SysctlRaw("kern.procargs2", pid)
	if err != nil {
		return "", nil, fmt.Errorf("reading the command line of process %d: %w", pid, err)
	}
	exe, args, err := parseProcArgs2(b)
	if err != nil {
		return "", nil, fmt.Errorf("reading the command line of process %d: %w", pid, err)
	}
	return exe, args, nil
}
