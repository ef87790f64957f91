//go:build !windows

package tray

import "github.com/unitymcp/unitymcp/tray/icons"

// iconBytes returns the PNG for a state.
func iconBytes(state string) []byte {
	switch state {
	case IconConnected:
		return icons.ConnectedPNG
	case IconBusy:
		return icons.BusyPNG
	case IconError:
		return icons.ErrorPNG
	}
	return icons.IdlePNG
}
