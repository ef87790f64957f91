package tray

import "github.com/unitymcp/unitymcp/tray/icons"

// iconBytes returns the ICO for a state (Windows wants .ico).
func iconBytes(state string) []byte {
	switch state {
	case IconConnected:
		return icons.ConnectedICO
	case IconBusy:
		return icons.BusyICO
	case IconError:
		return icons.ErrorICO
	}
	return icons.IdleICO
}
