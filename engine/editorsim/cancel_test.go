package editorsim

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

// patience bounds each wait of these tests; a watchdog, not a sleep.
const patience = 10 * time.Second

// hold is a key press that would keep the simulated main thread for an hour.
var hold = map[string]any{"Action": "Press", "Key": "W", "Duration": 3600.0}

// runningSim is a simulator connected to a hub, and the calls it starts
// (as it registers each for a call/cancel).
func runningSim(t *testing.T) (*bridge.Hub, *Sim, chan bridge.CallParams) {
	t.Helper()
	hub := bridge.NewHub(bridge.Options{DaemonVersion: "test", Heartbeat: time.Hour})
	url, key := provingServer(t, hub)
	t.Cleanup(hub.Close)
	s := newSim(t, Config{BaseURL: url, Token: "t", Key: key})
	started := make(chan bridge.CallParams, 8)
	s.started = func(p bridge.CallParams) { started <- p }
	ctx, stop := context.WithCancel(context.Background())
	ran := make(chan struct{})
	go func() { s.Run(ctx); close(ran) }()
	t.Cleanup(func() { stop(); <-ran })
	select {
	case <-s.Connected():
	case <-time.After(patience):
		t.Fatal("the simulator did not connect")
	}
	return hub, s, started
}

// A call whose caller gives up stops in the editor too: the daemon's hub
// sends call/cancel, the simulator ends the key press it was holding, its
// main thread runs the next call at once, and its record says the call was
// cancelled. (Were the cancel lost anywhere between the hub and the tool,
// the next call would wait behind the hour-long press.)
func TestCancelReachesTheEditor(t *testing.T) {
	hub, s, started := runningSim(t)
	// call runs a tool through the hub within patience.
	call := func(tool string, args map[string]any) error {
		ctx, cancel := context.WithTimeout(context.Background(), patience)
		defer cancel()
		_, err := hub.Call(ctx, s.Hash(), tool, args, bridge.CallOptions{})
		return err
	}
	if err := call("control-play-mode", map[string]any{"Action": "Play"}); err != nil {
		t.Fatalf("control-play-mode: %v", err)
	}
	<-started

	pressCtx, giveUp := context.WithCancel(context.Background())
	pressed := make(chan error, 1)
	go func() { // no deadline: only the cancel can end it early
		_, err := hub.Call(pressCtx, s.Hash(), "simulate-keyboard", hold, bridge.CallOptions{})
		pressed <- err
	}()
	var press bridge.CallParams
	select {
	case press = <-started:
	case <-time.After(patience):
		t.Fatal("the key press did not reach the simulator")
	}
	giveUp()
	if err := <-pressed; !errors.Is(err, context.Canceled) {
		t.Fatalf("the press given up ended with %v, want context.Canceled", err)
	}
	if err := call("get-logs", map[string]any{"LogType": "All", "MaxCount": 10.0}); err != nil {
		t.Fatalf("the call after the cancelled press: %v (the press still holds the main thread)", err)
	}
	if ex := s.Executions()[press.CallID]; ex.Tool != "simulate-keyboard" || !ex.Cancelled {
		t.Errorf("the press's record %+v, want simulate-keyboard cancelled", ex)
	}
}

// The deadline that comes with a call bounds its work in the editor even
// when no cancel arrives: a press whose deadline has passed ends at once.
func TestDeadlineBoundsTheCallInTheEditor(t *testing.T) {
	t.Parallel()
	s := newSim(t, Config{})
	simCall(t, s, "control-play-mode", map[string]any{"Action": "Play"})
	done := make(chan error, 1)
	go func() {
		_, err := s.call(context.Background(), nil, bridge.CallParams{CallID: "late", Tool: "simulate-keyboard", Arguments: hold,
			DeadlineMs: time.Now().Add(-time.Second).UnixMilli()})
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("the press past its deadline ended with %v, want context.DeadlineExceeded", err)
		}
	case <-time.After(patience):
		t.Fatal("the press past its deadline still holds the main thread")
	}
}

// An instant call that finds the main thread busy is not answered where
// the connection is read (quickCall declines it): it waits for the thread
// on a goroutine of its own, so the reader goes on and the cancel for the
// press holding the thread still arrives. (Were the reader to wait for the
// thread, the cancel would stay unread behind it for the press's hour.)
func TestInstantCallBehindABusyMainThread(t *testing.T) {
	hub, s, started := runningSim(t)
	call := func(ctx context.Context, tool string, args map[string]any) error {
		_, err := hub.Call(ctx, s.Hash(), tool, args, bridge.CallOptions{})
		return err
	}
	play, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	if err := call(play, "control-play-mode", map[string]any{"Action": "Play"}); err != nil {
		t.Fatalf("control-play-mode: %v", err)
	}
	<-started
	pressCtx, giveUp := context.WithCancel(context.Background())
	pressed := make(chan error, 1)
	go func() { pressed <- call(pressCtx, "simulate-keyboard", hold) }()
	select {
	case <-started: // the press holds the main thread
	case <-time.After(patience):
		t.Fatal("the key press did not reach the simulator")
	}
	logs := make(chan error, 1)
	go func() { logs <- call(play, "get-logs", map[string]any{"LogType": "All", "MaxCount": 10.0}) }()
	select {
	case <-started: // get-logs went the goroutine way and waits for the thread
	case err := <-logs:
		t.Fatalf("get-logs was answered (%v) while the press held the main thread", err)
	case <-time.After(patience):
		t.Fatal("get-logs did not reach a call of its own while the main thread was busy")
	}
	giveUp()
	select {
	case err := <-pressed:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("the press given up ended with %v, want context.Canceled", err)
		}
	case <-time.After(patience):
		t.Fatal("the cancel for the press was not read while get-logs waited for the main thread")
	}
	if err := <-logs; err != nil {
		t.Fatalf("get-logs after the press: %v", err)
	}
}

// quickCall takes an instant tool when the main thread is free, and
// declines a tool that may wait, a busy main thread, a slow main thread or
// a crash being simulated.
func TestQuickCallTakesOnlyWhatAnswersAtOnce(t *testing.T) {
	t.Parallel()
	logs := bridge.CallParams{CallID: "q", Tool: "get-logs", Arguments: map[string]any{"LogType": "All", "MaxCount": 10.0}}
	s := newSim(t, Config{})
	if res, ok, err := s.quickCall(logs); !ok || err != nil || res == nil {
		t.Fatalf("get-logs on a free main thread: %v %v %v, want it answered", res, ok, err)
	}
	if ex := s.Executions()["q"]; ex.Count != 1 || ex.Tool != "get-logs" {
		t.Errorf("the quick call's record %+v, want one get-logs", ex)
	}
	if _, ok, _ := s.quickCall(bridge.CallParams{CallID: "k", Tool: "simulate-keyboard", Arguments: hold}); ok {
		t.Error("a key press (it waits) was taken")
	}
	s.main.Lock()
	_, ok, _ := s.quickCall(logs)
	s.main.Unlock()
	if ok {
		t.Error("get-logs was taken while the main thread was busy")
	}
	for _, cfg := range []Config{{Slow: time.Millisecond}, {CrashAfter: 5}} {
		if _, ok, _ := newSim(t, cfg).quickCall(logs); ok {
			t.Errorf("get-logs was taken with %+v", cfg)
		}
	}
}
