package editorsim

import (
	"context"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
)

func simControlPlayMode(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	st := s.st
	st.mu.Lock()
	var msg string
	switch args(call).str("Action") {
	case "Play":
		msg = "Play mode started"
		if st.playing && st.paused {
			msg = "Play mode resumed"
		} else if st.playing {
			msg = "Already in play mode"
		}
		st.playing, st.paused = true, false
	case "Stop":
		msg = "Play mode stopped"
		if !st.playing {
			msg = "Already in edit mode"
		}
		st.playing, st.paused = false, false
		st.keysDown = map[string]bool{}
		st.dragging = false
	case "Pause":
		st.paused = true
		msg = "Play mode paused"
		if !st.playing {
			msg = "Paused; play mode will start paused"
		}
	}
	playing, paused := st.playing, st.paused
	st.mu.Unlock()
	state := "edit"
	if playing && paused {
		state = "paused"
	} else if playing {
		state = "playing"
	}
	s.emit(api.EventPlayModeChanged, api.PlayModeChanged{State: state})
	return map[string]any{"IsPlaying": playing, "IsPaused": paused, "Message": msg + " (editor simulator)"}, nil, nil
}
