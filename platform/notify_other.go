//go:build !windows

package platform

// notifyRoute: beeep's own errors say enough off Windows (notify_windows.go).
func notifyRoute() error { return nil }
