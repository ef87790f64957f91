//go:build windows

package platform

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// Owner-only on Windows is a protected DACL — one that inherits nothing
// from the folder above — with a single entry granting the current user
// full control; a folder's entry is inherited by what is created inside.
// Mode bits mean nothing to NTFS (os.Chmod only sets the read-only flag),
// and the ACL inherited from the user profile is owner-only under
// %LOCALAPPDATA% but not under a folder UNITYMCP_HOME names elsewhere
// (C:\Tools grants BUILTIN\Users read). A private file is created with its
// security descriptor (CreateFile with SECURITY_ATTRIBUTES), so it is never
// readable by others, not even between its creation and a later
// SetSecurityInfo — which Wine, the test bed, also ignores, while it
// honours a descriptor given at creation.

// The trustees that may appear on an owner-only file besides its user:
// they read every file anyway (SYSTEM runs the OS; Administrators can take
// ownership), and CREATOR OWNER / OWNER RIGHTS stand for the owner.
var (
	sidsOnce    sync.Once
	userSID     *windows.SID
	userSIDErr  error
	trustedSIDs []*windows.SID
)

func loadSIDs() {
	sidsOnce.Do(func() {
		u, err := windows.GetCurrentProcessToken().GetTokenUser()
		if err != nil {
			userSIDErr = fmt.Errorf("reading the current user's SID: %w", err)
			return
		}
		userSID, userSIDErr = u.User.Sid.Copy()
		for _, k := range []windows.WELL_KNOWN_SID_TYPE{windows.WinLocalSystemSid, windows.WinBuiltinAdministratorsSid, windows.WinCreatorOwnerSid} {
			if s, err := windows.CreateWellKnownSid(k); err == nil {
				trustedSIDs = append(trustedSIDs, s)
			}
		}
		if s, err := windows.StringToSid("S-1-3-4"); err == nil { // OWNER RIGHTS
			trustedSIDs = append(trustedSIDs, s)
		}
	})
}

// ownerOnlySA is the security attributes of a new owner-only file or
// folder (a folder's entry is inherited by files and folders inside).
func ownerOnlySA(dir bool) (*windows.SecurityAttributes, error) {
	loadSIDs()
	if userSIDErr != nil {
		return nil, userSIDErr
	}
	inherit := ""
	if dir {
		inherit = "OICI"
	}
	sd, err := windows.SecurityDescriptorFromString("D:P(A;" + inherit + ";FA;;;" + userSID.String() + ")")
	if err != nil {
		return nil, fmt.Errorf("building an owner-only security descriptor: %w", err)
	}
	sa := &windows.SecurityAttributes{SecurityDescriptor: sd}
	sa.Length = uint32(unsafe.Sizeof(*sa))
	return sa, nil
}

// createTemp makes the temporary file WriteFileAtomic renames over its
// target: owner-only when perm grants nothing to group and others (a
// secret), else with the folder's inherited ACL.
func createTemp(dir, pattern string, perm os.FileMode) (*os.File, error) {
	if perm&0o077 != 0 {
		return os.CreateTemp(dir, pattern)
	}
	sa, err := ownerOnlySA(false)
	if err != nil {
		return nil, err
	}
	prefix, suffix, _ := strings.Cut(pattern, "*")
	for i := 0; i < 100; i++ {
		name := filepath.Join(dir, prefix+strconv.FormatInt(time.Now().UnixNano()+int64(i), 36)+suffix)
		p, err := windows.UTF16PtrFromString(name)
		if err != nil {
			return nil, err
		}
		h, err := windows.CreateFile(p, windows.GENERIC_READ|windows.GENERIC_WRITE, 0, sa, windows.CREATE_NEW, windows.FILE_ATTRIBUTE_NORMAL, 0)
		if errors.Is(err, windows.ERROR_FILE_EXISTS) {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "create", Path: name, Err: err}
		}
		return os.NewFile(uintptr(h), name), nil
	}
	return nil, fmt.Errorf("creating a temporary file in %s: too many names taken", dir)
}

// replaceFile renames from over to (MoveFileEx with REPLACE_EXISTING,
// which keeps from's ACL), again for a moment while another program holds
// to open without FILE_SHARE_DELETE (os.Open's sharing: a reader of an
// older unitymcp, an antivirus scanner), as Windows programs must.
func replaceFile(from, to string) error {
	return retryShared(func() error { return os.Rename(from, to) })
}

// removeFile removes path, again for a moment while it is held open (see
// replaceFile).
func removeFile(path string) error {
	return retryShared(func() error { return os.Remove(path) })
}

// retryShared runs op until it does not fail with a sharing violation or
// an access denied (what a file open elsewhere gives a rename or a
// delete), for at most a second.
func retryShared(op func() error) error {
	var err error
	for deadline := time.Now().Add(time.Second); ; time.Sleep(20 * time.Millisecond) {
		err = op()
		if !errors.Is(err, windows.ERROR_SHARING_VIOLATION) && !errors.Is(err, windows.ERROR_ACCESS_DENIED) || time.Now().After(deadline) {
			return err
		}
	}
}

// readFile reads path opened with FILE_SHARE_DELETE besides read and
// write sharing: os.ReadFile's open leaves it out, and while it reads,
// nobody could delete or replace the file — a daemon removing its
// daemon.json as it exits while a client reads it would leave it behind.
func readFile(path string) ([]byte, error) {
	p, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return nil, err
	}
	h, err := windows.CreateFile(p, windows.GENERIC_READ, windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE,
		nil, windows.OPEN_EXISTING, windows.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	f := os.NewFile(uintptr(h), path)
	defer f.Close()
	return io.ReadAll(f)
}

// othersWithAccess names the trustees other than the current user (and
// SYSTEM, Administrators, CREATOR OWNER, OWNER RIGHTS) that path's DACL
// allows to read or change it; "Everyone" for a NULL DACL.
func othersWithAccess(path string) ([]string, error) {
	loadSIDs()
	if userSIDErr != nil {
		return nil, userSIDErr
	}
	sd, err := windows.GetNamedSecurityInfo(path, windows.SE_FILE_OBJECT, windows.DACL_SECURITY_INFORMATION)
	if err != nil {
		return nil, fmt.Errorf("reading the ACL of %s: %w", path, err)
	}
	dacl, _, err := sd.DACL()
	if err != nil || dacl == nil {
		return []string{"Everyone (the file has no DACL)"}, nil
	}
	const access = windows.FILE_READ_DATA | windows.FILE_WRITE_DATA | windows.FILE_APPEND_DATA | windows.WRITE_DAC | windows.WRITE_OWNER |
		windows.GENERIC_READ | windows.GENERIC_WRITE | windows.GENERIC_ALL
	var out []string
	for i := uint32(0); i < uint32(dacl.AceCount); i++ {
		var ace *windows.ACCESS_ALLOWED_ACE
		if err := windows.GetAce(dacl, i, &ace); err != nil {
			return nil, fmt.Errorf("reading the ACL of %s: %w", path, err)
		}
		if ace.Header.AceType != windows.ACCESS_ALLOWED_ACE_TYPE || ace.Mask&access == 0 {
			continue
		}
		sid := (*windows.SID)(unsafe.Pointer(&ace.SidStart))
		if trusted(sid) {
			continue
		}
		out = append(out, sidName(sid))
	}
	return out, nil
}

func trusted(sid *windows.SID) bool {
	if sid.Equals(userSID) {
		return true
	}
	for _, t := range trustedSIDs {
		if sid.Equals(t) {
			return true
		}
	}
	return false
}

// sidName is DOMAIN\name when the SID resolves, else its S-1-… form.
func sidName(sid *windows.SID) string {
	account, domain, _, err := sid.LookupAccount("")
	switch {
	case err != nil:
		return sid.String()
	case domain != "":
		return domain + `\` + account
	}
	return account
}

// CheckOwnerOnly reports an error when path's ACL lets anyone but its user
// (and the system) read or change it.
func CheckOwnerOnly(path string) error {
	if _, err := os.Stat(path); err != nil {
		return err
	}
	others, err := othersWithAccess(path)
	if err != nil {
		return err
	}
	if len(others) > 0 {
		return fmt.Errorf("%s can be read or changed by %s; it must be yours only (unitymcp doctor --fix rewrites it owner-only)", path, strings.Join(others, ", "))
	}
	return nil
}

// RestrictToOwner makes the existing file path owner-only: its content is
// written again through WriteFileAtomic, whose new file is created with an
// owner-only ACL, so nothing else about path (or a link's target) changes.
func RestrictToOwner(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return WriteFileAtomic(path, b, 0o600)
}

// MkdirPrivate creates the folder path and any missing parents, each new
// one owner-only (an existing one is left as it is: SecureDir checks it).
func MkdirPrivate(path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	if fi, err := os.Stat(abs); err == nil {
		if !fi.IsDir() {
			return &os.PathError{Op: "mkdir", Path: abs, Err: windows.ERROR_ALREADY_EXISTS}
		}
		return nil
	}
	if parent := filepath.Dir(abs); parent != abs {
		if err := MkdirPrivate(parent); err != nil {
			return err
		}
	}
	sa, err := ownerOnlySA(true)
	if err != nil {
		return err
	}
	p, err := windows.UTF16PtrFromString(abs)
	if err != nil {
		return err
	}
	if err := windows.CreateDirectory(p, sa); err != nil && !errors.Is(err, windows.ERROR_ALREADY_EXISTS) {
		return &os.PathError{Op: "mkdir", Path: abs, Err: err}
	}
	return nil
}

// SecureDir makes the existing folder path owner-only: a folder whose ACL
// lets others in gets a protected owner-only DACL (inherited by everything
// inside), like chmod 700 on Unix, and is checked again. A link (symbolic
// link or junction) is never changed: it is accepted only when its target
// is already owner-only.
func SecureDir(path string) error {
	fi, err := os.Lstat(path)
	if err != nil {
		return err
	}
	link := fi.Mode()&(os.ModeSymlink|os.ModeIrregular) != 0
	if link {
		if fi, err = os.Stat(path); err != nil {
			return err
		}
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s is not a folder; remove it or set %s to another path", path, HomeEnv)
	}
	others, err := othersWithAccess(path)
	if err != nil || len(others) == 0 {
		return err
	}
	if link {
		return fmt.Errorf("%s is a link to a folder that %s can open; unitymcp does not change ACLs through links: make its target yours only, or set %s to a real folder", path, strings.Join(others, ", "), HomeEnv)
	}
	sa, err := ownerOnlySA(true)
	if err != nil {
		return err
	}
	dacl, _, err := sa.SecurityDescriptor.DACL()
	if err == nil {
		err = windows.SetNamedSecurityInfo(path, windows.SE_FILE_OBJECT,
			windows.DACL_SECURITY_INFORMATION|windows.PROTECTED_DACL_SECURITY_INFORMATION, nil, nil, dacl, nil)
	}
	if err == nil {
		if others, err = othersWithAccess(path); err == nil && len(others) > 0 {
			err = errors.New("the ACL did not change")
		}
	}
	if err != nil {
		return fmt.Errorf("%s can be opened by %s and cannot be made yours only (%v): remove those entries in its Properties → Security, or set %s to a folder of yours", path, strings.Join(others, ", "), err, HomeEnv)
	}
	return nil
}
