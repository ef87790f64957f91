//go:build unix

package platform

import (
	"io"
	"net"
	"os"
	"strings"
	"testing"
)

// A file sent over a (wrapped) Unix-domain socket arrives as a descriptor
// of the same pipe; more files than the receiver takes are refused and
// closed; ReadAvailable never waits and tells empty from ended.
func TestPassingFiles(t *testing.T) {
	pair := func() (net.Conn, net.Conn) {
		dir := t.TempDir()
		ln, err := net.Listen("unix", dir+"/s")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		a, err := net.Dial("unix", dir+"/s")
		if err != nil {
			t.Fatal(err)
		}
		b, err := ln.Accept()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { a.Close(); b.Close() })
		return QuietConn(a), QuietConn(b)
	}
	a, b := pair()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := SendFiles(a, w); err != nil {
		t.Fatal(err)
	}
	w.Close()
	got, err := ReceiveFiles(b, 2)
	if err != nil || len(got) != 1 {
		t.Fatalf("ReceiveFiles: %v %v", got, err)
	}
	var buf [16]byte
	if n, err := ReadAvailable(r, buf[:]); n != 0 || err != nil {
		t.Fatalf("an empty pipe: %d %v; want 0, nil at once", n, err)
	}
	io.WriteString(QuietWriter(got[0]), "hello")
	if n, err := ReadAvailable(r, buf[:]); string(buf[:n]) != "hello" || err != nil {
		t.Fatalf("read %q %v; want what the receiver wrote through its descriptor", buf[:n], err)
	}
	got[0].Close()
	if n, err := ReadAvailable(r, buf[:]); n != 0 || err != io.EOF {
		t.Fatalf("a pipe whose writers closed: %d %v; want io.EOF", n, err)
	}

	a, b = pair()
	f1, f2, _ := os.Pipe()
	defer f1.Close()
	defer f2.Close()
	SendFiles(a, f1, f2)
	if got, err := ReceiveFiles(b, 1); err == nil || !strings.Contains(err.Error(), "more than 1") {
		t.Fatalf("two files to a receiver of one: %v %v; want refused", got, err)
	}
}
