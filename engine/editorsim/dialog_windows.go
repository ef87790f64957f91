//go:build windows

package editorsim

import (
	"errors"
	"log/slog"
	"runtime"
	"sync/atomic"
	"time"
	"unsafe"

	win "golang.org/x/sys/windows"
)

var (
	user32                  = win.NewLazySystemDLL("user32.dll")
	procRegisterClassExW    = user32.NewProc("RegisterClassExW")
	procCreateWindowExW     = user32.NewProc("CreateWindowExW")
	procDefWindowProcW      = user32.NewProc("DefWindowProcW")
	procShowWindow          = user32.NewProc("ShowWindow")
	procDestroyWindow       = user32.NewProc("DestroyWindow")
	procGetMessageW         = user32.NewProc("GetMessageW")
	procTranslateMessage    = user32.NewProc("TranslateMessage")
	procDispatchMessageW    = user32.NewProc("DispatchMessageW")
	procMessageBoxW         = user32.NewProc("MessageBoxW")
	procPostMessageW        = user32.NewProc("PostMessageW")
	procFindWindowExW       = user32.NewProc("FindWindowExW")
	procIsWindowVisible     = user32.NewProc("IsWindowVisible")
	procGetForegroundWindow = user32.NewProc("GetForegroundWindow")
)

type wndClassEx struct {
	Size, Style                        uint32
	WndProc                            uintptr
	ClsExtra, WndExtra                 int32
	Instance, Icon, Cursor, Background win.Handle
	MenuName, ClassName                *uint16
	IconSm                             win.Handle
}

type msg struct {
	Hwnd    win.HWND
	Message uint32
	WParam  uintptr
	LParam  uintptr
	Time    uint32
	Pt      struct{ X, Y int32 }
}

const (
	wsOverlappedWindow = 0x00CF0000
	wsVisible          = 0x10000000
	cwUseDefault       = 0x80000000
	swShow             = 5
	wmClose            = 0x0010
	mbOKCancel         = 0x00000001
	mbIconWarning      = 0x00000030
	idOK, idCancel     = 1, 2
)

// newMainWindow creates a visible top-level window titled title on the
// calling thread, which must stay locked and pump its messages.
func newMainWindow(title string) (win.HWND, error) {
	class, _ := win.UTF16PtrFromString("editorsim-main")
	var inst win.Handle
	win.GetModuleHandleEx(0, nil, &inst)
	wc := wndClassEx{WndProc: procDefWindowProcW.Addr(), Instance: inst, ClassName: class, Background: 6 /* COLOR_WINDOW+1 */}
	wc.Size = uint32(unsafe.Sizeof(wc))
	procRegisterClassExW.Call(uintptr(unsafe.Pointer(&wc))) // registered before: fine
	name, _ := win.UTF16PtrFromString(title)
	h, _, err := procCreateWindowExW.Call(0, uintptr(unsafe.Pointer(class)), uintptr(unsafe.Pointer(name)), wsOverlappedWindow|wsVisible,
		80, 80, 640, 400, 0, 0, uintptr(inst), 0)
	if h == 0 {
		return 0, err
	}
	procShowWindow.Call(h, swShow)
	return win.HWND(h), nil
}

// pump runs the thread's message loop until WM_QUIT or an error.
func pump() {
	var m msg
	for {
		r, _, _ := procGetMessageW.Call(uintptr(unsafe.Pointer(&m)), 0, 0, 0)
		if int32(r) <= 0 {
			return
		}
		procTranslateMessage.Call(uintptr(unsafe.Pointer(&m)))
		procDispatchMessageW.Call(uintptr(unsafe.Pointer(&m)))
	}
}

// ShowWindow shows a top-level window titled title for as long as the
// process runs — the stand-in for the Unity Editor's main window, which
// focus-window brings to the front (-window). log says each time the
// window becomes, or stops being, the foreground window, as this process
// sees it (GetForegroundWindow): what focus-window did, told by the
// editor's side.
func ShowWindow(title string, log *slog.Logger) error {
	shown := make(chan win.HWND, 1)
	errc := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // the window's thread for good
		h, err := newMainWindow(title)
		if err != nil {
			errc <- err
			return
		}
		shown <- h
		pump()
	}()
	var h win.HWND
	select {
	case err := <-errc:
		return err
	case h = <-shown:
	}
	go func() {
		front := false
		for range time.Tick(100 * time.Millisecond) {
			fg, _, _ := procGetForegroundWindow.Call()
			if now := win.HWND(fg) == h; now != front {
				front = now
				log.Info("editorsim: main window", "title", title, "foreground", front)
			}
		}
	}()
	return nil
}

// showDialog opens a main window and, owned by it, a real message box
// titled title (a #32770 dialog, which disables its owner while it runs:
// what EditorUtility.DisplayDialog shows in Unity), on a thread of their
// own. OK (its default button, Return) answers it as the default, Cancel
// (Escape, the close button) as cancel. It returns once the box is
// visible.
func showDialog(title string, pid int) (*dialogWindow, error) {
	w := &dialogWindow{closed: make(chan struct{})}
	var box atomic.Uintptr
	var dismissed atomic.Bool
	errc := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		main, err := newMainWindow(title + " — editorsim")
		if err != nil {
			errc <- err
			return
		}
		errc <- nil
		text, _ := win.UTF16PtrFromString("The simulated editor waits for this dialog (editorsim).")
		caption, _ := win.UTF16PtrFromString(title)
		r, _, _ := procMessageBoxW.Call(uintptr(main), uintptr(unsafe.Pointer(text)), uintptr(unsafe.Pointer(caption)), mbOKCancel|mbIconWarning)
		switch {
		case dismissed.Load():
		case r == idOK:
			w.answer = DialogDefault
		case r == idCancel:
			w.answer = DialogCancel
		}
		procDestroyWindow.Call(uintptr(main))
		close(w.closed)
	}()
	if err := <-errc; err != nil {
		return nil, err
	}
	// The box is created inside MessageBoxW: wait until it is visible.
	dialogClass, _ := win.UTF16PtrFromString("#32770")
	caption, _ := win.UTF16PtrFromString(title)
	for deadline := time.Now().Add(10 * time.Second); box.Load() == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			return nil, errors.New("the message box did not appear in 10 s")
		}
		h, _, _ := procFindWindowExW.Call(0, 0, uintptr(unsafe.Pointer(dialogClass)), uintptr(unsafe.Pointer(caption)))
		if v, _, _ := procIsWindowVisible.Call(h); h != 0 && v != 0 {
			box.Store(h)
		}
	}
	w.close = func() {
		select {
		case <-w.closed:
		default:
			dismissed.Store(true)
			procPostMessageW.Call(box.Load(), wmClose, 0, 0) // the box answers IDCANCEL
			<-w.closed
		}
	}
	return w, nil
}
