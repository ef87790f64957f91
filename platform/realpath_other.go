//go:build !windows

package platform

import "path/filepath"

func realPath(path string) (string, error) { return filepath.EvalSymlinks(path) }
