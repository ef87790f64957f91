package engine

import (
	"log/slog"
	"sync"

	"github.com/unitymcp/unitymcp/engine/state"
)

// persister writes instances/<hash>.json off the bridge's read loops: one
// goroutine writes them in order, each project's newest state replacing any
// older one still queued, so an older state never lands after a newer one
// and a burst of events costs one fsync per project, not one per event.
type persister struct {
	dir state.Dir
	log *slog.Logger

	mu      sync.Mutex
	queue   []string // hashes in the order they were first queued
	pending map[string]state.Instance
	closed  bool
	wake    chan struct{}
	done    chan struct{}
}

func newPersister(dir state.Dir, log *slog.Logger) *persister {
	p := &persister{dir: dir, log: log, pending: map[string]state.Instance{}, wake: make(chan struct{}, 1), done: make(chan struct{})}
	go p.run()
	return p
}

// put queues a descriptor; it never blocks on the disk.
func (p *persister) put(in state.Instance) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	if _, queued := p.pending[in.ProjectHash]; !queued {
		p.queue = append(p.queue, in.ProjectHash)
	}
	p.pending[in.ProjectHash] = in
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

func (p *persister) run() {
	defer close(p.done)
	for range p.wake {
		for {
			p.mu.Lock()
			if len(p.queue) == 0 {
				closed := p.closed
				p.mu.Unlock()
				if closed {
					return
				}
				break
			}
			hash := p.queue[0]
			p.queue = p.queue[1:]
			in := p.pending[hash]
			delete(p.pending, hash)
			p.mu.Unlock()
			if err := p.dir.WriteInstance(in); err != nil {
				p.log.Warn("writing instance descriptor", "project", in.ProjectPath, "err", err)
			}
		}
	}
}

// close writes what is queued and stops the writer.
func (p *persister) close() {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		<-p.done
		return
	}
	p.closed = true
	p.mu.Unlock()
	select {
	case p.wake <- struct{}{}:
	default:
	}
	close(p.wake)
	<-p.done
}
