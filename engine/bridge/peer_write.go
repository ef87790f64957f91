package bridge

// The write side of a Peer: frames are written inline by the caller when
// nothing is queued (no hand-off on the hot path), else queued (urgent
// before normal) for the writer goroutine; a write that stalls past the
// stall timeout ends the connection.

import (
	"context"
	"fmt"

	"github.com/coder/websocket"
)

// write queues an urgent frame (a ping, cancel, event, or a reply from the
// read loop) and returns at once: these writers may not wait on the socket.
func (p *Peer) write(m *message) error {
	b, err := m.encode()
	if err != nil {
		return err
	}
	return p.enqueue(&outFrame{b: b}, true, false)
}

// enqueue hands f to the writer. With inline set (the caller may wait on
// the socket) and nothing queued or being written, the caller writes f
// itself, under the same stall watchdog; frames queued meanwhile are left
// to the writer, which it wakes.
func (p *Peer) enqueue(f *outFrame, urgent, inline bool) error {
	p.wmu.Lock()
	if p.wclosed {
		p.wmu.Unlock()
		return ErrClosed
	}
	if inline && !p.writing && len(p.urgent) == 0 && len(p.normal) == 0 && f.b != nil {
		p.writing = true
		p.wmu.Unlock()
		err := p.writeOne(f)
		p.wmu.Lock()
		p.writing = false
		queued := len(p.urgent)+len(p.normal) > 0
		p.wmu.Unlock()
		if queued || err != nil {
			p.signal() // the writer takes what queued up (or ends, after an error)
		}
		return nil
	}
	if urgent {
		p.urgent = append(p.urgent, f)
	} else {
		p.normal = append(p.normal, f)
	}
	p.wmu.Unlock()
	p.signal()
	return nil
}

func (p *Peer) signal() {
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// next takes the next frame to write, urgent ones first, and marks the
// writer busy; nil when nothing is queued or a frame is being written
// inline (its writer signals when done).
func (p *Peer) next() *outFrame {
	p.wmu.Lock()
	defer p.wmu.Unlock()
	if p.writing {
		return nil
	}
	var f *outFrame
	switch {
	case len(p.urgent) > 0:
		f, p.urgent[0] = p.urgent[0], nil
		p.urgent = p.urgent[1:]
	case len(p.normal) > 0:
		f, p.normal[0] = p.normal[0], nil
		p.normal = p.normal[1:]
	}
	p.writing = f != nil
	return f
}

// writeOne writes one frame under the stall watchdog and reports the result
// to the frame's waiter; a failed write closes the connection.
func (p *Peer) writeOne(f *outFrame) error {
	var err error
	if f.ctx != nil && f.ctx.Err() != nil {
		err = f.ctx.Err() // the call gave up before its turn: never sent
	} else if f.b != nil { // a nil frame is a flush: everything before it is written
		p.watch.begin()
		err = p.conn.Write(context.Background(), websocket.MessageText, f.b)
		p.watch.end()
		if err != nil {
			err = fmt.Errorf("%w: %v", ErrClosed, err)
			if r := p.Reason(); r != nil {
				err = fmt.Errorf("%w: %v", ErrClosed, r)
			}
			p.conn.CloseNow()
		}
	}
	if f.done != nil {
		f.done <- err
	}
	if f.ctx != nil && err == f.ctx.Err() {
		return nil // only the frame was skipped
	}
	return err
}

// writeLoop writes queued frames until the peer ends. Each write is watched:
// one that takes longer than the stall timeout closes the connection, which
// ends the write. Writes take no cancellable context (that would cost the
// library a context.AfterFunc registration per frame); the watchdog and every
// path that ends the peer close the connection instead.
func (p *Peer) writeLoop() {
	defer p.failQueued()
	for {
		f := p.next()
		if f == nil {
			select {
			case <-p.wake:
				continue
			case <-p.ctx.Done():
				return
			}
		}
		err := p.writeOne(f)
		p.wmu.Lock()
		p.writing = false
		p.wmu.Unlock()
		if err != nil {
			return
		}
	}
}

// failQueued answers every frame still queued once the writer has stopped.
func (p *Peer) failQueued() {
	p.wmu.Lock()
	q := append(p.urgent, p.normal...)
	p.urgent, p.normal, p.wclosed = nil, nil, true
	p.wmu.Unlock()
	for _, f := range q {
		if f.done != nil {
			f.done <- ErrClosed
		}
	}
}
