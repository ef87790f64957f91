package server

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"
	"github.com/unitymcp/unitymcp/engine/console"
)

// The Console as MCP logging (docs/architecture.md, "The Console as MCP
// logging and resources").
//
// Each Console entry an editor sends reaches the sessions that follow that
// editor — sessions pinned to its project, and unpinned sessions whose
// editor_select pin or only connected editor it is — as
// notifications/message, when its level passes the session's
// logging/setLevel (mcp-go keeps the level; until a client sets one it is
// mcp-go's default, error). A token bucket per session bounds what a log
// storm sends; what it holds back is counted and announced once a second at
// most ("N Console messages dropped"). Resource subscriptions are kept here
// too (mcp-go acknowledges resources/subscribe but keeps no list for
// Streamable HTTP sessions), and notifications/resources/updated is sent at
// most every updateInterval per subscription: it says "read again", so
// several changes in between need one.

const (
	// logBurst and logRate are a session's token bucket: up to logBurst
	// messages at once, logRate a second after that.
	logBurst = 100
	logRate  = 20.0
	// noticeDelay is how long after the first message held back the
	// session is told how many were.
	noticeDelay = time.Second
	// updateInterval is the least time between two resources/updated
	// notifications of one subscription.
	updateInterval = 100 * time.Millisecond
	// consoleLogger is the logger name of Console messages.
	consoleLogger = "unity"
)

// consoleSessions is what the daemon keeps per MCP session for logging and
// resource subscriptions, across the fronts of an mcpFront.
type consoleSessions struct {
	mu   sync.Mutex
	byID map[string]*consoleSession
}

type consoleSession struct {
	id      string
	key     string // the front's project hash ("": not pinned by its URL)
	front   *front
	cs      mcpserver.ClientSession
	gone    bool
	tokens  float64
	refill  time.Time
	dropped int // held back since the last notice
	notice  *time.Timer
	subs    map[string]*subscription
}

type subscription struct {
	last  time.Time
	timer *time.Timer // a coalesced update waiting
}

// watchConsole adds the hooks that keep a front's sessions in m.console.
func (m *mcpFront) watchConsole(hooks *mcpserver.Hooks, f *front, key string) {
	c := &m.console
	hooks.AddOnRegisterSession(func(_ context.Context, cs mcpserver.ClientSession) {
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.byID == nil {
			c.byID = map[string]*consoleSession{}
		}
		if s := c.byID[cs.SessionID()]; s != nil && relocating(cs) {
			s.follow(f, key)
			return
		}
		c.byID[cs.SessionID()] = &consoleSession{id: cs.SessionID(), key: key, front: f, cs: cs,
			tokens: logBurst, refill: time.Now(), subs: map[string]*subscription{}}
	})
	hooks.AddOnUnregisterSession(func(_ context.Context, cs mcpserver.ClientSession) {
		c.mu.Lock()
		defer c.mu.Unlock()
		s := c.byID[cs.SessionID()]
		if s == nil || s.front != f || relocating(cs) {
			return
		}
		delete(c.byID, s.id)
		s.gone = true
		if s.notice != nil {
			s.notice.Stop()
		}
		for _, sub := range s.subs {
			if sub.timer != nil {
				sub.timer.Stop()
			}
		}
	})
	// A URI that does not resolve yet may be subscribed to (a client may
	// watch the Console of an editor before it connects), within the
	// bounds of resources.go: a subscription beyond them is refused. The
	// daemon answers that refusal itself, with its reason
	// (refuseSubscription, before mcp-go sees the request); this hook only
	// guards a race of subscriptions that passed it together, which mcp-go
	// then refuses as "uri is required".
	hooks.AddBeforeSubscribe(func(ctx context.Context, _ any, req *mcp.SubscribeRequest) {
		if s := c.session(ctx, f); s != nil {
			why := subscribeRefusal(req.Params.URI, len(s.subs), s.subs[req.Params.URI] != nil)
			c.mu.Unlock()
			if why != "" {
				m.log.Warn("resources/subscribe refused", "session", s.id, "why", why)
				req.Params.URI = "" // mcp-go answers invalid params instead of acknowledging
			}
		}
	})
	hooks.AddAfterSubscribe(func(ctx context.Context, _ any, req *mcp.SubscribeRequest, _ *mcp.EmptyResult) {
		if s := c.session(ctx, f); s != nil {
			if s.subs[req.Params.URI] == nil && subscribeRefusal(req.Params.URI, len(s.subs), false) == "" {
				s.subs[req.Params.URI] = &subscription{}
			}
			c.mu.Unlock()
		}
	})
	hooks.AddAfterUnsubscribe(func(ctx context.Context, _ any, req *mcp.UnsubscribeRequest, _ *mcp.EmptyResult) {
		if s := c.session(ctx, f); s != nil {
			if sub := s.subs[req.Params.URI]; sub != nil && sub.timer != nil {
				sub.timer.Stop()
			}
			delete(s.subs, req.Params.URI)
			c.mu.Unlock()
		}
	})
	hooks.AddAfterListResources(func(_ context.Context, _ any, _ *mcp.ListResourcesRequest, res *mcp.ListResourcesResult) {
		if res != nil {
			res.Resources = append(res.Resources, m.editorResources(key)...)
		}
	})
}

// follow moves s to front f of project key (editor_select on a stdio
// session; c.mu held): its subscriptions to the console and compile
// resources of the project it leaves become the new project's.
func (s *consoleSession) follow(f *front, key string) {
	from, to := "unity://editors/"+s.key+"/", "unity://editors/"+key+"/"
	subs := make(map[string]*subscription, len(s.subs))
	for uri, sub := range s.subs {
		if sub.timer != nil {
			sub.timer.Stop()
		}
		if rest, ok := strings.CutPrefix(uri, from); ok && s.key != "" {
			uri = to + rest
		}
		subs[uri] = &subscription{}
	}
	s.subs, s.front, s.key = subs, f, key
}

// session returns the request's session of front f with c.mu held; nil
// (and not held) when it is not known.
func (c *consoleSessions) session(ctx context.Context, f *front) *consoleSession {
	cs := mcpserver.ClientSessionFromContext(ctx)
	if cs == nil {
		return nil
	}
	c.mu.Lock()
	s := c.byID[cs.SessionID()]
	if s == nil || s.front != f {
		c.mu.Unlock()
		return nil
	}
	return s
}

// consoleUpdate is the engine's OnUpdate: it runs on a bridge connection's
// read loop, and everything it sends is queued without waiting.
func (m *mcpFront) consoleUpdate(u console.Update) {
	c := &m.console
	c.mu.Lock()
	defer c.mu.Unlock()
	now := time.Now()
	switch u.Kind {
	case console.UpdateConsole:
		// Log messages go to the sessions that follow this editor; a
		// resource update to every session that may read the resource (and
		// subscribed to it), as for compile results: an unpinned session
		// with several editors follows none but may subscribe to each.
		uri := consoleURI(u.Project)
		for _, s := range c.byID {
			if m.follows(s, u.Project) {
				c.sendLogs(s, u, now)
			}
			if s.key == "" || s.key == u.Project {
				c.resourceUpdated(s, uri, now)
			}
		}
	case console.UpdateCompile:
		uri := compileURI(u.Project)
		for _, s := range c.byID {
			if s.key == "" || s.key == u.Project {
				c.resourceUpdated(s, uri, now)
			}
		}
	case console.UpdateEditors:
		for _, s := range c.byID {
			if s.key == "" || s.key == u.Project {
				c.resourceUpdated(s, editorsURI, now)
			}
		}
		if u.ListChanged { // the per-editor resources listed changed
			// Only the fronts that list this editor's resources: the
			// unpinned one and its project's. A notification also turns
			// every later answer of a session into an SSE stream (mcp-go's
			// upgradeToSSE stays set), which costs each of its calls.
			m.mu.Lock()
			for key, f := range m.fronts {
				if key == "" || key == u.Project {
					f.srv.SendNotificationToAllClients(mcp.MethodNotificationResourcesListChanged, nil)
				}
			}
			m.mu.Unlock()
		}
	}
}

// follows reports whether session s gets the Console messages of project
// hash: its front is pinned to it, or it is unpinned and the engine routes
// it there (editor_select, or the only connected editor).
func (m *mcpFront) follows(s *consoleSession, hash string) bool {
	if s.key != "" {
		return s.key == hash
	}
	return m.eng.SessionEditor("mcp:"+s.id) == hash
}

// sendLogs sends the entries of u that pass the session's level, as far as
// its bucket allows (c.mu held).
func (c *consoleSessions) sendLogs(s *consoleSession, u console.Update, now time.Time) {
	min := sessionLevel(s.cs)
	s.tokens = minf(logBurst, s.tokens+now.Sub(s.refill).Seconds()*logRate)
	s.refill = now
	for _, e := range u.Entries {
		lvl := unityLevel(e.Type)
		if !lvl.ShouldSendTo(min) {
			continue
		}
		if s.tokens < 1 {
			s.dropped++
			if s.notice == nil {
				s.notice = time.AfterFunc(noticeDelay, func() { c.dropNotice(s) })
			}
			continue
		}
		s.tokens--
		data := map[string]any{"project": u.Project, "type": e.Type, "message": e.Message, "seq": e.Seq}
		if e.StackTrace != "" {
			data["stackTrace"] = e.StackTrace
		}
		s.front.notify(s.id, string(mcp.MethodNotificationMessage), map[string]any{"level": lvl, "logger": consoleLogger, "data": data})
	}
}

// dropNotice tells a session how many messages its bucket held back, at
// warning level or the session's own if higher, so that it passes it.
func (c *consoleSessions) dropNotice(s *consoleSession) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := s.dropped
	s.dropped, s.notice = 0, nil
	if s.gone || n == 0 {
		return
	}
	lvl := mcp.LoggingLevelWarning
	if min := sessionLevel(s.cs); !lvl.ShouldSendTo(min) {
		lvl = min
	}
	msg := fmt.Sprintf("%d Console message(s) dropped: more than %d a second (burst %d) reach a client; read them in get-logs or the console resource", n, int(logRate), logBurst)
	s.front.notify(s.id, string(mcp.MethodNotificationMessage), map[string]any{"level": lvl, "logger": "unitymcp", "data": map[string]any{"message": msg, "dropped": n}})
}

// resourceUpdated sends notifications/resources/updated for uri if s
// subscribed to it, at most every updateInterval (c.mu held).
func (c *consoleSessions) resourceUpdated(s *consoleSession, uri string, now time.Time) {
	sub := s.subs[uri]
	if sub == nil || sub.timer != nil {
		return // not subscribed, or an update is already due
	}
	if wait := updateInterval - now.Sub(sub.last); wait > 0 {
		sub.timer = time.AfterFunc(wait, func() {
			c.mu.Lock()
			defer c.mu.Unlock()
			sub.timer = nil
			if !s.gone && s.subs[uri] == sub {
				c.sendUpdated(s, sub, uri, time.Now())
			}
		})
		return
	}
	c.sendUpdated(s, sub, uri, now)
}

func (c *consoleSessions) sendUpdated(s *consoleSession, sub *subscription, uri string, now time.Time) {
	sub.last = now
	s.front.notify(s.id, string(mcp.MethodNotificationResourceUpdated), map[string]any{"uri": uri})
}

// unityLevel maps a Unity LogType to an MCP logging level. Debug.Log is
// what a project logs all the time (info, not debug: it is the Console's
// normal output); Assert is an error in Unity's own Console; an Exception
// is critical, above logged errors, so that a client can ask for crashes
// only.
func unityLevel(typ string) mcp.LoggingLevel {
	switch typ {
	case "Warning":
		return mcp.LoggingLevelWarning
	case "Error", "Assert":
		return mcp.LoggingLevelError
	case "Exception":
		return mcp.LoggingLevelCritical
	}
	return mcp.LoggingLevelInfo
}

// sessionLevel is the least level a session wants (logging/setLevel).
func sessionLevel(cs mcpserver.ClientSession) mcp.LoggingLevel {
	if l, ok := cs.(mcpserver.SessionWithLogging); ok {
		return l.GetLogLevel()
	}
	return mcp.LoggingLevelError
}

func minf(a, b float64) float64 {
	if a < b {
		return a
	}
	return b
}
