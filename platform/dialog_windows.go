//go:build windows

package platform

import (
	"slices"
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
	enumHandles []windows.HWND // enumDialogs' windows
	enumButtons []string
	enumBtnWins []windows.HWND // enumButtons' windows
	enumTexts   []string       // a dialog's static texts (staticCB)
	enumTextLen int            // their bytes, up to maxDialogMessage
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
		labels, btns := buttonWindows(h)
		enumDialogs = append(enumDialogs, Dialog{ID: uint64(h), Title: windowText(h), Message: message(h),
			Buttons: labels, Default: defaultButton(h, labels, btns)})
		enumHandles = append(enumHandles, h)
		return 1
	})
	buttonCB = syscall.NewCallback(func(c windows.HWND, _ uintptr) uintptr {
		if v, _, _ := procIsWindowVisible.Call(uintptr(c)); v == 0 {
			return 1
		}
		if strings.EqualFold(className(c), "Button") {
			if t := strings.ReplaceAll(windowText(c), "&", ""); t != "" {
				enumButtons = append(enumButtons, t)
				enumBtnWins = append(enumBtnWins, c)
			}
		}
		return 1
	})
	staticCB = syscall.NewCallback(func(c windows.HWND, _ uintptr) uintptr {
		if v, _, _ := procIsWindowVisible.Call(uintptr(c)); v == 0 || !strings.EqualFold(className(c), "Static") {
			return 1
		}
		if t := strings.TrimSpace(windowTextN(c, 2048)); t != "" && enumTextLen < maxDialogMessage {
			enumTexts = append(enumTexts, t)
			enumTextLen += len(t) + 1
		}
		return 1
	})
)

// maxDialogMessage bounds the text read of one dialog (the daemon's answer
// cuts it again).
const maxDialogMessage = 4096

// message is the text of a dialog's visible static controls (a message
// box's and a dialog box's message), in their order, one a line (under
// enumMu, from dialogCB).
func message(h windows.HWND) string {
	enumTexts, enumTextLen = nil, 0
	procEnumChildWindows.Call(uintptr(h), staticCB, 0)
	out := strings.Join(enumTexts, "\n")
	enumTexts = nil
	return out
}

// defaultButton is the label of the button Return presses in the dialog,
// as IsDialogMessage decides it: the push button that has the keyboard
// focus (a message box's MB_DEFBUTTONn, or one the user tabbed to),
// else the control DM_GETDEFID names; "" when neither is a listed button.
// A hung dialog is not waited on.
func defaultButton(h windows.HWND, labels []string, btns []windows.HWND) string {
	if tid, err := windows.GetWindowThreadProcessId(h, nil); err == nil {
		info := windows.GUIThreadInfo{Size: uint32(unsafe.Sizeof(windows.GUIThreadInfo{}))}
		if windows.GetGUIThreadInfo(tid, &info) == nil {
			if i := slices.Index(btns, info.Focus); i >= 0 {
				return labels[i]
			}
		}
	}
	var res uintptr
	r, _, _ := procSendMessageTimeoutW.Call(uintptr(h), dmGetDefID, 0, 0, smtoAbortIfHung, 200, uintptr(unsafe.Pointer(&res)))
	if r == 0 || res>>16 != dcHasDefID {
		return ""
	}
	for i, b := range btns {
		if id, _, _ := procGetDlgCtrlID.Call(uintptr(b)); id&0xFFFF == res&0xFFFF {
			return labels[i]
		}
	}
	return ""
}

// modalDialogs lists the visible top-level windows of pid that are dialog
// boxes (class #32770) or are owned by a window they disabled (what a
// modal window does to its owner), with the texts of their static
// controls (the message), of their buttons, and which is the default.
func modalDialogs(pid int) ([]Dialog, error) {
	enumMu.Lock()
	defer enumMu.Unlock()
	out, _ := enumDialogWindows(pid)
	return out, nil
}

// enumDialogWindows lists the dialogs of pid and their windows (under
// enumMu).
func enumDialogWindows(pid int) ([]Dialog, []windows.HWND) {
	enumPid, enumDialogs, enumHandles = pid, nil, nil
	procEnumWindows.Call(dialogCB, 0)
	out, hs := enumDialogs, enumHandles
	enumDialogs, enumHandles = nil, nil
	return out, hs
}

// buttonWindows are the texts of a window's visible push buttons, without
// the '&' of their access keys, and their windows (under enumMu).
func buttonWindows(h windows.HWND) ([]string, []windows.HWND) {
	enumButtons, enumBtnWins = nil, nil
	procEnumChildWindows.Call(uintptr(h), buttonCB, 0)
	out, hs := enumButtons, enumBtnWins
	enumButtons, enumBtnWins = nil, nil
	return out, hs
}

func className(h windows.HWND) string {
	buf := make([]uint16, 256)
	n, _, _ := procGetClassNameW.Call(uintptr(h), uintptr(unsafe.Pointer(&buf[0])), uintptr(len(buf)))
	return windows.UTF16ToString(buf[:n])
}

func windowText(h windows.HWND) string { return windowTextN(h, 512) }

// windowTextN is a window's text, at most n-1 UTF-16 units of it.
func windowTextN(h windows.HWND, n int) string {
	buf := make([]uint16, n)
	k, _, _ := procGetWindowTextW.Call(uintptr(h), uintptr(unsafe.Pointer(&buf[0])), uintptr(len(buf)))
	return windows.UTF16ToString(buf[:k])
}
