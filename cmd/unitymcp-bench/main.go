// Command unitymcp-bench serves one benchmark floor as its own process, for
// the deployed-shape benchmark (engine/e2e/deployed_test.go):
//
//	unitymcp-bench -floor plain|mcpgo|wsecho|raw
//
// It listens on a free loopback port, prints "LISTEN host:port" on stdout,
// and serves until its stdin closes.
package main

import (
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"sort"
	"strings"

	"github.com/unitymcp/unitymcp/cmd/unitymcp-bench/floor"
)

func main() {
	var names []string
	for k := range floor.Modes {
		names = append(names, k)
	}
	sort.Strings(names)
	mode := flag.String("floor", "", "the floor to serve: "+strings.Join(names, ", "))
	flag.Parse()
	h, ok := floor.Modes[*mode]
	if !ok {
		fmt.Fprintf(os.Stderr, "unitymcp-bench: -floor must be one of %s\n", strings.Join(names, ", "))
		os.Exit(2)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, "unitymcp-bench:", err)
		os.Exit(1)
	}
	fmt.Printf("LISTEN %s\n", ln.Addr())
	go func() {
		io.Copy(io.Discard, os.Stdin)
		os.Exit(0)
	}()
	if err := http.Serve(ln, h()); err != nil {
		fmt.Fprintln(os.Stderr, "unitymcp-bench:", err)
		os.Exit(1)
	}
}
