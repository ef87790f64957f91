package platform

import (
	"fmt"
	"os"
	"path/filepath"
)

// WriteFileAtomic writes data to path through a temporary file in the same
// directory, synced and renamed over the target, so readers see either the old
// or the new content and a crash leaves nothing half-written. The file gets
// perm on Unix; on Windows a perm that grants nothing to group and others
// makes it owner-only by its ACL (files_windows.go).
func WriteFileAtomic(path string, data []byte, perm os.FileMode) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("creating %s: %w", dir, err)
	}
	f, err := createTemp(dir, "."+filepath.Base(path)+".tmp*", perm)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	tmp := f.Name()
	defer os.Remove(tmp) // no-op after a successful rename
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := replaceFile(tmp, path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// ReadFile reads a file the way every reader of the state folder must:
// on Windows, sharing it for delete too (os.ReadFile does not), so a
// daemon that removes or replaces the file meanwhile is not refused.
func ReadFile(path string) ([]byte, error) { return readFile(path) }

// RemoveFile removes a file; on Windows again for a moment while another
// program holds it open.
func RemoveFile(path string) error { return removeFile(path) }
