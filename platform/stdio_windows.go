//go:build windows

package platform

import (
	"io"
	"os"
)

// Windows pipes are left as they are (the runtime has no poller for them).
func pollableStdio() (in io.Reader, out io.Writer, outFD *RawFD, restore func()) {
	return os.Stdin, os.Stdout, nil, func() {}
}
