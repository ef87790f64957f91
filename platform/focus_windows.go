//go:build windows

package platform

import (
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/windows"
)

var (
	user32                  = windows.NewLazySystemDLL("user32.dll")
	procEnumWindows         = user32.NewProc("EnumWindows")
	procIsWindowVisible     = user32.NewProc("IsWindowVisible")
	procGetWindow           = user32.NewProc("GetWindow")
	procGetForegroundWindow = user32.NewProc("GetForegroundWindow")
	procSetForegroundWindow = user32.NewProc("SetForegroundWindow")
	procBringWindowToTop    = user32.NewProc("BringWindowToTop")
	procShowWindow          = user32.NewProc("ShowWindow")
	procIsIconic            = user32.NewProc("IsIconic")
	procAttachThreadInput   = user32.NewProc("AttachThreadInput")
)

// mainWindowCB finds the visible, unowned top-level window of focusPid
// (made once: see dialog_windows.go; under focusMu).
var (
	focusMu      sync.Mutex
	focusPid     int
	focusTarget  windows.HWND
	mainWindowCB = syscall.NewCallback(func(h windows.HWND, _ uintptr) uintptr {
		var wpid uint32
		windows.GetWindowThreadProcessId(h, &wpid)
		if int(wpid) != focusPid {
			return 1
		}
		if v, _, _ := procIsWindowVisible.Call(uintptr(h)); v == 0 {
			return 1
		}
		if owner, _, _ := procGetWindow.Call(uintptr(h), 4 /* GW_OWNER */); owner != 0 {
			return 1
		}
		focusTarget = h
		return 0
	})
)

// mainWindow is the visible, unowned top-level window of pid (0: none).
func mainWindow(pid int) windows.HWND {
	focusMu.Lock()
	defer focusMu.Unlock()
	focusPid, focusTarget = pid, 0
	procEnumWindows.Call(mainWindowCB, 0)
	return focusTarget
}

// focusWindow finds the visible, unowned top-level window of pid and brings
// it to the foreground. A background process may not take the foreground
// (the foreground lock), so it attaches its input to the foreground thread
// first, then verifies with GetForegroundWindow.
func focusWindow(pid int) error {
	target := mainWindow(pid)
	if target == 0 {
		return focusErr("process %d has no visible top-level window", pid)
	}
	if ic, _, _ := procIsIconic.Call(uintptr(target)); ic != 0 {
		procShowWindow.Call(uintptr(target), 9 /* SW_RESTORE */)
	}
	fg, _, _ := procGetForegroundWindow.Call()
	var fgPid uint32
	fgThread, _ := windows.GetWindowThreadProcessId(windows.HWND(fg), &fgPid)
	self := windows.GetCurrentThreadId()
	if fgThread != 0 && fgThread != self {
		procAttachThreadInput.Call(uintptr(self), uintptr(fgThread), 1)
		defer procAttachThreadInput.Call(uintptr(self), uintptr(fgThread), 0)
	}
	procBringWindowToTop.Call(uintptr(target))
	procSetForegroundWindow.Call(uintptr(target))
	deadline := time.Now().Add(time.Second)
	for time.Now().Before(deadline) {
		if now, _, _ := procGetForegroundWindow.Call(); windows.HWND(now) == target {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return focusErr("Windows refused to bring the window of process %d to the foreground (the foreground lock); click the Unity window", pid)
}
