//go:build unix

package unityinstall

import (
	"os/exec"
	"syscall"
)

// detach puts the Editor in its own session, so a Ctrl-C of the command
// that opened it does not quit it.
func detach(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} }
