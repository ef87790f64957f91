package server

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"
)

// errBusy says every large-body slot stayed taken for the whole wait.
var errBusy = errors.New("busy")

// LargeBodyBytes is the size past which a request body counts as large.
const LargeBodyBytes = 256 << 10

// smallBodyBytes is the largest declared length read into a buffer of
// that size at once.
const smallBodyBytes = 64 << 10

// DefaultLargeBodies is how many large bodies (up to MaxBodyBytes each) the
// daemon reads at once: memory held by bodies in flight stays under
// DefaultLargeBodies × MaxBodyBytes (16 MiB) plus the small ones. A further
// large body waits (its read deadline still runs) for one to finish.
const DefaultLargeBodies = 4

// readBody reads r's body (at most MaxBodyBytes). Past LargeBodyBytes it
// waits for one of the LargeBodies slots, held until release is called
// (once the request is answered: the body stays in memory until then).
// It waits at most wait, then fails with errBusy (503).
func (s *Server) readBody(w http.ResponseWriter, r *http.Request, wait time.Duration) (b []byte, release func(), err error) {
	release = func() {}
	body := http.MaxBytesReader(w, r.Body, MaxBodyBytes)
	var head []byte
	if r.ContentLength < 0 || r.ContentLength > LargeBodyBytes {
		// Chunked or large: read what is small for free, then queue.
		head, err = io.ReadAll(io.LimitReader(body, LargeBodyBytes))
		if err != nil || len(head) < LargeBodyBytes {
			return head, release, err
		}
		if release, err = s.largeSlot(r.Context(), wait); err != nil {
			return nil, func() {}, err
		}
	}
	if r.ContentLength >= 0 && r.ContentLength <= smallBodyBytes {
		// The common case, a small body of declared length: read into a
		// buffer of its size (io.ReadAll grows one from 512 bytes). Only a
		// small one: memory is taken before the bytes come.
		b = make([]byte, r.ContentLength)
		_, err = io.ReadFull(body, b)
		return b, release, err
	}
	rest, err := io.ReadAll(body)
	if len(head) == 0 {
		return rest, release, err
	}
	return append(head, rest...), release, err
}

// largeSlot waits up to wait for one of the LargeBodies slots (errBusy
// when none frees in time); release gives it back.
func (s *Server) largeSlot(ctx context.Context, wait time.Duration) (release func(), err error) {
	s.largeOnce.Do(func() {
		n := s.LargeBodies
		if n <= 0 {
			n = DefaultLargeBodies
		}
		s.large = make(chan struct{}, n)
	})
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case s.large <- struct{}{}:
		return func() { <-s.large }, nil
	case <-t.C:
		return nil, errBusy
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
