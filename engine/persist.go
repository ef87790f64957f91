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
	pending map[string]pendingWrite
	closed  bool
	wake    chan struct{}
	done    chan struct{}
}

func newPersister(dir state.Dir, log *slog.Logger) *persister {
	p := &persister{dir: dir, log: log, pending: map[string]pendingWrite{}, wake: make(chan struct{}, 1), done: make(chan struct{})}
	go p.run()
	return p
}

// pendingWrite is a descriptor to write, or (remove) to remove.
type pendingWrite struct {
	in     state.Instance
	remove bool
}

// put queues a descriptor; it never blocks on the disk.
func (p *persister) put(in state.Instance) { p.queueWrite(in.ProjectHash, pendingWrite{in: in}) }

// remove queues the removal of a project's descriptor (a project the hub
// forgot), after whatever was queued for it.
func (p *persister) remove(hash string) { p.queueWrite(hash, pendingWrite{remove: true}) }

func (p *persister) queueWrite(hash string, w pendingWrite) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	if _, queued := p.pending[hash]; !queued {
		p.queue = append(p.queue, hash)
	}
	p.pending[hash] = w
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
			w := p.pending[hash]
			delete(p.pending, hash)
			p.mu.Unlock()
			if w.remove {
				if err := p.dir.RemoveInstance(hash); err != nil {
					p.log.Warn("removing instance descriptor", "hash", hash, "err", err)
				}
			} else if err := p.dir.WriteInstance(w.in); err != nil {
				p.log.Warn("writing instance descriptor", "project", w.in.ProjectPath, "err", err)
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
