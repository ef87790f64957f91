//go:build !unix

package unityinstall

import "os/exec"

// detach does nothing here: the Editor already outlives its starter.
func detach(*exec.Cmd) {}
