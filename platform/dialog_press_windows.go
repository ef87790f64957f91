//go:build windows

package platform

import (
	"fmt"

	"golang.org/x/sys/windows"
)

var (
	procPostMessageW        = user32.NewProc("PostMessageW")
	procSendMessageTimeoutW = user32.NewProc("SendMessageTimeoutW")
	procGetDlgCtrlID        = user32.NewProc("GetDlgCtrlID")
	procGetDlgItem          = user32.NewProc("GetDlgItem")
)

// Window messages and values (WinUser.h).
const (
	wmClose         = 0x0010
	wmCommand       = 0x0111
	dmGetDefID      = 0x0400 // WM_USER + 0
	dcHasDefID      = 0x534B
	idOK            = 1
	bnClicked       = 0
	smtoAbortIfHung = 0x0002
)

// describePress says what pressDialog sends for p.
func describePress(d Dialog, p DialogPress) (string, error) {
	switch {
	case p.Role == DialogCancel:
		return "close: WM_CLOSE posted to the window (a dialog box takes it as Cancel)", nil
	case p.Role == DialogDefault && d.Default != "":
		return fmt.Sprintf("button %q, the default (DM_GETDEFID): the click it sends (WM_COMMAND, BN_CLICKED) posted to the window", d.Default), nil
	case p.Role == DialogDefault:
		return "the default command IDOK (the dialog names no default button): WM_COMMAND posted to the window", nil
	}
	return fmt.Sprintf("button %q: the click it sends (WM_COMMAND, BN_CLICKED) posted to the window", p.Button), nil
}

// pressDialog presses in the dialog box d of pid. A button is pressed by
// posting the dialog the WM_COMMAND (BN_CLICKED) a click on it sends:
// unlike BM_CLICK it needs the dialog to be neither active nor answering
// (a posted message never blocks the daemon on a hung editor). The default
// is the button d.Default names, as a dry run showed it (IDOK when the
// dialog names none); cancel is WM_CLOSE, which a dialog box turns into
// IDCANCEL and any other modal window takes as its close button.
func pressDialog(pid int, d Dialog, p DialogPress) (string, error) {
	what, err := describePress(d, p)
	if err != nil {
		return "", err
	}
	enumMu.Lock()
	defer enumMu.Unlock()
	ds, hs := enumDialogWindows(pid)
	var dlg windows.HWND
	for i, cur := range ds {
		// The window listed, still a dialog of pid, still titled the same.
		if uint64(hs[i]) == d.ID && cur.Title == d.Title {
			dlg = hs[i]
			break
		}
	}
	if dlg == 0 {
		return "", fmt.Errorf("%w: process %d has no dialog window 0x%x titled %q", ErrNoDialog, pid, d.ID, d.Title)
	}
	button := p.Button
	switch {
	case p.Role == DialogCancel:
		return what, post(dlg, wmClose, 0, 0)
	case p.Role == DialogDefault && d.Default == "":
		btn, _, _ := procGetDlgItem.Call(uintptr(dlg), idOK)
		return what, post(dlg, wmCommand, idOK|bnClicked<<16, btn)
	case p.Role == DialogDefault:
		button = d.Default
	}
	labels, btns := buttonWindows(dlg)
	for i, l := range labels {
		if SameButton(l, button) {
			id, _, _ := procGetDlgCtrlID.Call(uintptr(btns[i]))
			return what, post(dlg, wmCommand, id&0xFFFF|bnClicked<<16, uintptr(btns[i]))
		}
	}
	return "", fmt.Errorf("the dialog %q has no button %q; its buttons are %q", d.Title, button, labels)
}

func post(h windows.HWND, msg uint32, w, l uintptr) error {
	if r, _, err := procPostMessageW.Call(uintptr(h), uintptr(msg), w, l); r == 0 {
		return fmt.Errorf("posting message 0x%x to the dialog: %w", msg, err)
	}
	return nil
}
