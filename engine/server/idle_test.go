package server

import (
	"runtime"
	"sync"
	"testing"
	"time"
)

// madeWaiter waits, at most 10 s, until a waiter (WaitPosts, WaitStreams)
// has made the channel of c it waits on, and returns it: no event marks
// that moment, so it yields to the waiter's goroutine until it is there.
func madeWaiter(t *testing.T, mu *sync.Mutex, c *idleCount) chan struct{} {
	t.Helper()
	for bound := time.Now().Add(10 * time.Second); ; runtime.Gosched() {
		mu.Lock()
		ch := c.idle
		mu.Unlock()
		if ch != nil {
			return ch
		}
		if time.Now().After(bound) {
			t.Fatalf("no waiter made its channel with %d in progress", c.n)
		}
	}
}
