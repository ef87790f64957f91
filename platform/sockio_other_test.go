//go:build !linux || !(amd64 || arm64)

package platform

// rawIO: this build has no raw-I/O wrappers.
const rawIO = false

// rawWrapped reports whether v is one of the raw-I/O wrappers (none here).
func rawWrapped(any) bool { return false }
