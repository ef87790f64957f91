// Package memtrim gives the memory a burst of work left behind back to the
// operating system once the burst is over (Trim), so a daemon that lives for
// days looks as small after a busy hour as before it.
package memtrim

import (
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"time"

	"github.com/unitymcp/unitymcp/engine/clock"
)

// Trim gives the memory a burst of work left behind back to the operating
// system once the burst is over. The Go runtime keeps freed heap pages and
// returns them only slowly (its background scavenger aims at the heap goal
// of the last collection, and an idle process collects nothing): after 192
// MCP sessions had come and gone, an idle daemon held 36 MB where it needed
// 21 (docs/performance.md, "The guard"; the measurements in its git history). A tray daemon that lives for days
// should look as small after a busy hour as before it.
//
// Note marks the end of some work (the daemon calls it when a client
// connection closes). Once Delay has passed since the last Note, the
// process collects and releases its free memory in one go
// (debug.FreeOSMemory) when the heap it holds has grown by Min bytes or
// more since the last trim. A Note within Delay of the one before starts
// the quiet period again, so a client that opens and closes a connection
// per call (the TypeScript SDK's fetch drops sockets idle for 4 s) does not
// make the process collect every few seconds while it works. An idle
// process has no timer running and never wakes for this, and under steady
// load with connections kept alive nothing is noted at all.
type Trim struct {
	Delay time.Duration // after the first Note of a quiet period; 0: 5 s
	Min   uint64        // growth since the last trim worth a trim; 0: 2 MiB
	// Free is what a trim does; nil: debug.FreeOSMemory.
	Free func()

	clock clock.Clock // nil: the wall clock; tests inject a fake one

	mu      sync.Mutex
	pending bool               // a timer runs
	last    time.Time          // the last Note
	base    uint64             // the heap held after the last trim
	done    func(trimmed bool) // test hook: a pending trim has run
}

// Note marks the end of some work; a trim follows once Delay passes with
// no other Note.
func (t *Trim) Note() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.last = t.now()
	if t.pending {
		return
	}
	t.pending = true
	t.afterFunc(t.delay(), t.run)
}

func (t *Trim) now() time.Time { return clock.Or(t.clock).Now() }

func (t *Trim) afterFunc(d time.Duration, f func()) { clock.Or(t.clock).AfterFunc(d, f) }

func (t *Trim) delay() time.Duration {
	if t.Delay <= 0 {
		return 5 * time.Second
	}
	return t.Delay
}

func (t *Trim) run() {
	t.mu.Lock()
	if wait := t.delay() - t.now().Sub(t.last); wait > 0 {
		t.afterFunc(wait, t.run) // noted since: quiet for Delay from that Note
		t.mu.Unlock()
		return
	}
	t.pending = false
	free, min, base, done := t.Free, t.Min, t.base, t.done
	t.mu.Unlock() // a collection takes milliseconds: a closing connection's Note does not wait for it
	if free == nil {
		free = debug.FreeOSMemory
	}
	if min == 0 {
		min = 2 << 20
	}
	trimmed := heapHeld() >= base+min
	if trimmed {
		free()
		held := heapHeld()
		t.mu.Lock()
		t.base = held
		t.mu.Unlock()
	}
	if done != nil {
		done(trimmed)
	}
}

// heapHeld is the heap memory the runtime holds from the OS: objects (live
// or garbage not yet collected), free and unused span space, and goroutine
// stacks. A trim collects and returns what of it no live object needs.
func heapHeld() uint64 {
	s := []metrics.Sample{
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/memory/classes/heap/unused:bytes"},
		{Name: "/memory/classes/heap/free:bytes"},
		{Name: "/memory/classes/heap/stacks:bytes"},
	}
	metrics.Read(s)
	var n uint64
	for _, v := range s {
		if v.Value.Kind() == metrics.KindUint64 {
			n += v.Value.Uint64()
		}
	}
	return n
}
