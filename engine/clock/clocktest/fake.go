// Package clocktest is a fake clock.Clock for tests: time moves only when
// the test advances it, and a test can wait until code running on other
// goroutines has armed a timer.
package clocktest

import (
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/clock"
)

// Fake is a clock.Clock that only moves when Advance is called. Due timers
// run in Advance, one after another in due order, on its goroutine.
type Fake struct {
	mu      sync.Mutex
	now     time.Time
	timers  []*timer
	armed   int           // AfterFunc calls so far
	changed chan struct{} // closed and replaced when armed grows
}

type timer struct {
	c  *Fake
	at time.Time
	f  func()
}

// New is a fake clock at a fixed instant.
func New() *Fake {
	return &Fake{now: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), changed: make(chan struct{})}
}

func (c *Fake) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *Fake) AfterFunc(d time.Duration, f func()) clock.Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &timer{c: c, at: c.now.Add(d), f: f}
	c.timers = append(c.timers, t)
	c.armed++
	close(c.changed)
	c.changed = make(chan struct{})
	return t
}

func (t *timer) Stop() bool {
	c := t.c
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, o := range c.timers {
		if o == t {
			c.timers = append(c.timers[:i], c.timers[i+1:]...)
			return true
		}
	}
	return false
}

// Advance moves the time forward by d, running every timer that falls due
// on the way (also those the timers themselves arm) with Now at its time.
func (c *Fake) Advance(d time.Duration) {
	c.mu.Lock()
	end := c.now.Add(d)
	for {
		sort.SliceStable(c.timers, func(i, j int) bool { return c.timers[i].at.Before(c.timers[j].at) })
		if len(c.timers) == 0 || c.timers[0].at.After(end) {
			break
		}
		t := c.timers[0]
		c.timers = c.timers[1:]
		if t.at.After(c.now) {
			c.now = t.at
		}
		c.mu.Unlock()
		t.f()
		c.mu.Lock()
	}
	c.now = end
	c.mu.Unlock()
}

// Armed is how many timers have been armed so far.
func (c *Fake) Armed() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.armed
}

// ArmedSignal is closed when the next timer is armed.
func (c *Fake) ArmedSignal() <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.changed
}

// WaitArmed waits until n timers have been armed in all — for one that a
// goroutine of the code under test arms after the test's last step (the
// next heartbeat) — and fails t after patience.
func (c *Fake) WaitArmed(t testing.TB, n int, patience time.Duration) {
	t.Helper()
	watchdog := time.After(patience)
	for {
		c.mu.Lock()
		have, ch := c.armed, c.changed
		c.mu.Unlock()
		if have >= n {
			return
		}
		select {
		case <-ch:
		case <-watchdog:
			t.Fatalf("%d timers armed after %v, want %d", have, patience, n)
		}
	}
}
