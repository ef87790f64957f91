// Command editorsim is a TEST TOOL: a simulated Unity Editor that dials the
// unitymcp daemon like the Unity package does, for tests and benchmarks on
// machines without Unity. It is not Unity and never says it is.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/cpuprofile"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/state"
)

func main() {
	fs := flag.NewFlagSet("editorsim", flag.ExitOnError)
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "editorsim — a simulated Unity Editor for testing the unitymcp daemon (not Unity).")
		fmt.Fprintln(os.Stderr, "usage: editorsim -project DIR [flags] [DIR...] (each further DIR is one more editor in this process)")
		fs.PrintDefaults()
	}
	addr := fs.String("addr", "", "daemon address (default: the one the state folder's daemon.json names, else $UNITYMCP_ADDR, else "+api.DefaultAddr+")")
	proj := fs.String("project", "", "project folder to simulate (required)")
	// -projectPath is Unity's own flag: a fake installed Editor (a script
	// named Unity that execs editorsim) passes its arguments through.
	fs.StringVar(proj, "projectPath", "", "same as -project, as Unity spells it")
	reloadMs := fs.Int("reload-ms", 300, "how long a simulated domain reload lasts")
	slowMs := fs.Int("slow-ms", 0, "delay every call on the simulated main thread")
	crashAfter := fs.Int("crash-after", 0, "drop the connection without notice after N calls (0: never)")
	crashExit := fs.Bool("crash-exit", false, "exit after the simulated crash instead of re-dialing")
	pid := fs.Int("pid", 0, "process id to report as the editor's (default: editorsim's own)")
	objects := fs.Int("scene-objects", 0, "add this many GameObjects to the scene (benchmarks)")
	console := fs.Int("console-lines", 0, "put this many warnings in the Console at start (benchmarks: large inline answers)")
	dialog := fs.String("dialog", "", "open a modal dialog with this title after the first hello (a real X11 window when DISPLAY is set); the main thread waits until it is closed")
	dialogMs := fs.Int("dialog-after-ms", 0, "how long after the first hello -dialog opens")
	window := fs.String("window", "", "show a top-level window with this title, the stand-in for Unity's main window (Windows; on X11 pass -pid of a program with a window)")
	fs.Parse(os.Args[1:])
	if *proj == "" {
		fs.Usage()
		os.Exit(2)
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	dir, err := state.Open()
	if err != nil {
		log.Error("state directory", "err", err)
		os.Exit(1)
	}
	// The daemon of this state folder, wherever it listens: the token read
	// below is its, and sent to no other — each connection is proven first
	// against the key of this folder's daemon.json (editorsim/dial.go).
	if *addr == "" {
		*addr = api.DefaultAddr
		if a := os.Getenv("UNITYMCP_ADDR"); a != "" {
			*addr = a
		}
		if info, err := dir.ReadDaemon(); err == nil && info.Address != "" {
			*addr = info.Address
		}
	}
	tok, err := dir.ReadToken()
	if err != nil {
		log.Error("reading the daemon token (is the daemon running with the same UNITYMCP_HOME?)", "err", err)
		os.Exit(1)
	}
	// Further project folders after the flags are simulated too, each as an
	// editor of its own in this one process (the scale benchmark: many
	// editor links without as many processes).
	var sims []*editorsim.Sim
	for _, p := range append([]string{*proj}, fs.Args()...) {
		sim, err := editorsim.New(editorsim.Config{BaseURL: "http://" + *addr, Token: tok, ProjectDir: p,
			ReloadDelay: time.Duration(*reloadMs) * time.Millisecond, Slow: time.Duration(*slowMs) * time.Millisecond,
			CrashAfter: *crashAfter, ExitOnCrash: *crashExit, PID: *pid, StateDir: dir.Root, SceneObjects: *objects, ConsoleLines: *console,
			Dialog: *dialog, DialogAfter: time.Duration(*dialogMs) * time.Millisecond, NoExecutions: true, Logger: log})
		if err != nil {
			log.Error("editorsim", "project", p, "err", err)
			os.Exit(2)
		}
		sims = append(sims, sim)
	}
	if *window != "" {
		if err := editorsim.ShowWindow(*window, log); err != nil {
			log.Error("editorsim: -window", "err", err)
			os.Exit(2)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	defer cpuprofile.Start("editorsim")()
	errs := make(chan error, len(sims))
	for _, sim := range sims {
		go func() { errs <- sim.Run(ctx) }()
	}
	for range sims {
		if err := <-errs; err != nil {
			log.Error("editorsim", "err", err)
			os.Exit(1)
		}
	}
}
