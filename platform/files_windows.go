//go:build windows

package platform

import "os"

// On Windows file modes do not express ACLs: files under %LOCALAPPDATA%
// inherit the user profile's owner-only ACL, which is what protects the token.
func isChmodUnsupported() bool { return true }

func replaceFile(from, to string) error { return os.Rename(from, to) } // MoveFileEx with REPLACE_EXISTING

// CheckOwnerOnly relies on the profile ACL on Windows (see isChmodUnsupported).
func CheckOwnerOnly(path string) error {
	_, err := os.Stat(path)
	return err
}

// SecureDir relies on the profile ACL on Windows (see isChmodUnsupported):
// it only checks that path is a folder.
func SecureDir(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return &os.PathError{Op: "SecureDir", Path: path, Err: os.ErrInvalid}
	}
	return nil
}
