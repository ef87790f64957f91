// Command unitymcp-bench serves one benchmark floor as its own process, for
// the deployed-shape benchmark (engine/e2e/deployed_test.go):
//
//	unitymcp-bench -floor plain|mcpgo|wsecho|raw
//	unitymcp-bench -floor mcpgohop -echo host:port
//	unitymcp-bench -uloop-unity
//
// It listens on a free loopback port, prints "LISTEN host:port" on stdout,
// and serves until its stdin closes. -uloop-unity serves a stand-in for the
// Unity side of uLoopMCP instead (package uloopunity), for the side-by-side
// run of engine/e2e/uloop_test.go.
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
	"github.com/unitymcp/unitymcp/cmd/unitymcp-bench/uloopunity"
	"github.com/unitymcp/unitymcp/engine/cpuprofile"
)

func main() {
	var names []string
	for k := range floor.Modes {
		names = append(names, k)
	}
	sort.Strings(names)
	mode := flag.String("floor", "", "the floor to serve: "+strings.Join(names, ", "))
	echo := flag.String("echo", "", "with -floor mcpgohop: the address of a -floor wsecho process its tool reaches")
	uloop := flag.Bool("uloop-unity", false, "serve a stand-in for uLoopMCP's Unity side (TCP, Content-Length framing)")
	flag.Parse()
	h, ok := floor.Modes[*mode]
	if !ok && !*uloop {
		fmt.Fprintf(os.Stderr, "unitymcp-bench: -floor must be one of %s\n", strings.Join(names, ", "))
		os.Exit(2)
	}
	if *mode == "mcpgohop" && *echo == "" {
		fmt.Fprintln(os.Stderr, "unitymcp-bench: -floor mcpgohop needs -echo host:port (a -floor wsecho process)")
		os.Exit(2)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, "unitymcp-bench:", err)
		os.Exit(1)
	}
	fmt.Printf("LISTEN %s\n", ln.Addr())
	// With UNITYMCP_CPUPROFILE, the floor leaves a profile to set beside
	// the daemon's (docs/performance.md).
	stop := cpuprofile.Start("floor-" + *mode)
	go func() {
		io.Copy(io.Discard, os.Stdin)
		stop()
		os.Exit(0)
	}()
	if *uloop {
		uloopunity.Serve(ln)
		return
	}
	if err := http.Serve(ln, h(*echo)); err != nil {
		fmt.Fprintln(os.Stderr, "unitymcp-bench:", err)
		os.Exit(1)
	}
}
