package server

import "time"

// idleCount counts work in progress — MCP POSTs being answered, stdio
// streams open — so that a shutdown can wait until none is left. Its
// owner's mutex guards it.
type idleCount struct {
	n    int
	idle chan struct{} // made by waiter, closed when n reaches 0
}

func (c *idleCount) add() { c.n++ }

// done counts one ended, releasing the waiters when it was the last.
func (c *idleCount) done() {
	if c.n--; c.n == 0 && c.idle != nil {
		close(c.idle)
		c.idle = nil
	}
}

// waiter is what closes when n reaches 0; nil when it is 0 already.
func (c *idleCount) waiter() <-chan struct{} {
	if c.n == 0 {
		return nil
	}
	if c.idle == nil {
		c.idle = make(chan struct{})
	}
	return c.idle
}

// waitAtMost waits until ch closes or d has passed; a nil ch returns at once.
func waitAtMost(ch <-chan struct{}, d time.Duration) {
	if ch == nil {
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ch:
	case <-t.C:
	}
}
