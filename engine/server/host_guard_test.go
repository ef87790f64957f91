package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The daemon answers only requests addressed to this machine's loopback
// (DNS rebinding: a web page that makes evil.example resolve to 127.0.0.1
// still sends Host: evil.example), and only from loopback origins. Every
// other Host — a LAN or public address included, although it is an IP
// literal — is refused before the token is even looked at; a loopback
// Host gets as far as the token check.
func TestHostAndOriginGuard(t *testing.T) {
	t.Parallel()
	s := &Server{token: "0123456789abcdef0123456789abcdef"}
	for _, tc := range []struct {
		host, origin string
		want         int    // the status without a token
		code         string // the error code in the body
	}{
		{"127.0.0.1:8765", "", http.StatusUnauthorized, "unauthorized"},
		{"localhost:8765", "", http.StatusUnauthorized, "unauthorized"},
		{"LocalHost", "", http.StatusUnauthorized, "unauthorized"},
		{"[::1]:8765", "", http.StatusUnauthorized, "unauthorized"},
		{"127.8.9.10:8765", "", http.StatusUnauthorized, "unauthorized"}, // all of 127/8 is loopback
		{"192.168.1.5:8765", "", http.StatusForbidden, "forbidden_host"},
		{"10.0.0.1", "", http.StatusForbidden, "forbidden_host"},
		{"172.16.0.1:8765", "", http.StatusForbidden, "forbidden_host"},
		{"8.8.8.8:80", "", http.StatusForbidden, "forbidden_host"},
		{"0.0.0.0:8765", "", http.StatusForbidden, "forbidden_host"},
		{"[::]:8765", "", http.StatusForbidden, "forbidden_host"},
		{"[fe80::1]:8765", "", http.StatusForbidden, "forbidden_host"},
		{"[::ffff:192.168.1.5]:8765", "", http.StatusForbidden, "forbidden_host"},
		{"evil.example:8765", "", http.StatusForbidden, "forbidden_host"},
		{"localhost.evil.example", "", http.StatusForbidden, "forbidden_host"},
		{"127.0.0.1.nip.io:8765", "", http.StatusForbidden, "forbidden_host"},
		{"", "", http.StatusForbidden, "forbidden_host"},
		{"127.0.0.1:8765", "http://localhost:6274", http.StatusUnauthorized, "unauthorized"}, // the MCP Inspector
		{"127.0.0.1:8765", "https://127.0.0.1", http.StatusUnauthorized, "unauthorized"},
		{"127.0.0.1:8765", "http://192.168.1.5:8080", http.StatusForbidden, "forbidden_origin"},
		{"127.0.0.1:8765", "http://10.0.0.1", http.StatusForbidden, "forbidden_origin"},
		{"127.0.0.1:8765", "https://evil.example", http.StatusForbidden, "forbidden_origin"},
		{"127.0.0.1:8765", "null", http.StatusForbidden, "forbidden_origin"},
		{"127.0.0.1:8765", "file://localhost", http.StatusForbidden, "forbidden_origin"},
	} {
		r := httptest.NewRequest("GET", "/health", nil)
		r.Host = tc.host
		if tc.origin != "" {
			r.Header.Set("Origin", tc.origin)
		}
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code != tc.want || !strings.Contains(w.Body.String(), tc.code) {
			t.Errorf("Host %q Origin %q: %d %s, want %d %s", tc.host, tc.origin, w.Code, strings.TrimSpace(w.Body.String()), tc.want, tc.code)
		}
	}
}
