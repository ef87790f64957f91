package platform

import (
	"os"
	"os/exec"
)

// StartDetached starts a program that outlives this process and its terminal
// (its own session on Unix, a detached process on Windows), with stdin and
// stdout closed and stderr sent to logFile when given.
func StartDetached(path string, args []string, env []string, logFile *os.File) (*os.Process, error) {
	cmd := exec.Command(path, args...)
	cmd.Env = env
	if logFile != nil {
		cmd.Stdout = logFile
		cmd.Stderr = logFile
	}
	cmd.SysProcAttr = detachAttr()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := cmd.Process
	go cmd.Wait() // reap it if it exits while we still run
	return p, nil
}

// ProcessAlive reports whether a process with this pid exists.
func ProcessAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	return processAlive(pid)
}
