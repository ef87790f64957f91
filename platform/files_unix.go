//go:build !windows

package platform

import (
	"fmt"
	"os"
	"syscall"
)

func isChmodUnsupported() bool { return false }

func replaceFile(from, to string) error { return os.Rename(from, to) }

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
