package state

import (
	"fmt"
	"os"
	"sync"
)

// LogFile is logs/daemon.log, rotated by size: daemon.log.1 … .N.
type LogFile struct {
	mu   sync.Mutex
	path string
	max  int64
	keep int
	f    *os.File
	size int64
}

// OpenLog opens (appending) the daemon's log in logs/, rotating at max
// bytes and keeping keep old files.
func (d Dir) OpenLog(max int64, keep int) (*LogFile, error) {
	if err := os.MkdirAll(d.LogsDir(), 0o700); err != nil {
		return nil, err
	}
	l := &LogFile{path: d.LogPath(), max: max, keep: keep}
	return l, l.open()
}

func (l *LogFile) open() error {
	f, err := os.OpenFile(l.path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	fi, _ := f.Stat()
	l.f, l.size = f, fi.Size()
	return nil
}

// Write appends, rotating first when the file would pass the limit.
func (l *LogFile) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.size+int64(len(p)) > l.max && l.size > 0 {
		l.f.Close()
		for i := l.keep - 1; i >= 1; i-- {
			os.Rename(fmt.Sprintf("%s.%d", l.path, i), fmt.Sprintf("%s.%d", l.path, i+1))
		}
		os.Rename(l.path, l.path+".1")
		if err := l.open(); err != nil {
			return 0, err
		}
	}
	n, err := l.f.Write(p)
	l.size += int64(n)
	return n, err
}

// Close closes the file.
func (l *LogFile) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.f.Close()
}
