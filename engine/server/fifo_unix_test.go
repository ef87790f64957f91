//go:build unix

package server

import "syscall"

// mkfifo makes a named pipe (a path that would block a reader).
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o600) }
