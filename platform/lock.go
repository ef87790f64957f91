package platform

import (
	"errors"
	"fmt"
	"os"
)

// ErrLocked is returned by Lock when another process holds the lock.
var ErrLocked = errors.New("locked by another process")

// FileLock is an exclusive advisory lock on a file, released when the process
// exits (even by a crash), so a stale lock never blocks a new daemon.
type FileLock struct{ f *os.File }

// Lock takes the exclusive lock on path without waiting; ErrLocked if held.
func Lock(path string) (*FileLock, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("opening lock %s: %w", path, err)
	}
	if err := lockFile(f); err != nil {
		f.Close()
		return nil, err
	}
	return &FileLock{f: f}, nil
}

// Unlock releases the lock.
func (l *FileLock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := unlockFile(l.f)
	l.f.Close()
	l.f = nil
	return err
}
