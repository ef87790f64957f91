// Command unitymcp is the daemon, its stdio shim and its CLI. See README.md;
// every subcommand lives in package cli.
package main

import (
	"os"

	"github.com/unitymcp/unitymcp/cmd/unitymcp/cli"
	"github.com/unitymcp/unitymcp/engine/cpuprofile"
)

func main() {
	name := "unitymcp"
	if len(os.Args) > 1 {
		name += "-" + os.Args[1] // serve, stdio, …: one profile per process
	}
	stop := cpuprofile.Start(name)
	code := cli.Main(os.Args[1:], cli.IO{In: os.Stdin, Out: os.Stdout, Err: os.Stderr})
	stop()
	os.Exit(code)
}
