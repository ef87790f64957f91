package server

import (
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/api"
)

// An /events subscriber's queue holds up to its bound in bytes, exactly:
// events that fill it to the byte are kept; one byte more drops the
// subscriber (over, queue emptied, the bus no longer read). Events the
// encoder skips cost nothing. The bus's end is reported as closed.
func TestEventQueueBoundIsExact(t *testing.T) {
	t.Parallel()
	encode := func(ev api.Event) []byte {
		if ev.Type == "skip" {
			return nil
		}
		return []byte(ev.Type)
	}
	run := func(types ...string) (frames [][]byte, overCalled, over, closed bool, unread int) {
		ch := make(chan api.Event, len(types))
		for _, ty := range types {
			ch <- api.Event{Type: ty}
		}
		close(ch)
		q := newEventQueue(10)
		q.fill(ch, encode, func() { overCalled = true })
		frames, over, closed = q.take()
		return frames, overCalled, over, closed, len(ch)
	}
	frames, overCalled, over, closed, _ := run("aaaa", "skip", "bbbbbb")
	if got := joinFrames(frames); got != "aaaa|bbbbbb" || over || overCalled || !closed {
		t.Errorf("10 bytes under a bound of 10: frames %q over %v/%v closed %v; want both kept, not over, closed", got, over, overCalled, closed)
	}
	frames, overCalled, over, _, unread := run("aaaa", "bbbbbbb", "c")
	if len(frames) != 0 || !over || !overCalled || unread != 1 {
		t.Errorf("11 bytes under a bound of 10: %d frames, over %v/%v, %d events unread; want the subscriber dropped, the rest unread", len(frames), over, overCalled, unread)
	}
	q := newEventQueue(10)
	q.fill(closedEvents(api.Event{Type: "aaaa"}), encode, func() {})
	q.take()
	q.fill(closedEvents(api.Event{Type: "bbbbbbbbbb"}), encode, func() {})
	if frames, over, _ := q.take(); over || len(frames) != 1 {
		t.Errorf("10 bytes after 4 were taken: %d frames, over %v; want the taken bytes freed", len(frames), over)
	}
}

// The bound is EventBufferBytes when set, else the default.
func TestEventBufferBytesDefault(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ set, want int }{{0, DefaultEventBufferBytes}, {-1, DefaultEventBufferBytes}, {1, 1}, {4096, 4096}} {
		if got := (&Server{EventBufferBytes: c.set}).eventBufferBytes(); got != c.want {
			t.Errorf("EventBufferBytes %d: bound %d, want %d", c.set, got, c.want)
		}
	}
}

func closedEvents(evs ...api.Event) <-chan api.Event {
	ch := make(chan api.Event, len(evs))
	for _, ev := range evs {
		ch <- ev
	}
	close(ch)
	return ch
}

func joinFrames(frames [][]byte) string {
	var s []string
	for _, f := range frames {
		s = append(s, string(f))
	}
	return strings.Join(s, "|")
}
