package platform

import (
	"fmt"
	"os"
	"strings"
)

// processArgs reads /proc/<pid>/cmdline (the arguments, each ended by a
// NUL) and the /proc/<pid>/cwd link.
func processArgs(pid int) ([]string, string, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	if err != nil {
		return nil, "", fmt.Errorf("reading the command line of process %d: %w", pid, err)
	}
	args := strings.Split(strings.TrimSuffix(string(b), "\x00"), "\x00")
	dir, _ := os.Readlink(fmt.Sprintf("/proc/%d/cwd", pid))
	return args, dir, nil
}

// processExecutable reads the /proc/<pid>/exe link: the file the kernel
// executed, which the process cannot rewrite as it can its argv[0].
func processExecutable(pid int) (string, error) {
	exe, err := os.Readlink(fmt.Sprintf("/proc/%d/exe", pid))
	if err != nil {
		return "", fmt.Errorf("reading the program of process %d: %w", pid, err)
	}
	return exe, nil
}
