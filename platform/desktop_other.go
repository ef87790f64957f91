//go:build !windows

package platform

// canShowWindows: off Windows, hasDesktop's display and bus checks say it.
func canShowWindows() bool { return true }
