//go:build windows

package unityinstall

import (
	"fmt"

	"golang.org/x/sys/windows"
)

// checkOwner refuses a folder whose owner is another user: the owner must
// be the current user, or Administrators or SYSTEM (what an elevated
// installer leaves).
func checkOwner(path string) error {
	sd, err := windows.GetNamedSecurityInfo(path, windows.SE_FILE_OBJECT, windows.OWNER_SECURITY_INFORMATION)
	if err != nil {
		return fmt.Errorf("reading the owner of %s: %w", path, err)
	}
	owner, _, err := sd.Owner()
	if err != nil {
		return fmt.Errorf("reading the owner of %s: %w", path, err)
	}
	tok := windows.GetCurrentProcessToken()
	me, err := tok.GetTokenUser()
	if err != nil {
		return fmt.Errorf("reading the current user: %w", err)
	}
	if owner.Equals(me.User.Sid) || owner.IsWellKnown(windows.WinBuiltinAdministratorsSid) || owner.IsWellKnown(windows.WinLocalSystemSid) {
		return nil
	}
	return fmt.Errorf("%s belongs to %s, not to you", path, owner.String())
}
