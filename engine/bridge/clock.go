package bridge

import "time"

// Clock is where the hub takes the time and its timers from: the reload and
// reconnect graces, the hello timeout, the heartbeat and the Waiting
// progress ticks. Tests inject a fake one to step through them without
// sleeping.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f once d has passed, as time.AfterFunc does; f must
	// not block.
	AfterFunc(d time.Duration, f func()) Timer
}

// Timer is a pending AfterFunc.
type Timer interface {
	// Stop prevents the call if it has not happened yet, and reports
	// whether it did so.
	Stop() bool
}

// realClock is the wall clock.
type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) AfterFunc(d time.Duration, f func()) Timer { return time.AfterFunc(d, f) }

// stopTimer stops t if there is one.
func stopTimer(t Timer) {
	if t != nil {
		t.Stop()
	}
}
