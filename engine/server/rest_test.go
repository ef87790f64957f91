package server

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// POST /tools/{name}?timeout=D gives the call D to run (the editor is told
// the deadline in its frame); without it, or with a timeout that is not a
// positive duration, the call has the daemon's call timeout.
func TestRESTCallTimeoutIsTheCallsDeadline(t *testing.T) {
	d, ed := newFrameDaemon(t) // call timeout 10 s
	const callTimeout = 10 * time.Second
	for _, c := range []struct {
		query string
		want  time.Duration
	}{
		{"?timeout=2h", 2 * time.Hour},
		{"?timeout=90s", 90 * time.Second},
		{"", callTimeout},
		{"?timeout=soon", callTimeout},
		{"?timeout=-5m", callTimeout},
		{"?timeout=0s", callTimeout},
	} {
		ed.take()
		before := time.Now()
		if out := d.rest(t, "get-logs"+c.query, `{}`, ""); !strings.Contains(out, `"ok"`) {
			t.Fatalf("get-logs%s: %s", c.query, out)
		}
		after := time.Now()
		frames := ed.take()
		if len(frames) != 1 {
			t.Fatalf("get-logs%s: %d frames reached the editor, want 1", c.query, len(frames))
		}
		var p struct {
			DeadlineMs int64 `json:"deadlineMs"`
		}
		if err := json.Unmarshal([]byte(frames[0]), &p); err != nil {
			t.Fatal(err)
		}
		lo, hi := before.Add(c.want).UnixMilli()-1, after.Add(c.want).UnixMilli()+1
		if p.DeadlineMs < lo || p.DeadlineMs > hi {
			t.Errorf("get-logs%s: the editor was told the deadline %d, %v after the call; want %v",
				c.query, p.DeadlineMs, time.UnixMilli(p.DeadlineMs).Sub(before).Round(time.Second), c.want)
		}
	}
}
