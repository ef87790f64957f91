//go:build !windows

package project

// storedCase is the identity where paths are case-sensitive (see
// case_windows.go).
func storedCase(abs string) string { return abs }
