// Command unitymcp is the daemon, its stdio shim and its CLI. See README.md;
// every subcommand lives in package cli.
package main

import (
	"os"

	"github.com/unitymcp/unitymcp/cmd/unitymcp/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], cli.IO{In: os.Stdin, Out: os.Stdout, Err: os.Stderr}))
}
