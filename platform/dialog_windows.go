//go:build windows

package platform

import (
	"strings"
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

// modalDialogs lists the visible top-level windows of pid that are dialog
// boxes (class #32770) or are owned by a window they disabled (what a
// modal window does to its owner), with the texts of their buttons.
func modalDialogs(pid int) ([]Dialog, error) {
	var out []Dialog
	cb := syscall.NewCallback(func(h windows.HWND, _ uintptr) uintptr {
		var wpid uint32
		windows.GetWindowThreadProcessId(h, &wpid)
		if int(wpid) != pid {
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
		out = append(out, Dialog{Title: windowText(h), Buttons: buttons(h)})
		return 1
	})
	procEnumWindows.Call(cb, 0)
	return out, nil
}

// buttons are the texts of a window's visible push buttons, without the
// '&' of their access keys.
func buttons(h windows.HWND) []string {
	var out []string
	cb := syscall.NewCallback(func(c windows.HWND, _ uintptr) uintptr {
		if v, _, _ := procIsWindowVisible.Call(uintptr(c)); v == 0 {
			return 1
		}
		if strings.EqualFold(className(c), "Button") {
			if t := strings.ReplaceAll(windowText(c), "&", ""); t != "" {
				out = append(out, t)
			}
		}
		return 1
	})
	procEnumChildWindows.Call(uintptr(h), cb, 0)
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
