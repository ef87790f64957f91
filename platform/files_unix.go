//go:build !windows

package platform

import (
	"fmt"
	"os"
	"syscall"
)

// createTemp makes the temporary file WriteFileAtomic renames over its
// target, with the target's mode.
func createTemp(dir, pattern string, perm os.FileMode) (*os.File, error) {
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	if err := f.Chmod(perm); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return f, nil
}

// RestrictToOwner makes the existing file path owner-only (chmod 600).
func RestrictToOwner(path string) error { return os.Chmod(path, 0o600) }

// MkdirPrivate creates the folder path and any missing parents, each new
// one owner-only (0700).
func MkdirPrivate(path string) error { return os.MkdirAll(path, 0o700) }

func replaceFile(from, to string) error { return os.Rename(from, to) }

func removeFile(path string) error { return os.Remove(path) }

func readFile(path string) ([]byte, error) { return os.ReadFile(path) }

// CheckOwnerOnly reports an error when path can be read by anyone but its
// owner (group or other permission bits set).
func CheckOwnerOnly(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return fmt.Errorf("%s has mode %v; it must be readable by its owner only (chmod 600 %s)", path, fi.Mode().Perm(), path)
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) != os.Getuid() {
		return fmt.Errorf("%s belongs to uid %d, not to you (uid %d)", path, st.Uid, os.Getuid())
	}
	return nil
}

// SecureDir makes the existing directory path owner-only (0700): it refuses
// a directory that belongs to another user, and repairs looser modes through
// a descriptor opened with O_NOFOLLOW, so a symlink is never followed to
// chmod its target. A symlinked directory is accepted only when its target
// is already yours and owner-only.
func SecureDir(path string) error {
	fi, err := os.Lstat(path)
	if err != nil {
		return err
	}
	if fi.Mode()&os.ModeSymlink != 0 {
		ti, err := os.Stat(path)
		if err != nil {
			return err
		}
		if err := ownedByMe(path, ti); err != nil {
			return err
		}
		if !ti.IsDir() || ti.Mode().Perm()&0o077 != 0 {
			return fmt.Errorf("%s is a symlink to a folder with mode %v; unitymcp does not chmod through symlinks: run chmod 700 on its target, or set %s to a real folder", path, ti.Mode().Perm(), HomeEnv)
		}
		return nil
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s is not a folder; remove it or set %s to another path", path, HomeEnv)
	}
	if err := ownedByMe(path, fi); err != nil {
		return err
	}
	if fi.Mode().Perm() == 0o700 {
		return nil
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_DIRECTORY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return fmt.Errorf("opening %s to make it owner-only: %w", path, err)
	}
	defer f.Close()
	if err := f.Chmod(0o700); err != nil {
		return fmt.Errorf("%s has mode %v and cannot be made owner-only (chmod 700 %s): %w", path, fi.Mode().Perm(), path, err)
	}
	return nil
}

func ownedByMe(path string, fi os.FileInfo) error {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) != os.Getuid() {
		return fmt.Errorf("%s belongs to uid %d, not to you (uid %d); unitymcp keeps its token there and will not use it: set %s to a folder of yours", path, st.Uid, os.Getuid(), HomeEnv)
	}
	return nil
}
