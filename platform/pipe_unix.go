//go:build unix && !linux

package platform

import "syscall"

func rawPipe() (r, w *RawFD, err error) {
	var p [2]int
	syscall.ForkLock.RLock() // close-on-exec before any fork sees them
	err = syscall.Pipe(p[:])
	if err == nil {
		syscall.CloseOnExec(p[0])
		syscall.CloseOnExec(p[1])
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		return nil, nil, err
	}
	syscall.SetNonblock(p[0], true)
	syscall.SetNonblock(p[1], true)
	return newRawFD(p[0]), newRawFD(p[1]), nil
}
