//go:build windows

package project

import (
	"path/filepath"
	"strings"

	"golang.org/x/sys/windows"
)

// storedCase spells the absolute, cleaned path abs as the file system
// stores it: each existing component in its stored case (FindFirstFile
// returns the name as stored, and the long name for an 8.3 short one) and
// a drive letter in upper case. Windows compares paths without case, so
// c:\users\me\game and C:\Users\Me\Game are one folder — and must be one
// projectHash. The stored spelling is the one the Unity Hub's folder picker
// returns, so it is the one Unity reports as Application.dataPath. What does
// not exist yet is kept as given.
func storedCase(abs string) string {
	vol := filepath.VolumeName(abs)
	if len(vol) == 2 && vol[1] == ':' {
		vol = strings.ToUpper(vol)
	}
	cur := vol + `\`
	parts := strings.Split(strings.Trim(abs[len(filepath.VolumeName(abs)):], `\`), `\`)
	for i, part := range parts {
		if part == "" {
			continue
		}
		next := filepath.Join(cur, part)
		var fd windows.Win32finddata
		p, err := windows.UTF16PtrFromString(next)
		if err != nil || strings.ContainsAny(part, "*?") {
			return filepath.Join(append([]string{cur}, parts[i:]...)...)
		}
		h, err := windows.FindFirstFile(p, &fd)
		if err != nil {
			return filepath.Join(append([]string{cur}, parts[i:]...)...)
		}
		windows.FindClose(h)
		cur = filepath.Join(cur, windows.UTF16ToString(fd.FileName[:]))
	}
	return cur
}
