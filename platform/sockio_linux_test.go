package platform

// rawWrapped reports whether v is one of the raw-I/O wrappers.
func rawWrapped(v any) bool {
	switch v.(type) {
	case *quiet, *rawRW:
		return true
	}
	return false
}
