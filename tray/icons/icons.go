// Package icons holds the tray icons, one per state, drawn by gen.go.
package icons

import _ "embed"

// PNG icons (Linux, macOS) and ICO icons (Windows), by state.
var (
	//go:embed idle.png
	IdlePNG []byte
	//go:embed connected.png
	ConnectedPNG []byte
	//go:embed busy.png
	BusyPNG []byte
	//go:embed error.png
	ErrorPNG []byte

	//go:embed idle.ico
	IdleICO []byte
	//go:embed connected.ico
	ConnectedICO []byte
	//go:embed busy.ico
	BusyICO []byte
	//go:embed error.ico
	ErrorICO []byte
)
