package platform

import "runtime"

// goos is a variable so tests can read the rule for another OS.
var goos = runtime.GOOS
