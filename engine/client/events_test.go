package client

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
)

func TestReadSSE(t *testing.T) {
	t.Parallel()
	in := ": a comment\n\nevent: a\ndata: {\"x\":1}\n\n" +
		"data: one\ndata:two\r\n\n" + // two data lines, CRLF, no space after the colon
		"event: empty\n\n" + // no data: not dispatched
		"id: 7\nretry: 10\nevent: b\ndata:  lead\n\n" + // one leading space removed, not two
		"event: cut\ndata: never ends" // no blank line at the end: not dispatched
	var got []string
	if err := ReadSSE(strings.NewReader(in), func(typ, data string) { got = append(got, typ+"="+data) }); err != nil {
		t.Fatal(err)
	}
	want := []string{`a={"x":1}`, "message=one\ntwo", "b= lead"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// WatchEvents survives a dropped stream and a daemon that is away for a
// while: it reconnects with backoff, runs OnOpen again (with the client of
// the new connection), and delivers the events of every stream.
func TestWatchEventsReconnects(t *testing.T) {
	t.Parallel()
	var streams atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer tok" || r.URL.Path != api.PathEvents {
			http.Error(w, "no", http.StatusUnauthorized)
			return
		}
		n := streams.Add(1)
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, ": hi\n\nevent: editor.state\ndata: {\"type\":\"editor.state\",\"project\":\"p%d\"}\n\n", n)
		w.(http.Flusher).Flush()
		if n >= 2 { // the second stream stays open
			<-r.Context().Done()
		}
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	var attempts atomic.Int32
	connect := func(context.Context) (*Client, error) {
		if attempts.Add(1) == 2 {
			return nil, fmt.Errorf("daemon away")
		}
		return &Client{URL: srv.URL, Token: "tok", HTTP: srv.Client()}, nil
	}
	opens, downs := 0, 0
	var projects []string
	done := make(chan struct{})
	go func() {
		defer close(done)
		WatchEvents(ctx, connect, WatchOptions{
			OnOpen: func(c *Client) { opens++ },
			OnDown: func(error) { downs++ },
			OnEvent: func(ev api.Event) {
				projects = append(projects, ev.Project)
				if len(projects) == 2 {
					cancel()
				}
			},
		})
	}()
	<-done
	if fmt.Sprint(projects) != "[p1 p2]" || opens != 2 || downs != 2 || attempts.Load() != 3 {
		t.Errorf("events %v, opens %d, downs %d, attempts %d; want [p1 p2], 2, 2 (stream end, daemon away), 3", projects, opens, downs, attempts.Load())
	}
}
