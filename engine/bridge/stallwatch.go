package bridge

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/unitymcp/unitymcp/engine/clock"
)

// stallWatch drops a connection whose frame has taken the stall timeout to
// write (ErrStalled), with no timer operation per frame. A write notes when
// it began and when it ended; the watch looks when a timer it keeps fires:
// a write still going since a stall ago ends the connection, one going for
// less is looked at again when its stall is up, and with none going the
// watch sleeps until the next write wakes it. So a stream of frames costs
// at most one timer per stall period, where arming and stopping one around
// each frame woke a second thread for most calls (docs/performance.md).
type stallWatch struct {
	clk     clock.Clock
	base    time.Time // times are kept as nanoseconds since (monotonic, as timers run)
	onStall func()

	stall atomic.Int64 // the timeout, in nanoseconds
	begun atomic.Int64 // when the write going on began (since); 0 for none
	armed atomic.Bool  // a look is pending, or the connection was dropped

	lookedIdle func() // a test's seam: runs when a look found no write, before it disarms

	mu      sync.Mutex
	t       clock.Timer
	stopped bool
}

func newStallWatch(clk clock.Clock, stall time.Duration, onStall func()) *stallWatch {
	w := &stallWatch{clk: clock.Or(clk), onStall: onStall}
	w.base = w.clk.Now()
	w.stall.Store(int64(stall))
	return w
}

// since is the time on the watch's clock: nanoseconds since it began, plus
// one (never 0, which begun keeps for no write). A wall-clock step (NTP, a
// machine waking) neither delays a drop nor drops a healthy write.
func (w *stallWatch) since() int64 { return int64(w.clk.Now().Sub(w.base)) + 1 }

// begin notes that a frame's write begins.
func (w *stallWatch) begin() {
	w.begun.Store(w.since())
	if w.armed.CompareAndSwap(false, true) {
		w.arm(time.Duration(w.stall.Load()))
	}
}

// end notes that the write ended.
func (w *stallWatch) end() { w.begun.Store(0) }

func (w *stallWatch) arm(d time.Duration) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.stopped {
		w.t = w.clk.AfterFunc(d, w.look)
	}
}

// look drops the connection when the write going on began a stall ago or
// more, or looks again when that one's stall is up; with no write going on
// it sleeps. A write that begins while it goes to sleep is seen by one of
// the two: begin stores its start before it tries to arm, look disarms
// before it reads the start.
func (w *stallWatch) look() {
	stall := w.stall.Load()
	if b := w.begun.Load(); b != 0 {
		if left := time.Duration(b + stall - w.since()); left > 0 {
			w.arm(left)
			return
		}
		if w.begun.Load() == b { // not a write that ended as its stall came
			w.onStall() // armed stays set: nothing more to watch
			return
		}
	}
	if w.lookedIdle != nil {
		w.lookedIdle()
	}
	w.armed.Store(false)
	if w.begun.Load() != 0 && w.armed.CompareAndSwap(false, true) {
		w.arm(time.Duration(stall))
	}
}

// stop ends the watch (the connection has ended).
func (w *stallWatch) stop() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.stopped = true
	if w.t != nil {
		w.t.Stop()
	}
}
