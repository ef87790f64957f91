package server

import (
	"bytes"
	"errors"
	"net/http/httptest"
	"testing"
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
	got := make(chan error, 1)
	go func() {
		b, release, err := read(big, true, 5*time.Second)
		if err == nil && len(b) != len(big) {
			err = errors.New("short body")
		}
		release()
		got <- err
	}()
	time.Sleep(50 * time.Millisecond)
	release1()
	select {
	case err := <-got:
		if err != nil {
			t.Errorf("the waiting large body after the slot freed: %v", err)
		}
	case <-time.After(3 * time.Second):
		t.Error("the waiting large body was not read after the slot freed")
	}
}
