//go:build !linux

package platform

// rawWrapped reports whether v is one of the raw-I/O wrappers (Linux only).
func rawWrapped(any) bool { return false }
