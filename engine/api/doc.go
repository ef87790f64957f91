// Package api holds the wire types of the daemon: what GET /health, GET
// /tools, POST /tools/<name> and GET /events carry, and the parts of the
// bridge protocol other packages read (editor info, declared tools, event
// types). It is a leaf: it imports nothing of the project, so the CLI, the
// tray, the installer and the editor simulator can read the daemon's answers
// without importing the daemon.
package api
