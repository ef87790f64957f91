//go:build !unix && !windows

package platform

import (
	"fmt"
	"runtime"
)

func requestStop(pid int) error {
	return fmt.Errorf("asking process %d to stop is not supported on %s", pid, runtime.GOOS)
}

func stopRequested() (<-chan struct{}, func()) { return make(chan struct{}), func() {} }
