package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/client"
)

// TestSlowEventSubscriberDropped: an /events subscriber that stops reading
// is dropped once its queue passes DefaultEventBufferBytes (1 MiB) instead of
// holding what the daemon publishes, while a subscriber that reads gets
// every event.
func TestSlowEventSubscriberDropped(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	addr := strings.TrimPrefix(e.URL, "http://")
	slow, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	io.WriteString(slow, "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "+e.Token+"\r\n\r\n")
	br := bufio.NewReader(slow)
	slow.SetReadDeadline(time.Now().Add(5 * time.Second))
	if line, err := br.ReadString('\n'); err != nil || !strings.Contains(line, "200") {
		t.Fatalf("slow subscriber: %q %v", line, err)
	}
	// A subscriber that reads.
	c := &client.Client{URL: e.URL, Token: e.Token, HTTP: &http.Client{}}
	var got atomic.Int64
	opened := make(chan struct{})
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	go c.Events(ctx, "", func() { close(opened) }, func(ev api.Event) {
		if ev.Type == "test.big" {
			got.Add(1)
		}
	})
	<-opened
	if n := e.d.Server.EventSubscribers(); n != 2 {
		t.Fatalf("event subscribers: got %d, want 2", n)
	}
	data, _ := json.Marshal(strings.Repeat("x", 64<<10))
	const n = 200 // 12.8 MiB: past the kernel's buffers and the 1 MiB bound
	for i := range n {
		e.d.Engine.Events.Publish(api.Event{Type: "test.big", Data: data})
		if i%4 == 3 {
			// Bursts of 256 KiB, the next once the reader has this one: a
			// reader that keeps up stays under the bound however slowly a
			// loaded machine runs it; the slow one never reads.
			want := int64(i + 1)
			waitFor(t, 20*time.Second, func() bool { return got.Load() >= want }, "the reading subscriber to get event %d", want)
		}
	}
	waitFor(t, 10*time.Second, func() bool { return got.Load() == n }, "the reading subscriber to get all %d events (got %d)", n, got.Load())
	// The slow one was dropped: the daemon ended its stream (what the
	// kernel already buffered may still be on its way).
	waitFor(t, 5*time.Second, func() bool { return e.d.Server.EventSubscribers() == 1 }, "the slow subscriber to be dropped (subscribers: %d)", e.d.Server.EventSubscribers())
}
