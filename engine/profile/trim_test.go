package profile

import (
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
	"testing"
	"time"
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
	tr := &Trim{Delay: 20 * time.Millisecond, Free: func() { frees.Add(1); debug.FreeOSMemory() }}
	tr.done = func(trimmed bool) { done <- trimmed }
	for i := 0; i < 10; i++ {
		tr.Note()
	}
	if !<-done {
		t.Fatalf("no trim with %d bytes held (Min is 2 MiB)", held)
	}
	if got := released() - before; got < 16<<20 {
		t.Errorf("the trim released %d bytes, want at least 16 MiB of the burst's 32", got)
	}
	select {
	case <-done:
		t.Fatal("ten Notes in one quiet period ran more than one trim")
	case <-time.After(100 * time.Millisecond): // a second trim would have run 20 ms in
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
	if <-done {
		t.Error("trimmed when the heap had grown by 1 MiB since the last trim, under Min (2 MiB)")
	}
	if n := frees.Load(); n != 1 {
		t.Errorf("Free ran %d times, want still 1", n)
	}
}

// A Note within Delay of the one before starts the quiet period again: no
// trim while notes keep coming (a client that closes a connection per call
// while it works), one Delay after the last.
func TestTrimWaitsForAQuietPeriod(t *testing.T) {
	const delay = 60 * time.Millisecond
	trimmed := make(chan time.Time, 4)
	tr := &Trim{Delay: delay, Min: 1, Free: func() {}}
	tr.done = func(bool) { trimmed <- time.Now() }
	var last time.Time
	for i := 0; i < 15; i++ { // 300 ms of notes 20 ms apart
		tr.Note()
		last = time.Now()
		select {
		case at := <-trimmed:
			t.Fatalf("trimmed %v after a Note, while notes came every 20 ms (Delay %v)", at.Sub(last), delay)
		case <-time.After(20 * time.Millisecond): // the notes' pace is the point
		}
	}
	at := <-trimmed
	if quiet := at.Sub(last); quiet < delay {
		t.Fatalf("trimmed %v after the last Note; want Delay (%v) at least", quiet, delay)
	}
	select {
	case <-trimmed:
		t.Fatal("more than one trim for one quiet period")
	case <-time.After(3 * delay):
	}
}
