package service

import (
	_ "embed"
	"strings"
)

// systemdUnit is the only text of unitymcp's systemd user unit. It is
// kardianos/service's template syntax ({{Name}}, not text/template's
// {{.Name}}): `unitymcp service install` hands it to kardianos/service as
// SystemdScript, and SystemdUnit renders it for the .deb and .rpm
// (installer/packaging), so the installed and the packaged unit cannot
// drift. installer/packaging's tests fail if a second unit file appears in
// the repository or the packaged unit differs from SystemdUnit; this
// package's tests check that SystemdUnit is what Install writes and that
// systemd accepts the unit.
//
// It replaces kardianos/service's own unit, which says
// WantedBy=multi-user.target — a target user managers never reach, so the
// unit would never start at login — and RestartSec=120. Of the two copies
// that had drifted apart (this template and installer/linux/unitymcp.service,
// shipped by the packages), this one is kept: it is the one Install writes
// and tests check, and it alone has ConditionFileIsExecutable (a unit left
// behind by a moved or removed binary is skipped, not failed at every login)
// and a start limit (a daemon that keeps failing, such as a second instance
// exiting with "already running", stops being restarted every 2 s). Two
// mistakes in it are fixed: StartLimitIntervalSec= and StartLimitBurst= sat
// in [Service], where systemd ignores StartLimitIntervalSec= ("Unknown key"),
// and ConditionFileIsExecutable= took the path through cmdEscape, whose \x20
// systemd does not unescape in a condition, so a binary under a path with a
// space never started. The packaged file's comment (how to enable it by hand)
// is kept at the top.
//
//go:embed unitymcp.service.tmpl
var systemdUnit string

// desktopEntry is the only text of unitymcp's desktop entry, with {{Exec}}
// for the command: the XDG autostart entry Install writes without a systemd
// user manager, and the entry the packages ship as
// /etc/xdg/autostart/unitymcp.desktop and as the launcher
// /usr/share/applications/unitymcp.desktop. It is the packages' former copy
// (installer/linux/unitymcp.desktop) with {{Exec}}; the launcher must not say
// NoDisplay=true, as the autostart copy here did. In an autostart folder,
// which no menu shows, NoDisplay=true only hides the entry from start-up
// application settings (GNOME's skips such entries), where a user would
// turn it off.
//
//go:embed unitymcp.desktop.tmpl
var desktopEntry string

// SystemdUnit is the systemd user unit `unitymcp service install` writes
// for the binary exe when it adds no environment (Config.StateDir and Env
// empty). The .deb and .rpm ship SystemdUnit("/usr/bin/unitymcp").
func SystemdUnit(exe string) string {
	var args strings.Builder
	for _, a := range Args {
		args.WriteString(" " + cmdQuote(a))
	}
	return render("unitymcp.service.tmpl", systemdUnit,
		"{{Description}}", Description,
		"{{Path}}", exe,
		"{{Path | cmdEscape}}", cmdEscape(exe),
		"{{range Arguments}} {{. | cmd}}{{end}}", args.String(),
		"{{range EnvVars}}{{.}}\n{{end}}", "",
	)
}

// DesktopEntry is the desktop entry that starts the binary exe with Args.
func DesktopEntry(exe string) string {
	return desktopEntryFor(quoteExec(exe) + " " + strings.Join(Args, " "))
}

func desktopEntryFor(exec string) string {
	return render("unitymcp.desktop.tmpl", desktopEntry, "{{Exec}}", exec)
}

// render replaces exactly the directives a template uses. It is no template
// engine: a directive it is not given is a mistake in this package, caught
// by its tests, so it panics rather than writing "{{…}}" into a unit.
func render(name, text string, oldnew ...string) string {
	out := strings.NewReplacer(oldnew...).Replace(text)
	if i := strings.Index(out, "{{"); i >= 0 {
		end := min(i+40, len(out))
		panic("service: " + name + " has a directive render was not given: " + out[i:end])
	}
	return out
}

// cmdQuote and cmdEscape are kardianos/service's "cmd" and "cmdEscape"
// template functions (service_linux.go there); TestInstallWritesSystemdUnit
// checks that SystemdUnit renders as kardianos/service does.
func cmdQuote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }

func cmdEscape(s string) string { return strings.ReplaceAll(s, " ", `\x20`) }

// quoteExec quotes an argument for a desktop entry's Exec key.
func quoteExec(s string) string {
	if !strings.ContainsAny(s, " \t\"'\\$`") {
		return s
	}
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "`", "\\`", "$", `\$`)
	return `"` + r.Replace(s) + `"`
}
