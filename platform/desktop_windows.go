//go:build windows

package platform

import (
	"unsafe"

	"golang.org/x/sys/windows"
)

var (
	procRegisterClassExW = user32.NewProc("RegisterClassExW")
	procCreateWindowExW  = user32.NewProc("CreateWindowExW")
	procDestroyWindow    = user32.NewProc("DestroyWindow")
	procDefWindowProcW   = user32.NewProc("DefWindowProcW")
)

// wndClassEx is WNDCLASSEXW.
type wndClassEx struct {
	Size, Style                        uint32
	WndProc                            uintptr
	ClsExtra, WndExtra                 int32
	Instance, Icon, Cursor, Background windows.Handle
	MenuName, ClassName                *uint16
	IconSm                             windows.Handle
}

// canShowWindows reports whether this process can make a window — the
// hidden one fyne.io/systray keeps its icon with, beeep's balloon: not in
// a session without a desktop (a service's session 0, Wine without a
// display), where fyne.io/systray fails to start and its Run never
// returns, so HasDesktop says no and the daemon runs without tray and
// notifications there.
func canShowWindows() bool {
	name, _ := windows.UTF16PtrFromString("unitymcp-tray-probe")
	var inst windows.Handle
	windows.GetModuleHandleEx(0, nil, &inst)
	wc := wndClassEx{WndProc: procDefWindowProcW.Addr(), Instance: inst, ClassName: name}
	wc.Size = uint32(unsafe.Sizeof(wc))
	procRegisterClassExW.Call(uintptr(unsafe.Pointer(&wc))) // already registered: fine
	const cwUseDefault = 0x80000000
	h, _, _ := procCreateWindowExW.Call(0, uintptr(unsafe.Pointer(name)), uintptr(unsafe.Pointer(name)), 0,
		cwUseDefault, cwUseDefault, cwUseDefault, cwUseDefault, 0, 0, uintptr(inst), 0)
	if h == 0 {
		return false
	}
	procDestroyWindow.Call(h)
	return true
}
