//go:build unix

package platform

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"syscall"
	"time"
)

const canPassFiles = true

func sendFiles(c net.Conn, files []*os.File) error {
	uc := unixConnOf(c)
	if uc == nil {
		return fmt.Errorf("passing files needs a Unix-domain socket, not %s", c.LocalAddr().Network())
	}
	fds := make([]int, len(files))
	for i, f := range files {
		// The descriptor's number without f.Fd(), which would switch the
		// file to blocking mode (for the receiver too: they share it).
		rc, err := f.SyscallConn()
		if err != nil {
			return err
		}
		rc.Control(func(fd uintptr) { fds[i] = int(fd) })
	}
	_, _, err := uc.WriteMsgUnix([]byte{'F'}, syscall.UnixRights(fds...), nil)
	return err
}

func receiveFiles(c net.Conn, max int) ([]*os.File, error) {
	uc := unixConnOf(c)
	if uc == nil {
		return nil, fmt.Errorf("receiving files needs a Unix-domain socket, not %s", c.LocalAddr().Network())
	}
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	defer c.SetReadDeadline(time.Time{})
	b := make([]byte, 1)
	oob := make([]byte, syscall.CmsgSpace(4*(max+1)))
	n, oobn, flags, _, err := uc.ReadMsgUnix(b, oob)
	if err != nil {
		return nil, err
	}
	var fds []int
	if msgs, perr := syscall.ParseSocketControlMessage(oob[:oobn]); perr == nil {
		for _, m := range msgs {
			if got, err := syscall.ParseUnixRights(&m); err == nil {
				fds = append(fds, got...)
			}
		}
	}
	switch {
	case n != 1 || b[0] != 'F':
		err = errors.New("the peer sent data where its files were expected")
	case flags&syscall.MSG_CTRUNC != 0 || len(fds) > max:
		err = fmt.Errorf("the peer sent more than %d files", max)
	case len(fds) == 0:
		err = errors.New("the peer sent no files")
	}
	if err != nil {
		for _, fd := range fds {
			syscall.Close(fd)
		}
		return nil, err
	}
	files := make([]*os.File, len(fds))
	for i, fd := range fds {
		syscall.CloseOnExec(fd) // ReadMsgUnix asks for it where the OS can; elsewhere now
		files[i] = os.NewFile(uintptr(fd), fmt.Sprintf("passed-%d", i))
	}
	return files, nil
}

func readAvailable(f *os.File, b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return 0, err
	}
	var n int
	var errno syscall.Errno
	if err := rc.Read(func(fd uintptr) bool {
		for {
			n, errno = sysRead(fd, b)
			if errno != syscall.EINTR {
				return true // never waits: EAGAIN is "nothing yet"
			}
		}
	}); err != nil {
		return 0, err
	}
	switch {
	case errno == syscall.EAGAIN:
		return 0, nil
	case errno != 0:
		return 0, os.NewSyscallError("read", errno)
	case n == 0:
		return 0, io.EOF
	}
	return n, nil
}
