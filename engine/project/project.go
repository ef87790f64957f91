// Package project names Unity projects the way the daemon keys them: by
// projectHash, the first 16 hex digits of the SHA-256 of Application.dataPath
// exactly as Unity reports it (forward slashes, ending in "/Assets").
package project

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Hash returns the projectHash of a dataPath as Unity reports it.
func Hash(dataPath string) string {
	sum := sha256.Sum256([]byte(dataPath))
	return hex.EncodeToString(sum[:])[:16]
}

// IsHash reports whether s has the shape of a projectHash.
func IsHash(s string) bool {
	if len(s) != 16 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil && strings.ToLower(s) == s
}

// DataPath turns a project folder (or its Assets folder) into the form Unity
// reports as Application.dataPath: absolute, cleaned, forward slashes, ending
// in "/Assets". On Windows each existing component is spelled as the file
// system stores it and the drive letter is upper case (storedCase), since
// paths there compare without case; elsewhere it does not touch the file
// system.
func DataPath(dir string) (string, error) {
	if dir == "" {
		return "", errors.New("empty project path")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("resolving %s: %w", dir, err)
	}
	p := filepath.ToSlash(storedCase(filepath.Clean(abs)))
	p = strings.TrimRight(p, "/")
	if !strings.HasSuffix(p, "/Assets") {
		p += "/Assets"
	}
	return p, nil
}

// Root is the project folder of a dataPath ("/x/Game/Assets" → "/x/Game").
func Root(dataPath string) string {
	return strings.TrimSuffix(dataPath, "/Assets")
}

// HashDir returns the projectHash of a project folder or its Assets folder.
func HashDir(dir string) (string, error) {
	dp, err := DataPath(dir)
	if err != nil {
		return "", err
	}
	return Hash(dp), nil
}

// IsUnityProject reports whether dir holds Assets/ and ProjectSettings/.
func IsUnityProject(dir string) bool {
	for _, sub := range []string{"Assets", "ProjectSettings"} {
		fi, err := os.Stat(filepath.Join(dir, sub))
		if err != nil || !fi.IsDir() {
			return false
		}
	}
	return true
}

// FindRoot walks up from dir to the nearest Unity project folder.
func FindRoot(dir string) (string, bool) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	for {
		if IsUnityProject(abs) {
			return abs, true
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return "", false
		}
		abs = parent
	}
}
