package server

import (
	"bytes"
	"context"
	"errors"
	"net/http/httptest"
	"runtime"
	"testing"
	"testing/synctest"
	"time"
)

// TestLargeBodiesBounded: at most LargeBodies bodies over LargeBodyBytes
// are read at once; the next waits and, when no slot frees within its wait,
// is refused (503 busy); small and chunked-but-small bodies never wait; a
// released slot serves the waiting one.
func TestLargeBodiesBounded(t *testing.T) {
	t.Parallel()
	s := &Server{LargeBodies: 1}
	big := bytes.Repeat([]byte("x"), LargeBodyBytes+1)
	read := func(body []byte, chunked bool, wait time.Duration) ([]byte, func(), error) {
		r := httptest.NewRequest("POST", "/tools/x", bytes.NewReader(body))
		if chunked {
			r.ContentLength = -1
		}
		return s.readBody(httptest.NewRecorder(), r, wait)
	}
	b1, release1, err := read(big, false, time.Second)
	if err != nil || len(b1) != len(big) {
		t.Fatalf("first large body: %d bytes, %v", len(b1), err)
	}
	for _, chunked := range []bool{false, true} {
		if _, _, err := read(big, chunked, 50*time.Millisecond); !errors.Is(err, errBusy) {
			t.Errorf("second large body (chunked %v) while the slot is held: got %v, want errBusy", chunked, err)
		}
		if b, _, err := read([]byte(`{"small":true}`), chunked, 0); err != nil || string(b) != `{"small":true}` {
			t.Errorf("small body (chunked %v) while the slot is held: %q, %v", chunked, b, err)
		}
	}
	release1()
	if _, release, err := read(big, false, time.Second); err != nil {
		t.Errorf("a large body once the slot was given back: %v", err)
	} else {
		release()
	}
	// A body that waits for the slot gets it when it frees: in a bubble,
	// where synctest.Wait returns once the reader is blocked waiting (and
	// the bubble's clock stands still until then).
	synctest.Test(t, func(t *testing.T) {
		s := &Server{LargeBodies: 1}
		held, err := s.largeSlot(context.Background(), time.Second)
		if err != nil {
			t.Fatal(err)
		}
		got := make(chan error, 1)
		go func() {
			r := httptest.NewRequest("POST", "/tools/x", bytes.NewReader(big))
			r.ContentLength = -1
			b, release, err := s.readBody(httptest.NewRecorder(), r, 5*time.Second)
			if err == nil && len(b) != len(big) {
				err = errors.New("short body")
			}
			if release != nil {
				release()
			}
			got <- err
		}()
		synctest.Wait() // the reader waits for the slot
		select {
		case err := <-got:
			t.Fatalf("the large body did not wait for the held slot: %v", err)
		default:
		}
		held()
		if err := <-got; err != nil {
			t.Errorf("the waiting large body after the slot freed: %v", err)
		}
		// Its release gave the slot back (the bubble's clock stands still
		// while the slot is free, so the wait cannot end first).
		if again, err := s.largeSlot(context.Background(), time.Millisecond); err != nil {
			t.Errorf("the slot after the waiting body's release: %v", err)
		} else {
			again()
		}
	})
}

// The size classes' edges: a body of declared length up to smallBodyBytes
// is read into one buffer of exactly its size (memory taken once, none
// spare; io.ReadAll would start at 512 bytes and grow), and one of exactly
// LargeBodyBytes is not large: it is read at once while every large slot
// is held.
func TestBodySizeClassEdges(t *testing.T) {
	t.Parallel()
	s := &Server{LargeBodies: 1}
	held, err := s.largeSlot(context.Background(), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer held()
	read := func(n int) {
		t.Helper()
		body := bytes.Repeat([]byte("y"), n)
		r := httptest.NewRequest("POST", "/mcp", bytes.NewReader(body))
		b, release, err := s.readBody(httptest.NewRecorder(), r, 0)
		release()
		if err != nil || !bytes.Equal(b, body) {
			t.Fatalf("a body of %d bytes: read %d bytes, %v", n, len(b), err)
		}
		if n <= smallBodyBytes && cap(b) != n {
			t.Errorf("a body of %d bytes was read into a buffer of %d", n, cap(b))
		}
	}
	for _, n := range []int{0, 1, smallBodyBytes, LargeBodyBytes} {
		read(n)
	}
}

// A body of exactly smallBodyBytes is still read into one buffer: reading
// it allocates about its size once, not io.ReadAll's growing pieces and
// their copy (twice the size). Not parallel: the count is the process's.
func TestSmallBodyReadIntoOneBuffer(t *testing.T) {
	s := &Server{}
	body := bytes.Repeat([]byte("s"), smallBodyBytes)
	const runs = 20
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		b, release, err := s.readBody(httptest.NewRecorder(), httptest.NewRequest("POST", "/mcp", bytes.NewReader(body)), 0)
		release()
		if err != nil || len(b) != smallBodyBytes {
			t.Fatalf("read %d bytes, %v", len(b), err)
		}
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / runs; per > smallBodyBytes*3/2 {
		t.Errorf("reading a body of %d bytes allocated %d bytes; want one buffer of its size", smallBodyBytes, per)
	}
}
