package server

import (
	"slices"
	"testing"
	"time"
)

// liveFixture is a liveSessions on a clock the test moves, with session
// "s" registered at base.
func liveFixture() (*liveSessions, *time.Time) {
	now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	f := &liveSessions{now: func() time.Time { return now }}
	f.live = map[string]*liveSession{"s": {last: now}}
	return f, &now
}

// A session with a request open is never idle; its last request's end (on
// the session clock) is what its idle time counts from.
func TestSessionIdleCountsFromTheLastRequest(t *testing.T) {
	t.Parallel()
	f, now := liveFixture()
	base := *now
	*now = base.Add(10 * time.Minute)
	end := f.enter("s")
	if got := f.idle(base.Add(time.Hour)); len(got) != 0 {
		t.Errorf("a session with a POST open is idle: %q", got)
	}
	*now = base.Add(20 * time.Minute)
	end()
	if got := f.idle(base.Add(20 * time.Minute)); len(got) != 0 {
		t.Errorf("idle since before the request ended: %q, want none", got)
	}
	if got := f.idle(base.Add(20*time.Minute + 1)); !slices.Equal(got, []string{"s"}) {
		t.Errorf("idle since just after the request ended: %q, want [s]", got)
	}
}

// sweepSessions runs at most once a quarter of the idle bound (sooner is
// a no-op, exactly a quarter after the last sweep is not), and ends only
// the sessions idle for longer than the bound; the ids it ended are still
// known as expired at later sweeps.
func TestSweepEveryQuarterOfTheIdleBound(t *testing.T) {
	d, _, _, _ := newTestServer(t, 5*time.Second, "Sweep")
	s := d.srv
	s.SessionIdle = time.Hour
	f := s.mcp.get("", s.maxPins())
	base := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	f.live.mu.Lock()
	f.live.live = map[string]*liveSession{
		"old":    {last: base.Add(-2 * time.Hour)},
		"recent": {last: base.Add(-30 * time.Minute)},
	}
	f.live.mu.Unlock()
	s.lastSweep.Store(base.UnixNano())

	s.sweepSessions(base.Add(15*time.Minute - 1))
	if f.live.isExpired("old") {
		t.Fatalf("a sweep less than a quarter of the idle bound after the last one ended a session")
	}
	s.sweepSessions(base.Add(15 * time.Minute))
	if !f.live.isExpired("old") {
		t.Errorf("a sweep a quarter of the idle bound after the last one did not end the session idle for 2h15m")
	}
	if f.live.isExpired("recent") {
		t.Errorf("a sweep ended the session idle for 45m under a bound of 1h")
	}
	// The next sweep ends "recent" (idle 1h15m by then); "old", gone from
	// the live sessions (as mcp-go's unregister hook takes a registered
	// one away), is still answered as expired (for expiredKeep).
	f.live.remove("old")
	s.sweepSessions(base.Add(45 * time.Minute))
	if !f.live.isExpired("recent") || !f.live.isExpired("old") {
		t.Errorf("after the next sweep: recent expired %v, old still known as expired %v; want both", f.live.isExpired("recent"), f.live.isExpired("old"))
	}
}

// An expired session id is answered 404 for expiredKeep: expire forgets
// the ids that expired longer ago than keep (at exactly keep, still kept).
func TestExpiredSessionsAreForgottenAfterKeep(t *testing.T) {
	t.Parallel()
	var f liveSessions
	base := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	f.expire("a", base, time.Hour)
	f.expire("b", base.Add(time.Minute), time.Hour)
	f.expire("c", base.Add(time.Hour), time.Hour)
	if !f.isExpired("a") || !f.isExpired("b") || !f.isExpired("c") {
		t.Fatalf("an id expired exactly keep ago was forgotten")
	}
	f.expire("d", base.Add(time.Hour+time.Minute), time.Hour)
	if f.isExpired("a") || !f.isExpired("b") || !f.isExpired("d") || f.isExpired("nope") {
		t.Errorf("after keep and a minute: a %v b %v d %v; want a forgotten, b and d kept", f.isExpired("a"), f.isExpired("b"), f.isExpired("d"))
	}
}
