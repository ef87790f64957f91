//go:build !unix

package server

import "errors"

// mkfifo: no named pipes in the file system here (the test skips them).
func mkfifo(string) error { return errors.New("no named pipes on this OS") }
