//go:build windows

package platform

import (
	"strings"
	"sync"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

var (
	procEnumChildWindows = user32.NewProc("EnumChildWindows")
	procGetClassNameW    = user32.NewProc("GetClassNameW")
	procGetWindowTextW   = user32.NewProc("GetWindowTextW")
	procIsWindowEnabled  = user32.NewProc("IsWindowEnabled")
)

// dialogClass is the window class of standard dialog boxes (MessageBox,
// DialogBox, the dialogs Unity's EditorUtility.DisplayDialog shows).
const dialogClass = "#32770"

// The enumeration callbacks are made once: the runtime never frees a
// callback and stops the process after 2,000, and the daemon looks for
// dialogs on every heartbeat of a held-up editor. Their state is the
// package's, one enumeration at a time.
var (
	enumMu      sync.Mutex
	enumPid     int
	enumDialogs []Dialog
	enumButtons []string
	dialogCB    = syscall.NewCallback(func(h windows.HWND, _ uintptr) uintptr {
		var wpid uint32
		windows.GetWindowThreadProcessId(h, &wpid)
		if int(wpid) != enumPid {
			return 1
		}
		if v, _, _ := procIsWindowVisible.Call(uintptr(h)); v == 0 {
			return 1
		}
		owner, _, _ := procGetWindow.Call(uintptr(h), 4 /* GW_OWNER */)
		modalOwner := false
		if owner != 0 {
			en, _, _ := procIsWindowEnabled.Call(owner)
			modalOwner = en == 0
		}
		if className(h) != dialogClass && !modalOwner {
			return 1
		}
		enumDialogs = append(enumDialogs, Dialog{Title: windowText(h), Buttons: buttons(h)})
		return 1
	})
	buttonCB = syscall.NewCallback(func(c windows.HWND, _ uintptr) uintptr {
		if v, _, _ := procIsWindowVisible.Call(uintptr(c)); v == 0 {
			return 1
		}
		if strings.EqualFold(className(c), "Button") {
			if t := strings.ReplaceAll(windowText(c), "&", ""); t != "" {
				enumButtons = append(enumButtons, t)
			}
		}
		return 1
	})
)

// modalDialogs lists the visible top-level windows of pid that are dialog
// boxes (class #32770) or are owned by a window they disabled (what a
// modal window does to its owner), with the texts of their buttons.
func modalDialogs(pid int) ([]Dialog, error) {
	enumMu.Lock()
	defer enumMu.Unlock()
	enumPid, enumDialogs = pid, nil
	procEnumWindows.Call(dialogCB, 0)
	out := enumDialogs
	enumDialogs = nil
	return out, nil
}

// buttons are the texts of a window's visible push buttons, without the
// '&' of their access keys (under enumMu, from dialogCB).
func buttons(h windows.HWND) []string {
	enumButtons = nil
	procEnumChildWindows.Call(uintptr(h), buttonCB, 0)
	out := enumButtons
	enumButtons = nil
	return out
}

func className(h windows.HWND) string {
	buf := make([]uint16, 256)
	n, _, _ := procGetClassNameW.Call(uintptr(h), uintptr(unsafe.Pointer(&buf[0])), uintptr(len(buf)))
	return windows.UTF16ToString(buf[:n])
}

func windowText(h windows.HWND) string {
	buf := make([]uint16, 512)
	n, _, _ := procGetWindowTextW.Call(uintptr(h), uintptr(unsafe.Pointer(&buf[0])), uintptr(len(buf)))
	return windows.UTF16ToString(buf[:n])
}
