//go:build windows

package platform

import (
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

var procMessageBoxW = user32.NewProc("MessageBoxW")

// MessageBox flags and answers (WinUser.h).
const (
	mbOKCancel   = 0x1
	mbDefButton2 = 0x100
	idCancel     = 2
)

// A message box of this process: listed with its window, its message (its
// static text), its buttons and its default (DM_GETDEFID: the second
// button here); the dry run names that button; pressing the default
// presses it, and the box answers Cancel.
func TestDialogsWindows(t *testing.T) {
	const title, text = "unitymcp test: Save changes?", "Your changes to Main.unity\nare lost if you don't save them."
	answered := make(chan uintptr, 1)
	go func() {
		runtime.LockOSThread()
		tx, _ := windows.UTF16PtrFromString(text)
		ti, _ := windows.UTF16PtrFromString(title)
		r, _, _ := procMessageBoxW.Call(0, uintptr(unsafe.Pointer(tx)), uintptr(unsafe.Pointer(ti)), mbOKCancel|mbDefButton2)
		answered <- r
	}()
	var d Dialog
	deadline := time.Now().Add(10 * time.Second)
	for d.ID == 0 {
		ds, err := ModalDialogs(os.Getpid())
		for _, x := range ds {
			if x.Title == title {
				d = x
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("ModalDialogs = %+v, %v; no %q", ds, err, title)
		}
		time.Sleep(20 * time.Millisecond) // the box shows in its thread's time
	}
	if !strings.Contains(d.Message, "Main.unity") || len(d.Buttons) != 2 || d.Default != "Cancel" {
		t.Errorf("listed %+v", d)
	}
	what, err := DescribePress(d, DialogPress{Role: DialogDefault})
	if err != nil || !strings.HasPrefix(what, `button "Cancel", the default`) {
		t.Errorf("dry run: %q, %v", what, err)
	}
	if _, err := PressDialog(os.Getpid(), d, DialogPress{Role: DialogDefault}); err != nil {
		t.Fatal(err)
	}
	select {
	case r := <-answered:
		if r != idCancel {
			t.Errorf("the box answered %d, want IDCANCEL", r)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the box was not answered")
	}
}
