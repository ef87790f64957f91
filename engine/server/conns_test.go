package server

import (
	"context"
	"net"
	"net/http/httptest"
	"testing"
	"time"
)

// deadlineConn records the read deadline set on it.
type deadlineConn struct {
	net.Conn
	read time.Time
}

func (c *deadlineConn) SetReadDeadline(t time.Time) error { c.read = t; return nil }

// After a /proof the connection's read deadline is the grace asked for
// from now, or DefaultProofGrace when none is (0 or less).
func TestProofGrace(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		grace, want time.Duration
	}{
		{0, DefaultProofGrace},
		{-time.Second, DefaultProofGrace},
		{time.Nanosecond, time.Nanosecond},
		{3 * time.Second, 3 * time.Second},
		{time.Minute, time.Minute},
	} {
		under := &deadlineConn{}
		gc := &gatedConn{Conn: under, slots: make(chan struct{}, 1)}
		r := httptest.NewRequest("POST", "/proof", nil)
		r = r.WithContext(ConnContext(context.Background(), gc))
		before := time.Now()
		proved(r, c.grace)
		after := time.Now()
		if under.read.Before(before.Add(c.want)) || under.read.After(after.Add(c.want)) {
			t.Errorf("grace %v: the read deadline is %v after the proof, want %v", c.grace, under.read.Sub(before), c.want)
		}
	}
}
