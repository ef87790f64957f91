package server

import (
	"testing"
	"time"
)

// WaitStreams waits until the last stdio stream ended, not the first:
// the channel it waits on is closed when the count reaches 0, and not
// before; it then returns at once (long before its bound).
func TestWaitStreamsWaitsForTheLast(t *testing.T) {
	t.Parallel()
	s := &Server{live: map[*stream]struct{}{}}
	for range 2 {
		if err := s.streamStarted(); err != nil {
			t.Fatal(err)
		}
	}
	returned := make(chan int, 1)
	go func() { s.WaitStreams(time.Hour); returned <- s.Streams() }()
	ch := madeWaiter(t, &s.streamMu, &s.streams)
	s.streamEnded(nil)
	select {
	case <-ch:
		t.Fatalf("the wait ended with %d stream still open", s.Streams())
	default:
	}
	s.streamEnded(nil)
	select {
	case <-ch:
	default:
		t.Fatal("the wait did not end when the last stream ended")
	}
	select {
	case n := <-returned:
		if n != 0 {
			t.Errorf("WaitStreams returned with %d streams open", n)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("WaitStreams did not return after the last stream ended")
	}
	if err := s.streamStarted(); err == nil {
		t.Error("a stream started after WaitStreams; want it refused (shutting down)")
	}
}

// WaitStreams with no stream open returns at once, whatever its bound.
func TestWaitStreamsWithNoneReturnsAtOnce(t *testing.T) {
	t.Parallel()
	s := &Server{live: map[*stream]struct{}{}}
	done := make(chan struct{})
	go func() { s.WaitStreams(time.Hour); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("WaitStreams with no stream open waited")
	}
}
