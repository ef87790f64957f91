//go:build windows

package platform

import (
	"os"
	"strings"

	"golang.org/x/sys/windows"
)

// realPath asks Windows for the final path of the open file
// (GetFinalPathNameByHandle), which follows every kind of link — what
// filepath.EvalSymlinks, walking the path's parts, can miss.
func realPath(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	buf := make([]uint16, windows.MAX_LONG_PATH)
	n, err := windows.GetFinalPathNameByHandle(windows.Handle(f.Fd()), &buf[0], uint32(len(buf)), 0)
	if err != nil {
		return "", &os.PathError{Op: "GetFinalPathNameByHandle", Path: path, Err: err}
	}
	p := windows.UTF16ToString(buf[:n])
	if rest, ok := strings.CutPrefix(p, `\\?\UNC\`); ok {
		return `\\` + rest, nil
	}
	return strings.TrimPrefix(p, `\\?\`), nil
}
