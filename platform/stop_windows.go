//go:build windows

package platform

import (
	"fmt"
	"os"
	"strconv"

	"golang.org/x/sys/windows"
)

// stopEventName is the named event a daemon of process pid waits on. It
// lives in the session's Local\ namespace, where only processes of this
// logon session see it; its default ACL is the creating user's.
func stopEventName(pid int) string { return `Local\unitymcp-stop-` + strconv.Itoa(pid) }

func requestStop(pid int) error {
	name, err := windows.UTF16PtrFromString(stopEventName(pid))
	if err != nil {
		return err
	}
	h, err := windows.OpenEvent(windows.EVENT_MODIFY_STATE, false, name)
	if err != nil {
		return fmt.Errorf("process %d does not listen for a stop request (%s): %w", pid, stopEventName(pid), err)
	}
	defer windows.CloseHandle(h)
	return windows.SetEvent(h)
}

func stopRequested() (<-chan struct{}, func()) {
	ch := make(chan struct{})
	name, _ := windows.UTF16PtrFromString(stopEventName(os.Getpid()))
	stop, err := windows.CreateEvent(nil, 1, 0, name)
	if err != nil {
		return ch, func() {}
	}
	quit, err := windows.CreateEvent(nil, 1, 0, nil)
	if err != nil {
		windows.CloseHandle(stop)
		return ch, func() {}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		ev, err := windows.WaitForMultipleObjects([]windows.Handle{stop, quit}, false, windows.INFINITE)
		if err == nil && ev == windows.WAIT_OBJECT_0 {
			close(ch)
		}
	}()
	return ch, func() {
		windows.SetEvent(quit)
		<-done
		windows.CloseHandle(stop)
		windows.CloseHandle(quit)
	}
}
