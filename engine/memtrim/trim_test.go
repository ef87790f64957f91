package memtrim

import (
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/clock/clocktest"
)

// released is the heap memory the runtime has given back to the OS.
func released() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

var sink, resident [][]byte

// TestTrimReturnsABurstsMemory: memory a burst allocated and dropped is held
// by the runtime until a trim, which Note schedules once however often it is
// called, and which runs again only once the heap has grown by Min.
func TestTrimReturnsABurstsMemory(t *testing.T) {
	for i := 0; i < 64; i++ { // 8 MiB that stay: the growth counts, not the size
		resident = append(resident, make([]byte, 128<<10))
	}
	for i := 0; i < 256; i++ { // 32 MiB, dropped at once
		sink = append(sink, make([]byte, 128<<10))
	}
	sink = nil
	held := heapHeld()
	if held < 40<<20 {
		t.Fatalf("heapHeld after dropping 32 MiB and keeping 8 = %d bytes, want at least 40 MiB (garbage not yet collected counts)", held)
	}
	before := released()
	done := make(chan bool, 4)
	var frees atomic.Int32
	clk := clocktest.New()
	tr := &Trim{Delay: 20 * time.Millisecond, Free: func() { frees.Add(1); debug.FreeOSMemory() }, clock: clk}
	tr.done = func(trimmed bool) { done <- trimmed }
	for i := 0; i < 10; i++ {
		tr.Note()
	}
	clk.Advance(20 * time.Millisecond)
	if !<-done {
		t.Fatalf("no trim with %d bytes held (Min is 2 MiB)", held)
	}
	if got := released() - before; got < 16<<20 {
		t.Errorf("the trim released %d bytes, want at least 16 MiB of the burst's 32", got)
	}
	clk.Advance(100 * time.Millisecond) // a second trim would have run 20 ms in
	select {
	case <-done:
		t.Fatal("ten Notes in one quiet period ran more than one trim")
	default:
	}
	if n := frees.Load(); n != 1 {
		t.Fatalf("Free ran %d times, want 1", n)
	}
	if after := heapHeld(); after > held-16<<20 {
		t.Errorf("the heap held %d bytes after the trim, %d before: want 16 MiB less at least", after, held)
	}
	// The next Note starts a new period; with the heap grown by less than
	// Min since the trim, no collection is forced.
	sink = append(sink, make([]byte, 1<<20))
	tr.Note()
	clk.Advance(20 * time.Millisecond)
	if <-done {
		t.Error("trimmed when the heap had grown by 1 MiB since the last trim, under Min (2 MiB)")
	}
	if n := frees.Load(); n != 1 {
		t.Errorf("Free ran %d times, want still 1", n)
	}
}

// A Note within Delay of the one before starts the quiet period again: no
// trim while notes keep coming (a client that closes a connection per call
// while it works), one Delay after the last. On a manual clock, so that a
// busy machine cannot stretch the gaps the verdict depends on.
func TestTrimWaitsForAQuietPeriod(t *testing.T) {
	const delay = 60 * time.Millisecond
	clk := clocktest.New()
	var trims []time.Time
	tr := &Trim{Delay: delay, Min: 1, Free: func() {}, clock: clk}
	tr.done = func(bool) { trims = append(trims, clk.Now()) }
	var last time.Time
	for i := 0; i < 15; i++ { // 300 ms of notes 20 ms apart
		tr.Note()
		last = clk.Now()
		clk.Advance(20 * time.Millisecond)
		if len(trims) > 0 {
			t.Fatalf("trimmed %v after a Note, while notes came every 20 ms (Delay %v)", trims[0].Sub(last), delay)
		}
	}
	clk.Advance(delay - 20*time.Millisecond - time.Millisecond)
	if len(trims) > 0 {
		t.Fatalf("trimmed %v after the last Note; want Delay (%v) at least", trims[0].Sub(last), delay)
	}
	clk.Advance(time.Millisecond)
	if len(trims) != 1 || trims[0].Sub(last) != delay {
		t.Fatalf("trims at %v after the last Note, want one at exactly Delay (%v)", trims, delay)
	}
	clk.Advance(10 * delay)
	if len(trims) != 1 {
		t.Fatalf("%d trims for one quiet period, want 1", len(trims))
	}
	// The next Note starts a new period, and only that.
	tr.Note()
	clk.Advance(delay)
	if len(trims) != 2 {
		t.Fatalf("%d trims after a second quiet period, want 2", len(trims))
	}
}
