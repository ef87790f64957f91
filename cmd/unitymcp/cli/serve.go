package cli

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/client"
	"github.com/unitymcp/unitymcp/engine/daemon"
	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/platform"
	"github.com/unitymcp/unitymcp/tray"
	"github.com/unitymcp/unitymcp/tray/icons"
)

// ServeConfig is `unitymcp serve`.
type ServeConfig struct {
	Addr     string
	Headless bool
	LogLevel slog.Level
	// Detached: started in the background (client.Ensure); log only to the
	// rotating log file.
	Detached bool
}

func newServeCmd(std IO) *cobra.Command {
	var addr string
	var headless, debug, detached bool
	cmd := &cobra.Command{
		Use:   "serve [--addr HOST:PORT] [--headless] [--debug]",
		Short: "Run the daemon in the foreground (with the tray when there is a desktop)",
		Args:  noArgs,
		RunE: func(*cobra.Command, []string) error {
			lvl := slog.LevelInfo
			if debug {
				lvl = slog.LevelDebug
			}
			return Serve(ServeConfig{Addr: addr, Headless: headless, LogLevel: lvl, Detached: detached}, std.Err)
		},
	}
	defAddr := api.DefaultAddr
	if a := os.Getenv(AddrEnv); a != "" {
		defAddr = a
	}
	f := cmd.Flags()
	f.StringVar(&addr, "addr", defAddr, "listen address (loopback only; default from $"+AddrEnv+")")
	f.BoolVar(&headless, "headless", false, "run without the tray (it is also off without a desktop session)")
	f.BoolVar(&debug, "debug", false, "log at debug level")
	f.BoolVar(&detached, client.DetachedFlag, false, "log only to the state directory's logs/daemon.log (set by commands that start the daemon in the background)")
	_ = f.MarkHidden(client.DetachedFlag)
	return cmd
}

// Serve runs the daemon in the foreground until SIGINT/SIGTERM.
func Serve(cfg ServeConfig, stderr io.Writer) error {
	// A bad --addr is the command line's mistake: said before anything
	// else is set up or logged.
	if _, err := daemon.CheckLoopback(cfg.Addr); err != nil {
		return &ExitError{Code: 2, Err: err}
	}
	dir, err := state.Open()
	if err != nil {
		return err
	}
	// Every line goes to the rotating log; a daemon started in the
	// background by the CLI (--detached) writes nothing else, so no line is
	// written twice (its stderr holds only what the runtime prints itself).
	out := stderr
	if lf, err := dir.OpenLog(5<<20, 3); err == nil {
		defer lf.Close()
		out = io.MultiWriter(stderr, lf)
		if cfg.Detached {
			out = lf
		}
	}
	log := slog.New(slog.NewTextHandler(out, &slog.HandlerOptions{Level: cfg.LogLevel}))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// `unitymcp stop` on Windows, where no signal reaches this process.
	stopReq, release := platform.StopRequested()
	defer release()
	go func() {
		select {
		case <-stopReq:
			log.Info("stop requested (unitymcp stop)")
			stop()
		case <-ctx.Done():
		}
	}()
	dc := daemon.Config{Addr: cfg.Addr, State: dir, Logger: log}
	// Serving: a `unitymcp stop` before is over (stopped.go).
	dc.Ready = func(*daemon.Daemon) {
		if err := clearStopped(dir); err != nil {
			log.Warn("removing the stop mark", "err", err)
		}
	}
	if platform.HasDesktop() {
		dc.Notify = func(title, body string) error { return platform.Notify(title, body, notifyIcon(title)) }
	} else {
		log.Info("no desktop session: notifications are off")
	}
	if !cfg.Headless && tray.Available() {
		err = serveWithTray(ctx, stop, dc, dir, log)
	} else {
		if !cfg.Headless {
			log.Info("no desktop to show the tray in: running without it")
		}
		err = daemon.Run(ctx, dc)
	}
	var are *daemon.AlreadyRunningError
	if errors.As(err, &are) {
		return &ExitError{Code: 3, Err: err}
	}
	return err
}

// serveWithTray runs the daemon beside the tray, which owns the main
// goroutine (as fyne.io/systray requires). Quit in the tray stops the daemon;
// a daemon that stops removes the tray.
func serveWithTray(ctx context.Context, stop func(), dc daemon.Config, dir state.Dir, log *slog.Logger) error {
	ready := make(chan struct{})
	serving := dc.Ready
	dc.Ready = func(d *daemon.Daemon) {
		if serving != nil {
			serving(d)
		}
		close(ready)
	}
	errc := make(chan error, 1)
	go func() {
		errc <- daemon.Run(ctx, dc)
		tray.Quit()
	}()
	// A stop (signal, unitymcp stop, Quit) removes the tray at once: it
	// need not watch the daemon it lives with go away, nor log it.
	go func() {
		<-ctx.Done()
		tray.Quit()
	}()
	select {
	case <-ready:
	case err := <-errc:
		return err
	}
	tray.Run(tray.Options{
		Connect:  func(ctx context.Context) (*client.Client, error) { return client.Find(ctx, dir) },
		Logger:   log,
		Quit:     stop,
		Notify:   func(title, body string) { platform.Notify(title, body, icons.ErrorPNG) },
		StateDir: dir.Root,
	})
	stop()
	return <-errc
}

// notifyIcon is the icon of a daemon notification: the error badge for a
// failure (compile errors, failing tests, a version mismatch, a blocking
// dialog), the busy one for what asks for a reload, the connected one for
// good news (scripts compile again).
func notifyIcon(title string) []byte {
	switch {
	case strings.HasPrefix(title, "Compile fixed"):
		return icons.ConnectedPNG
	case strings.HasPrefix(title, "Reload required"), strings.HasPrefix(title, "Definition tools changed"):
		return icons.BusyPNG
	}
	return icons.ErrorPNG
}
