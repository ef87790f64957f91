package client

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
)

// maxEventBytes bounds one SSE line (an event's data is one JSON line).
const maxEventBytes = 4 << 20

// Events follows one GET /events stream until ctx ends or the stream drops.
// onOpen (may be nil) runs once the stream is established: read the state
// then, and nothing that happens after it is missed. fn gets every event.
func (c *Client) Events(ctx context.Context, project string, onOpen func(), fn func(api.Event)) error {
	req, err := http.NewRequestWithContext(ctx, "GET", c.URL+withQuery(api.PathEvents, "project", project), nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.Token)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := c.httpClient().Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return statusError("GET", api.PathEvents, resp.StatusCode, b)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		return fmt.Errorf("GET %s: want an event stream, got Content-Type %q", api.PathEvents, ct)
	}
	if onOpen != nil {
		onOpen()
	}
	return ReadSSE(resp.Body, func(typ, data string) {
		var ev api.Event
		if json.Unmarshal([]byte(data), &ev) != nil {
			return
		}
		if ev.Type == "" {
			ev.Type = typ
		}
		fn(ev)
	})
}

// ReadSSE parses a text/event-stream (the WHATWG rules: "event:" and
// "data:" fields, several data lines joined by "\n", comments and unknown
// fields ignored, an event dispatched at a blank line, a field's value
// losing one leading space) and calls fn per event that has data. It
// returns when the stream ends (nil at a clean EOF).
func ReadSSE(r io.Reader, fn func(typ, data string)) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxEventBytes)
	var typ string
	var data []string
	for sc.Scan() {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if line == "" {
			if len(data) > 0 {
				if typ == "" {
					typ = "message"
				}
				fn(typ, strings.Join(data, "\n"))
			}
			typ, data = "", nil
			continue
		}
		if strings.HasPrefix(line, ":") {
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "event":
			typ = value
		case "data":
			data = append(data, value)
		}
	}
	return sc.Err()
}

// Backoff bounds the waits between reconnects of WatchEvents.
var Backoff = struct{ Min, Max time.Duration }{200 * time.Millisecond, 5 * time.Second}

// WatchOptions configure WatchEvents.
type WatchOptions struct {
	// Project limits the stream to one project's events ("" = all).
	Project string
	// OnOpen runs with the client in use each time the stream is
	// (re)established — re-read the daemon's state there.
	OnOpen func(c *Client)
	// OnEvent gets every event.
	OnEvent func(api.Event)
	// OnDown runs when the daemon cannot be reached or the stream drops,
	// with the reason, before the next attempt.
	OnDown func(err error)
}

// WatchEvents follows the daemon's events until ctx ends, across daemon
// restarts: connect (e.g. Find or Ensure) is called again whenever the
// stream drops, with a backoff that doubles from Backoff.Min to Backoff.Max
// and starts over once a stream has opened. It returns ctx's error.
func WatchEvents(ctx context.Context, connect func(context.Context) (*Client, error), opt WatchOptions) error {
	wait := Backoff.Min
	for {
		c, err := connect(ctx)
		if err == nil {
			opened := false
			err = c.Events(ctx, opt.Project, func() {
				opened = true
				if opt.OnOpen != nil {
					opt.OnOpen(c)
				}
			}, func(ev api.Event) {
				if opt.OnEvent != nil {
					opt.OnEvent(ev)
				}
			})
			if opened {
				wait = Backoff.Min
			}
			if err == nil {
				err = errors.New("the event stream ended")
			}
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if opt.OnDown != nil {
			opt.OnDown(err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		wait = min(2*wait, Backoff.Max)
	}
}
