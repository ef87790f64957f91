package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/console"
)

// The MCP resources (README, "The Console as MCP logging and resources"):
// unity://editors lists the connected editors (what /health lists, without
// declared tools; a front pinned to a project lists only its editor), and per editor unity://editors/{hash}/console holds its
// recent Console entries and unity://editors/{hash}/compile its last
// compile result, all as JSON text. A front pinned to a project serves that
// project's console and compile only, as its tool list holds only that
// project's tools.

const (
	editorsURI      = "unity://editors"
	consoleTemplate = "unity://editors/{hash}/console"
	compileTemplate = "unity://editors/{hash}/compile"
	jsonMIME        = "application/json"
)

// Bounds of a session's resource subscriptions: the daemon keeps each
// subscribed URI for the session's life, so a client may not make it keep
// any number of any length. The resources a session can read are three
// per editor, with URIs of about 90 bytes.
const (
	MaxSubscriptions = 64
	MaxResourceURI   = 512
)

// subscribeRefusal says why a session with n subscriptions (has: one of
// them to uri) may not subscribe to uri, and what to do; "" when it may.
// The URI is named cut to 80 bytes: it may be a megabyte long.
func subscribeRefusal(uri string, n int, has bool) string {
	switch {
	case len(uri) > MaxResourceURI:
		return fmt.Sprintf("resources/subscribe refused: the URI %.80q… is %d bytes, over the limit of %d; subscribe to a URI that resources/list or resources/templates/list gives", uri, len(uri), MaxResourceURI)
	case !has && n >= MaxSubscriptions:
		return fmt.Sprintf("resources/subscribe refused: the session has %d subscriptions, the most it may keep; unsubscribe (resources/unsubscribe) from one first, then subscribe to %.80q", n, uri)
	}
	return ""
}

// subscribeMark is in every resources/subscribe request (a cheap test
// before parsing a POST twice, as taskMark for the task methods).
var subscribeMark = []byte(`"resources/subscribe"`)

// refuseSubscription answers a resources/subscribe of session sid that the
// bounds refuse: an invalid-params error whose message is
// subscribeRefusal's. ok false for any other message, which mcp-go serves
// (a subscription within the bounds is kept by the hooks of logging.go).
// The daemon answers the refusal itself because mcp-go has no way for a
// hook to refuse with its own message: what the hook can do is blank the
// URI, and the client reads "uri is required".
func (m *mcpFront) refuseSubscription(sid string, msg api.Message) (answer []byte, ok bool) {
	if msg.Method != string(mcp.MethodResourcesSubscribe) || !msg.IsRequest() {
		return nil, false
	}
	var p struct {
		URI string `json:"uri"`
	}
	if json.Unmarshal(msg.Params, &p) != nil {
		return nil, false // mcp-go answers malformed params
	}
	c := &m.console
	c.mu.Lock()
	n, has := 0, false
	if s := c.byID[sid]; s != nil {
		n, has = len(s.subs), s.subs[p.URI] != nil
	}
	why := subscribeRefusal(p.URI, n, has)
	c.mu.Unlock()
	if why == "" {
		return nil, false
	}
	m.log.Warn("resources/subscribe refused", "session", sid, "why", why)
	return api.ErrorAnswer(msg.ID, mcp.INVALID_PARAMS, api.CodeInvalidParams, why), true
}

func consoleURI(hash string) string { return "unity://editors/" + hash + "/console" }
func compileURI(hash string) string { return "unity://editors/" + hash + "/compile" }

// addResources registers the resources on a front's server (key: its
// project hash, "" when not pinned).
func (m *mcpFront) addResources(srv *mcpserver.MCPServer, key string) {
	srv.AddResource(mcp.NewResource(editorsURI, "editors",
		mcp.WithResourceDescription("The Unity editors connected to the daemon: project hash, path, Unity version, state, play mode (JSON)."),
		mcp.WithMIMEType(jsonMIME)), m.readEditors(key))
	srv.AddResourceTemplate(mcp.NewResourceTemplate(consoleTemplate, "console",
		mcp.WithTemplateDescription(fmt.Sprintf("The %d most recent Console entries of the editor of a project hash (JSON), oldest first; subscribe to be told of new ones.", console.RingSize)),
		mcp.WithTemplateMIMEType(jsonMIME)), m.readConsole(key))
	srv.AddResourceTemplate(mcp.NewResourceTemplate(compileTemplate, "compile",
		mcp.WithTemplateDescription("The last script compilation of the editor of a project hash (JSON): success, errors, warnings, when."),
		mcp.WithTemplateMIMEType(jsonMIME)), m.readCompile(key))
}

// editorResources are the per-editor resources resources/list adds for the
// connected editors a front serves.
func (m *mcpFront) editorResources(key string) []mcp.Resource {
	var out []mcp.Resource
	for _, ed := range m.eng.Hub.Editors() {
		if !ed.Connected() || (key != "" && ed.ProjectHash != key) {
			continue
		}
		out = append(out,
			mcp.NewResource(consoleURI(ed.ProjectHash), "console: "+ed.ProductName,
				mcp.WithResourceDescription("Recent Console entries of "+ed.ProjectPath+" (JSON)."), mcp.WithMIMEType(jsonMIME)),
			mcp.NewResource(compileURI(ed.ProjectHash), "compile: "+ed.ProductName,
				mcp.WithResourceDescription("Last compile result of "+ed.ProjectPath+" (JSON)."), mcp.WithMIMEType(jsonMIME)))
	}
	return out
}

// readEditors lists the connected editors a front serves: a front pinned to
// a project lists that project's editor only, as it reads only that
// project's console and compile (other projects' paths are not its to see).
func (m *mcpFront) readEditors(key string) mcpserver.ResourceHandlerFunc {
	return func(_ context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		editors := []api.EditorInfo{}
		for _, ed := range m.eng.Hub.Editors() {
			if ed.Connected() && (key == "" || ed.ProjectHash == key) {
				ed.DeclaredTools = nil
				editors = append(editors, ed)
			}
		}
		return jsonContents(req.Params.URI, map[string]any{"editors": editors})
	}
}

func (m *mcpFront) readConsole(key string) mcpserver.ResourceTemplateHandlerFunc {
	return func(_ context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		hash, err := m.resourceProject(key, req.Params.URI, "/console")
		if err != nil {
			return nil, err
		}
		entries, dropped := m.eng.Console(hash)
		return jsonContents(req.Params.URI, map[string]any{"project": hash, "entries": entries, "dropped": dropped})
	}
}

func (m *mcpFront) readCompile(key string) mcpserver.ResourceTemplateHandlerFunc {
	return func(_ context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		hash, err := m.resourceProject(key, req.Params.URI, "/compile")
		if err != nil {
			return nil, err
		}
		out := map[string]any{"project": hash, "compile": nil}
		if c, ok := m.eng.LastCompile(hash); ok {
			out["compile"] = c
		}
		return jsonContents(req.Params.URI, out)
	}
}

// resourceProject is the project hash of a per-editor URI, when the front
// serves it and the daemon knows its editor.
func (m *mcpFront) resourceProject(key, uri, suffix string) (string, error) {
	hash, ok := strings.CutPrefix(uri, "unity://editors/")
	if ok {
		hash, ok = strings.CutSuffix(hash, suffix)
	}
	if !ok || hash == "" || strings.Contains(hash, "/") {
		return "", fmt.Errorf("%s: %w", uri, mcpserver.ErrResourceNotFound)
	}
	if key != "" && hash != key {
		return "", fmt.Errorf("%s: this session is pinned to project %s and reads only its resources: %w", uri, key, mcpserver.ErrResourceNotFound)
	}
	for _, ed := range m.eng.Hub.Editors() {
		if ed.ProjectHash == hash {
			return hash, nil
		}
	}
	return "", fmt.Errorf("%s: no editor of project %s is known (unity://editors lists them): %w", uri, hash, mcpserver.ErrResourceNotFound)
}

func jsonContents(uri string, v any) ([]mcp.ResourceContents, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return []mcp.ResourceContents{mcp.TextResourceContents{URI: uri, MIMEType: jsonMIME, Text: string(b)}}, nil
}
