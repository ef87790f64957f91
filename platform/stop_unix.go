//go:build unix

package platform

import "syscall"

func requestStop(pid int) error { return syscall.Kill(pid, syscall.SIGTERM) }

func stopRequested() (<-chan struct{}, func()) { return make(chan struct{}), func() {} }
