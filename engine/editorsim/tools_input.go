package editorsim

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

// button is the screen rectangle (top-left origin) of the scene's Button.
var button = struct{ x0, y0, x1, y1 float64 }{860, 500, 1060, 580}

func hit(x, y float64) any {
	if x >= button.x0 && x <= button.x1 && y >= button.y0 && y <= button.y1 {
		return "Button"
	}
	return nil
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return nil
	}
	select {
	case <-time.After(d):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func notPlaying(action string) map[string]any {
	return map[string]any{"Success": false, "Action": action,
		"Message": "PlayMode is not active; start it with control-play-mode (Action: Play) first (editor simulator)"}
}

func simMouseUI(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	action := a.str("Action")
	x, y := a.num("X"), a.num("Y")
	st := s.st
	st.mu.Lock()
	playing := st.playing
	st.mu.Unlock()
	if !playing {
		r := notPlaying(action)
		r["HitGameObjectName"], r["PositionX"], r["PositionY"], r["EndPositionX"], r["EndPositionY"] = nil, x, y, x, y
		return r, nil, nil
	}
	res := map[string]any{"Success": true, "Action": action, "PositionX": x, "PositionY": y, "EndPositionX": x, "EndPositionY": y, "HitGameObjectName": hit(x, y)}
	animate := func(fromX, fromY float64) error {
		if sp := a.num("DragSpeed"); sp > 0 {
			dist := (x-fromX)*(x-fromX) + (y-fromY)*(y-fromY)
			return sleepCtx(ctx, time.Duration(sqrt(dist)/sp*float64(time.Second)))
		}
		return nil
	}
	switch action {
	case "Click":
		res["Message"] = fmt.Sprintf("Clicked %s at (%v, %v)", a.str("Button"), x, y)
	case "LongPress":
		if err := sleepCtx(ctx, time.Duration(a.num("Duration")*float64(time.Second))); err != nil {
			return nil, nil, err
		}
		res["Message"] = fmt.Sprintf("Long-pressed at (%v, %v) for %vs", x, y, a.num("Duration"))
	case "Drag":
		fx, fy := a.num("FromX"), a.num("FromY")
		if err := animate(fx, fy); err != nil {
			return nil, nil, err
		}
		res["PositionX"], res["PositionY"], res["HitGameObjectName"] = fx, fy, hit(fx, fy)
		res["Message"] = fmt.Sprintf("Dragged from (%v, %v) to (%v, %v)", fx, fy, x, y)
	case "DragStart":
		st.mu.Lock()
		st.dragging, st.dragX, st.dragY = true, x, y
		st.mu.Unlock()
		res["Message"] = fmt.Sprintf("Drag started at (%v, %v)", x, y)
	case "DragMove", "DragEnd":
		st.mu.Lock()
		dragging, fx, fy := st.dragging, st.dragX, st.dragY
		st.mu.Unlock()
		if !dragging {
			return map[string]any{"Success": false, "Action": action, "Message": "No drag in progress; call DragStart first (editor simulator)",
				"HitGameObjectName": nil, "PositionX": x, "PositionY": y, "EndPositionX": x, "EndPositionY": y}, nil, nil
		}
		if err := animate(fx, fy); err != nil {
			return nil, nil, err
		}
		st.mu.Lock()
		st.dragX, st.dragY = x, y
		st.dragging = action == "DragMove"
		st.mu.Unlock()
		res["PositionX"], res["PositionY"] = fx, fy
		res["Message"] = fmt.Sprintf("%s from (%v, %v) to (%v, %v)", action, fx, fy, x, y)
	}
	res["Message"] = res["Message"].(string) + " (editor simulator)"
	return res, nil, nil
}

func sqrt(v float64) float64 {
	if v <= 0 {
		return 0
	}
	z := v
	for i := 0; i < 30; i++ {
		z = (z + v/z) / 2
	}
	return z
}

func simMouseInput(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	action := a.str("Action")
	s.st.mu.Lock()
	playing := s.st.playing
	s.st.mu.Unlock()
	res := map[string]any{"Success": true, "Action": action, "Button": nil, "PositionX": nil, "PositionY": nil}
	if !playing {
		r := notPlaying(action)
		for k, v := range res {
			if _, ok := r[k]; !ok {
				r[k] = v
			}
		}
		return r, nil, nil
	}
	d := time.Duration(a.num("Duration") * float64(time.Second))
	switch action {
	case "Click", "LongPress":
		if err := sleepCtx(ctx, d); err != nil {
			return nil, nil, err
		}
		res["Button"], res["PositionX"], res["PositionY"] = a.str("Button"), a.num("X"), a.num("Y")
		res["Message"] = fmt.Sprintf("Injected %s %s at (%v, %v) into Mouse.current", a.str("Button"), strings.ToLower(action), a.num("X"), a.num("Y"))
	case "MoveDelta":
		res["Message"] = fmt.Sprintf("Injected mouse delta (%v, %v)", a.num("DeltaX"), a.num("DeltaY"))
	case "SmoothDelta":
		if err := sleepCtx(ctx, d); err != nil {
			return nil, nil, err
		}
		res["Message"] = fmt.Sprintf("Injected mouse delta (%v, %v) over %vs", a.num("DeltaX"), a.num("DeltaY"), a.num("Duration"))
	case "Scroll":
		res["Message"] = fmt.Sprintf("Injected scroll (%v, %v)", a.num("ScrollX"), a.num("ScrollY"))
	}
	res["Message"] = res["Message"].(string) + " (editor simulator)"
	return res, nil, nil
}

// inputSystemKeys is a subset of UnityEngine.InputSystem.Key names.
var inputSystemKeys = strings.Fields(`Space Enter Tab Backquote Quote Semicolon Comma Period Slash Backslash
LeftBracket RightBracket Minus Equals A B C D E F G H I J K L M N O P Q R S T U V W X Y Z
Digit1 Digit2 Digit3 Digit4 Digit5 Digit6 Digit7 Digit8 Digit9 Digit0 LeftShift RightShift LeftAlt RightAlt
LeftCtrl RightCtrl LeftMeta RightMeta ContextMenu Escape LeftArrow RightArrow UpArrow DownArrow Backspace
PageDown PageUp Home End Insert Delete CapsLock NumLock PrintScreen ScrollLock Pause NumpadEnter NumpadDivide
NumpadMultiply NumpadPlus NumpadMinus NumpadPeriod NumpadEquals Numpad0 Numpad1 Numpad2 Numpad3 Numpad4
Numpad5 Numpad6 Numpad7 Numpad8 Numpad9 F1 F2 F3 F4 F5 F6 F7 F8 F9 F10 F11 F12`)

func simKeyboard(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	action, key := a.str("Action"), a.str("Key")
	var name string
	for _, k := range inputSystemKeys {
		if strings.EqualFold(k, key) {
			name = k
		}
	}
	if name == "" {
		return nil, nil, toolErr("invalid_params", "%q is not an Input System Key name (examples: W, Space, LeftShift, Enter, Digit1, UpArrow)", key)
	}
	st := s.st
	st.mu.Lock()
	playing := st.playing
	held := st.keysDown[name]
	st.mu.Unlock()
	res := map[string]any{"Success": true, "Action": action, "KeyName": name}
	if !playing {
		r := notPlaying(action)
		r["KeyName"] = name
		return r, nil, nil
	}
	switch action {
	case "Press":
		if err := sleepCtx(ctx, time.Duration(a.num("Duration")*float64(time.Second))); err != nil {
			return nil, nil, err
		}
		res["Message"] = "Pressed " + name
	case "KeyDown":
		st.mu.Lock()
		st.keysDown[name] = true
		st.mu.Unlock()
		res["Message"] = name + " held down; release it with KeyUp"
	case "KeyUp":
		if !held {
			return map[string]any{"Success": false, "Action": action, "KeyName": name,
				"Message": name + " is not held; KeyUp releases a key held by KeyDown (editor simulator)"}, nil, nil
		}
		st.mu.Lock()
		delete(st.keysDown, name)
		st.mu.Unlock()
		res["Message"] = "Released " + name
	}
	res["Message"] = res["Message"].(string) + " (editor simulator)"
	return res, nil, nil
}
