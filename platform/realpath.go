package platform

// RealPath is the path of the file path names, links resolved: a symbolic
// link, or on Windows any reparse point (winget's command aliases are
// symbolic links in WinGet\Links; Scoop's `current` is a junction).
func RealPath(path string) (string, error) { return realPath(path) }
