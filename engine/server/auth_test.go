package server

import (
	"net/http/httptest"
	"testing"
)

// TestBearerScheme: the scheme is case-insensitive (RFC 7235 §2.1); the
// token is not.
func TestBearerScheme(t *testing.T) {
	t.Parallel()
	s := &Server{token: "0123456789abcdef0123456789abcdef"}
	for _, tt := range []struct {
		header string
		want   bool
	}{
		{"Bearer 0123456789abcdef0123456789abcdef", true},
		{"bearer 0123456789abcdef0123456789abcdef", true},
		{"BEARER 0123456789abcdef0123456789abcdef", true},
		{"bEaReR  0123456789abcdef0123456789abcdef", true},
		{"Bearer 0123456789ABCDEF0123456789ABCDEF", false},
		{"Basic 0123456789abcdef0123456789abcdef", false},
		{"Bearer0123456789abcdef0123456789abcdef", false},
		{"Bearer", false},
		{"", false},
	} {
		r := httptest.NewRequest("GET", "/health", nil)
		r.Header.Set("authorization", tt.header)
		if got := s.authorized(r); got != tt.want {
			t.Errorf("authorization: %q: got %v, want %v", tt.header, got, tt.want)
		}
	}
}
