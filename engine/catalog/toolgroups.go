package catalog

import "github.com/unitymcp/unitymcp/engine/api"

// tool_groups runs in the daemon: it is how a session that listed only the
// default set (listing.go) reaches the rest without reconnecting. Enabling
// a group adds its tools to this session's list and sends
// notifications/tools/list_changed; a tool can also be called by name
// whether or not it is listed.
func toolGroupsTool() *Tool {
	t := newTool("tool_groups", "diagnostics",
		"List the tool groups (each group's tools, and which this session lists) and change which it lists: enable/disable take group names; the tool list then updates. Any tool can be called by name, listed or not.",
		api.Annotations{IdempotentHint: true},
		P("enable", "array", `Groups to add to this session's list, e.g. ["rendering"], or ["all"].`).Of("string"),
		P("disable", "array", "Groups to take off it.").Of("string"),
	)
	t.Native = true
	return t
}
