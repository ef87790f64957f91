// Package clock is the time the engine's timers run on: the wall clock in
// the daemon, a fake one in tests (clocktest), which step through the
// bridge's graces and heartbeats, the definitions watcher's debounce and
// the memory trim's delay without sleeping.
package clock

import "time"

// Clock gives the time and timers.
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

// Real is the wall clock.
type Real struct{}

func (Real) Now() time.Time { return time.Now() }

func (Real) AfterFunc(d time.Duration, f func()) Timer { return time.AfterFunc(d, f) }

// Or is c, or the wall clock when c is nil.
func Or(c Clock) Clock {
	if c == nil {
		return Real{}
	}
	return c
}
