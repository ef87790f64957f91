package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/unitymcp/unitymcp/platform"
	"github.com/unitymcp/unitymcp/service"
)

// ServiceConfig is `unitymcp service install|uninstall|start|stop|status`.
type ServiceConfig struct{ Action string }

func runService(args []string, std IO) error {
	if len(args) != 1 {
		return usageError("service: say install, uninstall, start, stop or status")
	}
	return Service(ServiceConfig{Action: args[0]}, std.Out)
}

// Service manages start at login.
func Service(cfg ServiceConfig, stdout io.Writer) error {
	c := service.Config{}
	if h := os.Getenv(platform.HomeEnv); h != "" {
		c.StateDir = h
	}
	var st service.Status
	var err error
	switch cfg.Action {
	case "install":
		st, err = service.Install(c)
	case "uninstall":
		st, err = service.Uninstall(c)
	case "status":
		st, err = service.Query(c)
	case "start", "stop":
		if cfg.Action == "start" {
			err = service.Start(c)
		} else {
			err = service.Stop(c)
		}
		if err == nil {
			st, err = service.Query(c)
		}
	default:
		return &ExitError{Code: 2, Err: fmt.Errorf("service: say install, uninstall, start, stop or status")}
	}
	if err != nil {
		return err
	}
	b, _ := json.MarshalIndent(st, "", "  ")
	fmt.Fprintln(stdout, string(b))
	return nil
}
