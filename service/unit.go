package service

import _ "embed"

// systemdUnit replaces kardianos/service's own user unit, which says
// WantedBy=multi-user.target — a target user managers never reach, so the
// unit would never start at login — and RestartSec=120. kardianos/service's
// template engine uses {{Name}}, not {{.Name}}.
//
//go:embed unitymcp.service.tmpl
var systemdUnit string

// desktopEntry is the XDG autostart entry for desktops without a systemd
// user manager.
//
//go:embed unitymcp.desktop.tmpl
var desktopEntry string
