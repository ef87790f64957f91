package server

import (
	"encoding/json"
	"io"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/catalog"
	"github.com/unitymcp/unitymcp/engine/definitions"
)

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(v)
}

func httpError(w http.ResponseWriter, status int, code, msg string) {
	writeJSON(w, status, api.ErrorBody{Error: &api.ToolError{Code: code, Message: msg}})
}

func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	h := api.Health{Status: "ok", Version: api.Version, PID: pid, StateDir: s.eng.State().Root,
		MCPURL: s.MCPURL(""), SharedDefinitionsDir: s.eng.State().SharedToolsDir(), Editors: []api.EditorInfo{}}
	connected := map[string]bool{}
	for _, ed := range s.eng.Hub.Editors() {
		if ed.Connected() {
			ed.DeclaredTools = nil // /tools lists them
			h.Editors = append(h.Editors, ed)
			connected[ed.ProjectHash] = true
		}
	}
	for _, in := range s.eng.State().Instances() {
		if !connected[in.ProjectHash] && in.ProjectPath != "" {
			ed := in.EditorInfo
			ed.State, ed.DeclaredTools, ed.Tools = api.StateDisconnected, nil, nil
			h.Closed = append(h.Closed, ed)
		}
	}
	t, terr := s.eng.Resolve(r.Context(), r.URL.Query().Get("project"), nil)
	if terr == nil {
		h.ProjectHash = t.Hash
		for _, d := range s.eng.DefinitionDirs(t.Hash) {
			switch d.Source {
			case definitions.SourceProject:
				h.DefinitionsDir = d.Path
			case definitions.SourceCommitted:
				h.CommittedDefinitionsDir = d.Path
			}
		}
		h.MCPURL = s.MCPURL(t.Hash)
	} else if r.URL.Query().Get("project") != "" {
		writeJSON(w, httpStatus(terr), terr.Body())
		return
	}
	writeJSON(w, http.StatusOK, h)
}

func (s *Server) listTools(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	hash := ""
	if sel := q.Get("project"); sel != "" {
		t, terr := s.eng.Resolve(r.Context(), sel, nil)
		if terr != nil {
			writeJSON(w, httpStatus(terr), terr.Body())
			return
		}
		hash = t.Hash
	}
	groups, terr := catalog.ParseGroups(q.Get("group"))
	if terr != nil {
		writeJSON(w, httpStatus(terr), terr.Body())
		return
	}
	if q.Get("refresh") == "1" {
		s.eng.ReloadDefinitions(nil)
	}
	tools := catalog.Filter(s.eng.Tools(hash), groups)
	infos := make([]api.ToolInfo, 0, len(tools))
	for _, t := range tools {
		infos = append(infos, t.Info())
	}
	writeJSON(w, http.StatusOK, api.ToolList{Tools: infos, Count: len(infos)})
}

func (s *Server) callTool(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	ctx := r.Context()
	if d := r.URL.Query().Get("timeout"); d != "" {
		if dur, err := time.ParseDuration(d); err == nil && dur > 0 {
			var cancel func()
			ctx, cancel = contextWithTimeout(ctx, dur)
			defer cancel()
		}
	}
	session := "rest"
	if h := r.Header.Get(api.SessionHeader); h != "" {
		session = "hdr:" + h
	}
	res, terr := s.eng.Call(ctx, engine.Request{Project: r.URL.Query().Get("project"), Tool: r.PathValue("name"), Args: body, Session: session})
	if terr != nil {
		writeJSON(w, httpStatus(terr), terr.Body())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(res)
	w.Write([]byte("\n"))
}

func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		httpError(w, http.StatusInternalServerError, "no_streaming", "streaming unsupported")
		return
	}
	only := ""
	if sel := r.URL.Query().Get("project"); sel != "" {
		t, terr := s.eng.Resolve(r.Context(), sel, nil)
		if terr != nil {
			writeJSON(w, httpStatus(terr), terr.Body())
			return
		}
		only = t.Hash
	}
	ch, stop := s.eng.Events.Subscribe(256)
	defer stop()
	s.eventSubs.Add(1)
	defer s.eventSubs.Add(-1)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	io.WriteString(w, ": unitymcp events\n\n")
	fl.Flush()
	// The bus channel is drained at once into a queue bounded by bytes: a
	// subscriber that does not read its stream is dropped when the queue
	// passes the bound, or when a write stalls (eventWriteTimeout), instead
	// of holding events (sse.go).
	var dropped atomic.Bool // over: no write may move the deadline back
	q := newEventQueue(s.eventBufferBytes())
	rc := http.NewResponseController(w)
	go q.fill(ch, func(ev api.Event) []byte {
		if only != "" && ev.Project != "" && ev.Project != only {
			return nil
		}
		b, _ := json.Marshal(ev)
		return append(append([]byte("event: "+ev.Type+"\ndata: "), b...), "\n\n"...)
	}, func() { dropped.Store(true); rc.SetWriteDeadline(time.Now()) }) // a net.Conn deadline: safe from fill's goroutine
	keepalive := time.NewTicker(30 * time.Second)
	defer keepalive.Stop()
	write := func(b []byte) bool {
		if dropped.Load() {
			return false
		}
		rc.SetWriteDeadline(time.Now().Add(eventWriteTimeout))
		_, err := w.Write(b)
		return err == nil && rc.Flush() == nil
	}
	for {
		select {
		case <-r.Context().Done():
			return
		case <-keepalive.C:
			if !write([]byte(": keepalive\n\n")) {
				s.log.Info("event subscriber dropped: it stopped reading", "remote", r.RemoteAddr)
				panic(http.ErrAbortHandler) // close the connection: the client sees a cut, not an end
			}
		case <-q.wake:
			frames, over, closed := q.take()
			if over {
				s.log.Info("event subscriber dropped: over its buffer", "remote", r.RemoteAddr, "bytes", s.eventBufferBytes())
				panic(http.ErrAbortHandler)
			}
			for _, f := range frames {
				if !write(f) {
					s.log.Info("event subscriber dropped: it stopped reading", "remote", r.RemoteAddr)
					panic(http.ErrAbortHandler)
				}
			}
			if closed {
				return
			}
		}
	}
}

func (s *Server) getConfig(w http.ResponseWriter, r *http.Request) {
	n := map[string]bool{}
	for _, k := range api.NotificationKinds {
		n[k] = s.Settings != nil && s.Settings.Enabled(k)
	}
	writeJSON(w, http.StatusOK, api.Config{Notifications: n})
}

// setConfig takes {"notifications": {"compile": false, …}}.
func (s *Server) setConfig(w http.ResponseWriter, r *http.Request) {
	var body api.Config
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		httpError(w, http.StatusBadRequest, "invalid_params", `body must be {"notifications": {"compile": true|false, "tests": …, "reload": …}}: `+err.Error())
		return
	}
	if s.Settings == nil {
		httpError(w, http.StatusServiceUnavailable, "no_settings", "settings are not available in this daemon")
		return
	}
	for k, on := range body.Notifications {
		if err := s.Settings.SetEnabled(k, on); err != nil {
			httpError(w, http.StatusBadRequest, "invalid_params", err.Error())
			return
		}
	}
	s.getConfig(w, r)
}
