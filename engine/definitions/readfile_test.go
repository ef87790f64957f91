package definitions

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// A file of exactly the limit is read whole (never cut short), one byte
// more is refused naming the limit.
func TestReadAtTheLimit(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const limit = 2048
	at := write(t, dir, "at.cs", strings.Repeat("a", limit))
	over := write(t, dir, "over.cs", strings.Repeat("a", limit+1))
	read := func(p string) ([]byte, error) {
		return readRegular(p, limit, "a script file",
			func() (fs.FileInfo, error) { return os.Stat(p) },
			func() (*os.File, error) { return os.Open(p) },
			func(err error) error { return err })
	}
	if b, err := read(at); err != nil || len(b) != limit {
		t.Errorf("a file of exactly %d bytes: %d bytes read, %v; want all of it", limit, len(b), err)
	}
	if b, err := read(over); err == nil || !strings.Contains(err.Error(), "it is 2049 bytes, over the 2 KiB limit for a script file") {
		t.Errorf("a file one byte over: %d bytes, %v; want refused naming the limit", len(b), err)
	}
}

// What is read is judged by the file opened, not by the first look: a
// small file replaced by a large one between the two is refused (as a
// FIFO swapped in would be), not read up to the limit.
func TestReadJudgesTheFileOpened(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	small := write(t, dir, "small.json", "{}")
	large := write(t, dir, "large.json", strings.Repeat(" ", 4096))
	b, err := readRegular(small, 1024, "a definition file",
		func() (fs.FileInfo, error) { return os.Stat(small) },
		func() (*os.File, error) { return os.Open(large) }, // swapped after the first look
		func(err error) error { return err })
	if err == nil || !strings.Contains(err.Error(), "it is 4096 bytes, over the 1 KiB limit") {
		t.Errorf("a file swapped for a larger one: %d bytes, %v; want refused", len(b), err)
	}
}

// A file whose size says nothing of its content (Linux's /proc files say
// 0) and that holds more than the limit is refused, not cut short.
func TestReadRefusesAFileThatGrows(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" {
		t.Skip("needs a file that reads longer than its size says: Linux's /proc")
	}
	p := filepath.Join("/proc", "self", "status")
	b, err := readRegular(p, 16, "a definition file",
		func() (fs.FileInfo, error) { return os.Stat(p) },
		func() (*os.File, error) { return os.Open(p) },
		func(err error) error { return err })
	if err == nil || !strings.Contains(err.Error(), "grew over the 0 KiB limit for a definition file while being read") {
		t.Errorf("%s read with a 16-byte limit: %d bytes, %v; want refused", p, len(b), err)
	}
}
