//go:build !linux && !darwin && !windows

package platform

import (
	"fmt"
	"runtime"
)

func processArgs(pid int) ([]string, string, error) {
	return nil, "", fmt.Errorf("%w: not on %s", ErrArgsUnsupported, runtime.GOOS)
}

func processExecutable(pid int) (string, error) {
	return "", fmt.Errorf("%w: not on %s", ErrArgsUnsupported, runtime.GOOS)
}
