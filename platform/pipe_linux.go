package platform

import "syscall"

func rawPipe() (r, w *RawFD, err error) {
	var p [2]int
	if err := syscall.Pipe2(p[:], syscall.O_CLOEXEC|syscall.O_NONBLOCK); err != nil {
		return nil, nil, err
	}
	return newRawFD(p[0]), newRawFD(p[1]), nil
}
