package unityinstall

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
)

// CheckOwner refuses a project that is not the user's own: the Editor runs
// the project's editor scripts (Assets, Packages) as the user who opens it,
// so a project folder another user owns — or may write to — would run that
// user's code as this one. The project folder and its Assets, Packages and
// ProjectSettings folders (those that exist) must belong to the user and
// not be writable by everyone.
func CheckOwner(projectDir string) error {
	for _, p := range []string{projectDir, filepath.Join(projectDir, "Assets"), filepath.Join(projectDir, "Packages"), filepath.Join(projectDir, "ProjectSettings")} {
		err := checkOwner(p)
		if errors.Is(err, fs.ErrNotExist) && p != projectDir {
			continue
		}
		if err != nil {
			return fmt.Errorf("%w; its editor scripts would run as you: open only projects of your own", err)
		}
	}
	return nil
}
