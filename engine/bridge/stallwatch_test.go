package bridge

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/clock/clocktest"
)

const testStall = 10 * time.Second

// newTestWatch is a stall watch on a fake clock that counts its drops.
func newTestWatch() (*stallWatch, *clocktest.Fake, *atomic.Int32) {
	clk := clocktest.New()
	var drops atomic.Int32
	return newStallWatch(clk, testStall, func() { drops.Add(1) }), clk, &drops
}

// A write that has taken the stall timeout drops the connection, not a
// moment before.
func TestStallWatchDropsAStalledWrite(t *testing.T) {
	w, clk, drops := newTestWatch()
	w.begin()
	clk.Advance(testStall - time.Nanosecond)
	if drops.Load() != 0 {
		t.Fatal("dropped before the write had taken the stall timeout")
	}
	clk.Advance(time.Nanosecond)
	if drops.Load() != 1 {
		t.Fatalf("%d drops once the write took the stall timeout, want 1", drops.Load())
	}
	clk.Advance(10 * testStall)
	if drops.Load() != 1 {
		t.Fatalf("%d drops, want the one", drops.Load())
	}
}

// Frames written one after another are never dropped, cost the clock one
// timer per stall period at most instead of one per frame, and once they
// stop the watch sleeps: no timer is armed until the next write.
func TestStallWatchCostsATimerPerPeriod(t *testing.T) {
	w, clk, drops := newTestWatch()
	const frames = 3000 // one every 10 ms: three stall periods
	for i := 0; i < frames; i++ {
		w.begin()
		clk.Advance(5 * time.Millisecond)
		w.end()
		clk.Advance(5 * time.Millisecond)
	}
	if drops.Load() != 0 {
		t.Fatalf("%d drops of writes that each took 5 ms", drops.Load())
	}
	if n := clk.Armed(); n < 3 || n > 4 {
		t.Fatalf("%d timers armed for %d frames over 3 stall periods, want 3 or 4 (one a period)", n, frames)
	}
	armed := clk.Armed()
	clk.Advance(100 * testStall)
	if n := clk.Armed() - armed; n > 1 {
		t.Fatalf("%d timers armed while no frame was written, want the one look that finds none", n)
	}
	// A write after the quiet is watched from its own start.
	armed = clk.Armed()
	w.begin()
	if clk.Armed() != armed+1 {
		t.Fatal("a write after a quiet spell did not wake the watch")
	}
	clk.Advance(testStall)
	if drops.Load() != 1 {
		t.Fatalf("%d drops of a write stalled after a quiet spell, want 1", drops.Load())
	}
}

// A write that begins just before the watch looks is given its whole stall
// timeout, counted from its own start.
func TestStallWatchCountsFromTheWritesStart(t *testing.T) {
	w, clk, drops := newTestWatch()
	w.begin() // the watch looks at testStall
	w.end()
	clk.Advance(testStall - time.Millisecond)
	w.begin() // stalls from here
	clk.Advance(time.Millisecond)
	clk.Advance(testStall - 2*time.Millisecond)
	if drops.Load() != 0 {
		t.Fatal("a write was dropped before its own stall timeout was up")
	}
	clk.Advance(time.Millisecond)
	if drops.Load() != 1 {
		t.Fatalf("%d drops once the write had taken the stall timeout from its start, want 1", drops.Load())
	}
}

// A write that begins while the watch goes to sleep is watched: here it
// begins at the worst moment, after the look found no write and before
// it disarmed; and, at random moments, on another goroutine.
func TestStallWatchSleepRace(t *testing.T) {
	w, clk, drops := newTestWatch()
	w.armed.Store(true) // a look is due, nothing is being written
	w.lookedIdle = w.begin
	w.look()
	w.lookedIdle = nil
	clk.Advance(testStall)
	if drops.Load() != 1 {
		t.Fatalf("a write that began as the watch went to sleep was not watched (%d drops)", drops.Load())
	}
	for i := 0; i < 1000; i++ {
		w, clk, drops := newTestWatch()
		w.armed.Store(true)
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); w.look() }()
		go func() { defer wg.Done(); w.begin() }()
		wg.Wait()
		clk.Advance(testStall)
		if drops.Load() != 1 {
			t.Fatalf("run %d: a write that began as the watch went to sleep was not watched (%d drops)", i, drops.Load())
		}
	}
}

// A stopped watch arms nothing more and drops nothing: neither the look
// that was pending nor a write that would wake it from sleep.
func TestStallWatchStop(t *testing.T) {
	w, clk, drops := newTestWatch()
	w.begin()
	w.stop() // a look was pending
	clk.Advance(10 * testStall)
	if drops.Load() != 0 {
		t.Fatalf("the look pending at stop dropped the connection")
	}
	w, clk, drops = newTestWatch()
	w.begin()
	w.end()
	clk.Advance(testStall) // the look finds no write: the watch sleeps
	armed := clk.Armed()
	w.stop()
	w.begin() // would wake it
	clk.Advance(10 * testStall)
	if drops.Load() != 0 || clk.Armed() != armed {
		t.Fatalf("a write after stop: %d drops, %d timers armed after it; want none", drops.Load(), clk.Armed()-armed)
	}
}

// A write that ends just as its stall comes is not dropped: the look reads
// the start it judged once more.
func TestStallWatchWriteEndingAtItsStall(t *testing.T) {
	w, clk, drops := newTestWatch()
	w.begin()
	clk.Advance(testStall - time.Nanosecond)
	// The write ends between the look's two reads of its start: a look
	// that judged the first would drop a connection whose write is done.
	w.clk = endingClock{clk, w.end}
	clk.Advance(time.Nanosecond)
	if drops.Load() != 0 {
		t.Fatalf("a write that ended as its stall came was dropped")
	}
}

// endingClock is the fake clock whose Now also ends the write: the look
// reads the time between its two reads of the write's start.
type endingClock struct {
	*clocktest.Fake
	end func()
}

func (c endingClock) Now() time.Time { c.end(); return c.Fake.Now() }
