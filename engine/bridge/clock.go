package bridge

import "github.com/unitymcp/unitymcp/engine/clock"

// Clock is where the hub takes the time and its timers from: the reload and
// reconnect graces, the hello timeout, the heartbeat and the Waiting
// progress ticks. Tests inject a fake one (clocktest) to step through them
// without sleeping.
type Clock = clock.Clock

// Timer is a pending AfterFunc.
type Timer = clock.Timer

// stopTimer stops t if there is one.
func stopTimer(t Timer) {
	if t != nil {
		t.Stop()
	}
}
