package engine

import (
	"encoding/json"
	"sync"
	"sync/atomic"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
)

// Bus fans events out to subscribers. A subscriber that does not keep up
// loses events rather than slowing the daemon; Dropped counts them.
type Bus struct {
	mu      sync.Mutex
	subs    map[chan api.Event]struct{}
	Dropped atomic.Int64
}

// Publish sends ev to every subscriber without blocking.
func (b *Bus) Publish(ev api.Event) {
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
func (b *Bus) Subscribe(buffer int) (<-chan api.Event, func()) {
	ch := make(chan api.Event, buffer)
	b.mu.Lock()
	if b.subs == nil {
		b.subs = map[chan api.Event]struct{}{}
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

// publish sends an event whose data is v as JSON (none when v is nil).
func (e *Engine) publish(typ, project string, v any) {
	ev := api.Event{Type: typ, Project: project}
	if v != nil {
		b, err := json.Marshal(v)
		if err != nil {
			e.log.Error("encoding event data", "type", typ, "err", err)
			return
		}
		ev.Data = b
	}
	e.Events.Publish(ev)
}
