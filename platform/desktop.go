package platform

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// OpenFolder shows a folder in the desktop's file manager (created if
// missing).
func OpenFolder(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	name, args := openCommand(goos, dir)
	return exec.Command(name, args...).Start()
}

func openCommand(goos, target string) (string, []string) {
	switch goos {
	case "darwin":
		return "open", []string{target}
	case "windows":
		return "explorer", []string{target}
	}
	return "xdg-open", []string{target}
}

// CopyText puts text on the clipboard (pbcopy, clip, wl-copy, xclip or
// xsel); the error says which tool to install when none is there.
func CopyText(text string) error {
	for _, c := range clipboardCommands(goos, os.Getenv("WAYLAND_DISPLAY") != "") {
		if _, err := exec.LookPath(c[0]); err != nil {
			continue
		}
		cmd := exec.Command(c[0], c[1:]...)
		cmd.Stdin = strings.NewReader(text)
		return cmd.Run()
	}
	return fmt.Errorf("no clipboard tool found; install xclip, xsel or wl-clipboard")
}

func clipboardCommands(goos string, wayland bool) [][]string {
	switch goos {
	case "darwin":
		return [][]string{{"pbcopy"}}
	case "windows":
		return [][]string{{"clip"}}
	}
	cmds := [][]string{{"xclip", "-selection", "clipboard"}, {"xsel", "--clipboard", "--input"}}
	if wayland {
		cmds = append([][]string{{"wl-copy"}}, cmds...)
	}
	return cmds
}
