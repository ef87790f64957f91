//go:build unix

package unityinstall

import (
	"fmt"
	"os"
	"syscall"
)

// checkOwner refuses a folder of another user, or one anyone may write to.
func checkOwner(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) != os.Getuid() {
		return fmt.Errorf("%s belongs to uid %d, not to you (uid %d)", path, st.Uid, os.Getuid())
	}
	if fi.Mode().Perm()&0o002 != 0 {
		return fmt.Errorf("%s can be written by anyone (mode %v; chmod o-w %s)", path, fi.Mode().Perm(), path)
	}
	return nil
}
