package definitions

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"
)

// Limits of what loading definitions reads: a definition file and a
// script's .cs file are regular files of at most 1 MiB each, read within
// ReadTimeout. A FIFO, a device or a larger file is rejected with its
// reason, so one bad file never holds up the others or the daemon.
const (
	MaxDefinitionSize int64 = 1 << 20
	MaxScriptSize     int64 = 1 << 20
	ReadTimeout             = 2 * time.Second
)

// readDefinition reads the definition file name of the folder root (an
// os.Root: no symbolic link leads out of the folder).
func readDefinition(root *os.Root, dir, name string) ([]byte, error) {
	return readRegular(name, MaxDefinitionSize, "a definition file",
		func() (fs.FileInfo, error) { return root.Stat(name) },
		func() (*os.File, error) { return root.Open(name) },
		func(err error) error {
			if strings.Contains(err.Error(), "path escapes from parent") {
				return fmt.Errorf("it is a symbolic link leading out of the folder %s; definitions are read only from inside it — copy the file in instead", dir)
			}
			return err
		})
}

// ReadScript reads a script definition's .cs file: a regular file of at
// most MaxScriptSize, within ReadTimeout.
func ReadScript(path string) ([]byte, error) {
	return readRegular(path, MaxScriptSize, "a script file",
		func() (fs.FileInfo, error) { return os.Stat(path) },
		func() (*os.File, error) { return os.Open(path) },
		func(err error) error { return err })
}

// checkRegular says why fi is not a file loading may read, "" when it is.
func checkRegular(fi fs.FileInfo, limit int64, what string) string {
	m := fi.Mode()
	switch {
	case m&fs.ModeNamedPipe != 0:
		return fmt.Sprintf("it is a named pipe (FIFO), not a regular file; %s must be a regular file — remove it", what)
	case m&fs.ModeDevice != 0 || m&fs.ModeCharDevice != 0:
		return fmt.Sprintf("it is a device, not a regular file; %s must be a regular file", what)
	case m.IsDir():
		return fmt.Sprintf("it is a folder, not %s", what)
	case !m.IsRegular():
		return fmt.Sprintf("it is not a regular file (%s); %s must be one", m.Type(), what)
	case fi.Size() > limit:
		return fmt.Sprintf("it is %d bytes, over the %d KiB limit for %s; make it smaller", fi.Size(), limit>>10, what)
	}
	return ""
}

// readRegular stats, checks, opens and reads a file with a deadline: a
// file on a stuck file system costs ReadTimeout, then its reader is left
// to finish on its own.
func readRegular(name string, limit int64, what string, stat func() (fs.FileInfo, error), open func() (*os.File, error), explain func(error) error) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		fi, err := stat()
		if err != nil {
			done <- result{err: explain(err)}
			return
		}
		if why := checkRegular(fi, limit, what); why != "" {
			done <- result{err: errors.New(why)}
			return
		}
		f, err := open()
		if err != nil {
			done <- result{err: explain(err)}
			return
		}
		defer f.Close()
		if fi, err := f.Stat(); err == nil { // it may have changed since the first look
			if why := checkRegular(fi, limit, what); why != "" {
				done <- result{err: errors.New(why)}
				return
			}
		}
		data, err := io.ReadAll(io.LimitReader(f, limit+1))
		if err == nil && int64(len(data)) > limit {
			err = fmt.Errorf("it grew over the %d KiB limit for %s while being read; make it smaller", limit>>10, what)
		}
		done <- result{data, err}
	}()
	t := time.NewTimer(ReadTimeout)
	defer t.Stop()
	select {
	case r := <-done:
		return r.data, r.err
	case <-t.C:
		return nil, fmt.Errorf("reading %s took longer than %s (a stuck file system?); it was skipped", name, ReadTimeout)
	}
}
