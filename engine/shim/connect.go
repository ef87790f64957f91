package shim

// The connection to the daemon: made (Options.Dial, then the upgrade) when
// a message is to be sent and there is none, replaced at once when it is
// lost with requests in flight, and looked for every second otherwise.

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
)

// send writes msg to the daemon, connecting first when needed. A message
// whose write failed never reached the daemon: it is written again once,
// on the next connection.
func (r *relay) send(ctx context.Context, msg []byte, key string) {
	r.cmu.Lock()
	defer r.cmu.Unlock()
	for try := 0; try < 2; try++ {
		c, err := r.connectLocked(ctx, true)
		if err != nil {
			r.answerFailed(key, "", fmt.Sprintf("unitymcp daemon unreachable: %v", err))
			return
		}
		r.setOn(key, c)
		if c.writeLine(msg) == nil {
			return
		}
		r.setOn(key, nil) // not sent: the new connection's replay leaves it to us
		r.dropLocked(c)
	}
	r.answerFailed(key, "", "unitymcp daemon unreachable: the connection to it failed twice while sending")
}

// setOn records the connection the request under key went to.
func (r *relay) setOn(key string, c *conn) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if p := r.inflight[key]; p != nil {
		p.on = c
	}
}

// connectLocked returns the current connection, making one when there is
// none (under cmu): when no daemon can be reached it starts one (Start),
// then starts the session again and deals with what was in flight on the
// connection that was lost.
//
// With mayRestart false (the background redial) no daemon is started:
// that is left to the next message from the client.
func (r *relay) connectLocked(ctx context.Context, mayRestart bool) (*conn, error) {
	r.mu.Lock()
	c := r.conn
	r.mu.Unlock()
	if c != nil {
		return c, nil
	}
	c, err := r.open(ctx)
	// A daemon shutting down refuses streams until it is gone (its
	// successor cannot start before it lets go of the state folder's lock):
	// wait for it, at most 5 s, then start or find the next as usual.
	for wait := time.Now().Add(5 * time.Second); errors.Is(err, errShuttingDown) && mayRestart && time.Now().Before(wait); {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		c, err = r.open(ctx)
	}
	if err != nil && !mayRestart {
		return nil, err
	}
	if err != nil && ctx.Err() == nil && r.opt.Start != nil {
		if serr := r.opt.Start(ctx); serr != nil {
			err = fmt.Errorf("%v (starting it failed: %v)", err, serr)
		} else {
			c, err = r.open(ctx)
		}
	}
	if err != nil {
		r.failLost("unitymcp daemon unreachable: " + err.Error())
		return nil, err
	}
	r.mu.Lock()
	if r.closing {
		r.mu.Unlock()
		c.c.Close()
		return nil, errors.New("stdio is closing")
	}
	r.conn = c
	r.mu.Unlock()
	go r.readLoop(c)
	r.resume(c)
	return c, nil
}

// errShuttingDown says the daemon refused the stream because it is
// shutting down.
var errShuttingDown = errors.New("the daemon is shutting down")

// open connects (Dial: found and proven anew) and upgrades to the stream.
func (r *relay) open(ctx context.Context) (*conn, error) {
	d, err := r.opt.Dial(ctx)
	if err != nil {
		return nil, err
	}
	nc := d.Conn
	nc.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := nc.Write(api.StreamRequest(d.Host, d.Token, r.opt.Project, r.opt.Group)); err != nil {
		nc.Close()
		return nil, err
	}
	br := bufio.NewReaderSize(nc, 64<<10)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("opening the stream: %v", err)
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		nc.Close()
		msg := fmt.Sprintf("daemon answered HTTP %d: %s", resp.StatusCode, api.ErrorMessage(bytes.TrimSpace(b)))
		switch resp.StatusCode {
		case http.StatusNotFound:
			msg += " (a daemon older than this unitymcp stdio is running: stop it with `unitymcp stop`; the next stdio starts the current one)"
		case http.StatusServiceUnavailable:
			if api.ErrorCodeOf(b) == api.CodeShuttingDown {
				return nil, fmt.Errorf("%w: %s", errShuttingDown, msg)
			}
		}
		return nil, errors.New(msg)
	}
	nc.SetDeadline(time.Time{})
	return &conn{opened: time.Now(), c: nc, r: br, w: bufio.NewWriterSize(nc, 64<<10)}, nil
}

// readLoop relays the daemon's messages to stdout until the connection
// ends; a connection lost while the relay runs is replaced at once, so that
// what was in flight gets its answer.
func (r *relay) readLoop(c *conn) {
	for {
		line, err := c.r.ReadBytes('\n')
		if err != nil {
			break // a line cut short is not a message
		}
		if b := bytes.TrimSpace(line); len(b) > 0 {
			r.fromDaemon(b)
		}
	}
	// With requests in flight a new connection is made at once (restarting
	// the daemon if need be), so that they get their answers; otherwise the
	// daemon is looked for every second, so that server notifications flow
	// again when it is back, and the next message from the client does the
	// rest.
	r.cmu.Lock()
	lost := r.dropLocked(c)
	r.mu.Lock()
	busy := len(r.inflight) > 0
	r.mu.Unlock()
	var err error
	if lost && busy && r.brief(c) {
		// A daemon that ends every stream as soon as it opens: answer
		// what is in flight instead of reconnecting at full speed.
		err = errors.New("the daemon ended the stdio stream three times in a row within a second of opening it; see the daemon's log (unitymcp status shows where)")
		r.failLost("unitymcp daemon unreachable: " + err.Error())
	} else if lost && busy {
		_, err = r.connectLocked(r.ctx, true) // a failure answers what was in flight
	}
	r.cmu.Unlock()
	if lost && (!busy || err != nil) {
		r.redial()
	}
}

// brief counts connections that ended within a second of opening, and
// reports whether three in a row did (under cmu).
func (r *relay) brief(c *conn) bool {
	if time.Since(c.opened) >= time.Second {
		r.briefs = 0
		return false
	}
	r.briefs++
	return r.briefs >= 3
}

// redial looks for the daemon every second (Dial: found and proven anew
// each time) until a connection is made (by it or by a message from the
// client) or the relay closes.
func (r *relay) redial() {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-r.ctx.Done():
			return
		case <-t.C:
		}
		r.cmu.Lock()
		r.mu.Lock()
		done := r.conn != nil || r.closing
		r.mu.Unlock()
		if !done {
			_, err := r.connectLocked(r.ctx, false)
			done = err == nil
		}
		r.cmu.Unlock()
		if done {
			return
		}
	}
}

// dropLocked forgets c as the current connection (under cmu); false when
// the relay is closing or c was already replaced.
func (r *relay) dropLocked(c *conn) bool {
	c.c.Close()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.conn != c {
		return false
	}
	r.conn = nil
	if !r.closing {
		r.opt.Log.Warn("stdio: the connection to the unitymcp daemon was lost; reconnecting")
	}
	return !r.closing
}
