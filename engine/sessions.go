package engine

import (
	"context"
	"strings"
)

// What the engine keeps per MCP session beside the call path: the project
// editor_select pinned it to, and the tool groups tool_groups set for its
// listing. Both end with the session (ForgetSession).

// Pinnable reports whether a call's session is one client's own, so a pin
// made by editor_select holds for that client only: an MCP session id or
// an X-UnityMCP-Session header, not the shared "rest" or "stateless".
func Pinnable(session string) bool {
	return strings.HasPrefix(session, "mcp:") || strings.HasPrefix(session, "hdr:")
}

// SessionPin is the project a session pinned itself to with editor_select.
func (e *Engine) SessionPin(session string) string {
	if !Pinnable(session) {
		return ""
	}
	h, _ := e.pins.Load(session)
	s, _ := h.(string)
	return s
}

// ForgetSession drops what the engine keeps for a session that ended (its
// editor_select pin and its tool_groups listing).
func (e *Engine) ForgetSession(session string) {
	e.pins.Delete(session)
	e.listGroups.Delete(session)
}

// PinSession pins a session to a project (editor_select): its later calls
// that name no project go there.
func (e *Engine) PinSession(session, hash string) { e.pins.Store(session, hash) }

// MCPURL is the MCP endpoint URL pinned to a project hash.
func (e *Engine) MCPURL(hash string) string { return e.opt.MCPURL(hash) }

// tool_groups (catalog/toolgroups.go): what a session lists is the groups
// its URL named (?group=, stdio's --group; the default set when none),
// changed by its own tool_groups calls. The change is the session's alone
// and ends with it (ForgetSession).

type listGroupsKey struct{}

// WithListGroups carries the groups a session's URL named to the calls it
// makes, so tool_groups starts from what the session lists.
func WithListGroups(ctx context.Context, groups []string) context.Context {
	return context.WithValue(ctx, listGroupsKey{}, groups)
}

// ListGroups returns the groups a session lists: what tool_groups set for
// it, else urlGroups (nil is the default set).
func (e *Engine) ListGroups(session string, urlGroups []string) []string {
	if g, ok := e.listGroups.Load(session); ok {
		return g.([]string)
	}
	return urlGroups
}

// OnListChange registers fn to run when a session's listing changed by
// tool_groups (the server sends that session tools/list_changed).
func (e *Engine) OnListChange(fn func(session string)) {
	e.lmu.Lock()
	e.listChange = append(e.listChange, fn)
	e.lmu.Unlock()
}

// URLGroups are the groups WithListGroups put on ctx (nil: none named).
func URLGroups(ctx context.Context) []string {
	g, _ := ctx.Value(listGroupsKey{}).([]string)
	return g
}

// SetListGroups sets what a session lists (tool_groups) and tells the
// OnListChange listeners.
func (e *Engine) SetListGroups(session string, groups []string) {
	e.listGroups.Store(session, groups)
	e.lmu.Lock()
	fns := e.listChange
	e.lmu.Unlock()
	for _, fn := range fns {
		fn(session)
	}
}
