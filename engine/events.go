package engine

import (
	"sync"
	"sync/atomic"
	"time"
)

// Event types the engine publishes besides the editors' own
// (compile.finished, tests.finished, … from the bridge protocol).
const (
	EventEditorConnected    = "editor.connected"
	EventEditorDisconnected = "editor.disconnected"
	EventEditorState        = "editor.state"
	EventCatalogChanged     = "catalog.changed"
)

// Event is one engine event, as /events streams it.
type Event struct {
	Type    string    `json:"type"`
	Project string    `json:"project,omitempty"`
	Time    time.Time `json:"time"`
	Data    any       `json:"data,omitempty"`
}

// Bus fans events out to subscribers. A subscriber that does not keep up
// loses events rather than slowing the daemon; Dropped counts them.
type Bus struct {
	mu      sync.Mutex
	subs    map[chan Event]struct{}
	Dropped atomic.Int64
}

// Publish sends ev to every subscriber without blocking.
func (b *Bus) Publish(ev Event) {
	if ev.Time.IsZero() {
		ev.Time = time.Now()
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	for ch := range b.subs {
		select {
		case ch <- ev:
		default:
			b.Dropped.Add(1)
		}
	}
}

// Subscribe returns a channel of events and the function that ends the
// subscription (and closes the channel).
func (b *Bus) Subscribe(buffer int) (<-chan Event, func()) {
	ch := make(chan Event, buffer)
	b.mu.Lock()
	if b.subs == nil {
		b.subs = map[chan Event]struct{}{}
	}
	b.subs[ch] = struct{}{}
	b.mu.Unlock()
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			b.mu.Lock()
			delete(b.subs, ch)
			b.mu.Unlock()
			close(ch)
		})
	}
}
