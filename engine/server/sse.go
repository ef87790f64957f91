package server

import (
	"sync"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
)

// DefaultEventBufferBytes bounds the events queued for one /events
// subscriber (encoded bytes); past it the subscriber is dropped and its
// client reconnects (client.WatchEvents), knowing it missed events.
const DefaultEventBufferBytes = 1 << 20

// eventWriteTimeout drops a subscriber whose socket takes no bytes for this
// long.
const eventWriteTimeout = 10 * time.Second

// EventSubscribers counts the /events streams open now.
func (s *Server) EventSubscribers() int { return int(s.eventSubs.Load()) }

func (s *Server) eventBufferBytes() int {
	if s.EventBufferBytes > 0 {
		return s.EventBufferBytes
	}
	return DefaultEventBufferBytes
}

// eventQueue is one subscriber's encoded events, bounded by bytes.
type eventQueue struct {
	max    int
	wake   chan struct{} // a value when something changed
	mu     sync.Mutex
	frames [][]byte
	bytes  int
	over   bool // past max: the subscriber is dropped
	closed bool // the bus ended the subscription
}

func newEventQueue(max int) *eventQueue {
	return &eventQueue{max: max, wake: make(chan struct{}, 1)}
}

// fill moves events from ch into the queue until ch closes or the queue
// goes over its bound, when it calls over (which unblocks a write in
// progress); encode returns nil to skip an event.
func (q *eventQueue) fill(ch <-chan api.Event, encode func(api.Event) []byte, over func()) {
	for ev := range ch {
		b := encode(ev)
		if b == nil {
			continue
		}
		q.mu.Lock()
		q.bytes += len(b)
		if q.bytes > q.max {
			q.over, q.frames = true, nil
			q.mu.Unlock()
			over()
			q.signal()
			return // the handler returns and ends the subscription
		}
		q.frames = append(q.frames, b)
		q.mu.Unlock()
		q.signal()
	}
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	q.signal()
}

func (q *eventQueue) signal() {
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// take empties the queue.
func (q *eventQueue) take() (frames [][]byte, over, closed bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	frames, q.frames, q.bytes = q.frames, nil, 0
	return frames, q.over, q.closed
}
