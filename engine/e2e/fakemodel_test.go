package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// fakeModel is a loopback stand-in for the model APIs the agent CLIs speak
// — Anthropic Messages, OpenAI Responses and Chat Completions, Gemini
// generateContent — just enough for one agent turn: when a request offers
// the Unity tool it calls it, when a request carries that tool's result it
// answers with final text, anything else (titles, summaries) gets plain text.
// It records what it saw so the test can wait on the result arriving.
type fakeModel struct {
	URL  string
	tool string // the Unity tool to call, e.g. "get-logs"
	args string // its arguments as JSON

	mu       sync.Mutex
	offered  []string // the Unity tools the richest request offered, as the client named them
	requests []string // method, path and API of every request, for failure messages
	called   bool
	result   chan string // the tool result's text, once
	once     sync.Once
}

// finalText is what the fake model says after the tool result.
const finalText = "The Unity console has no errors."

func startFakeModel(t *testing.T, tool, args string) *fakeModel {
	t.Helper()
	m := &fakeModel{tool: tool, args: args, result: make(chan string, 1)}
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	m.URL = srv.URL
	return m
}

// Offered returns the Unity tool names the client offered the model (in
// the request that offered most).
func (m *fakeModel) Offered() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.offered...)
}

// String lists the requests it got (for failure messages).
func (m *fakeModel) String() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return fmt.Sprintf("%d model requests: %s; Unity tools offered: %d", len(m.requests), strings.Join(m.requests, ", "), len(m.offered))
}

// turn is one model request reduced to what the fake needs: the tool names
// offered and the text of a tool result for the call it made, if any.
type turn struct {
	tools  []string
	result string
	hasRes bool
}

// decide picks the answer: the name of the Unity tool to call, or "" for
// text (final text when the result came back).
func (m *fakeModel) decide(api string, r *http.Request, tr turn) string {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.requests = append(m.requests, r.Method+" "+r.URL.Path+" ("+api+")")
	var name string
	var unity []string
	for _, n := range tr.tools {
		if isUnityTool(n, m.tool) {
			name = n
		}
		if strings.Contains(n, "unity") {
			unity = append(unity, n)
		}
	}
	if len(unity) > len(m.offered) {
		m.offered = unity
	}
	if tr.hasRes {
		m.once.Do(func() { m.result <- tr.result })
		return ""
	}
	if name != "" && !m.called {
		m.called = true
		return name
	}
	return ""
}

// isUnityTool reports whether a client's name for a tool is unitymcp's
// tool: clients prefix the server name (mcp__unity__get-logs, unity_get-logs,
// unity-get-logs…) and some replace hyphens.
func isUnityTool(clientName, tool string) bool {
	n := strings.NewReplacer("-", "_", "\x00", "_").Replace(clientName)
	t := strings.ReplaceAll(tool, "-", "_")
	return n == t || strings.HasSuffix(n, "_"+t)
}

func (m *fakeModel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	path := r.URL.Path
	switch {
	case strings.HasSuffix(path, "/messages") && r.Method == "POST":
		m.anthropic(w, r, body)
	case strings.HasSuffix(path, "/responses") && r.Method == "POST":
		m.responses(w, r, body)
	case strings.HasSuffix(path, "/chat/completions") && r.Method == "POST":
		m.chat(w, r, body)
	case strings.Contains(path, ":generateContent") || strings.Contains(path, ":streamGenerateContent"):
		m.gemini(w, r, body)
	case strings.Contains(path, ":countTokens"):
		writeJSON(w, map[string]any{"totalTokens": 1})
	case strings.HasSuffix(path, "/models"):
		writeJSON(w, map[string]any{"object": "list", "data": []any{map[string]any{"id": "fake-model", "object": "model", "owned_by": "unitymcp-tests"}}})
	default:
		m.mu.Lock()
		m.requests = append(m.requests, r.Method+" "+r.URL.Path+" (unknown)")
		m.mu.Unlock()
		http.Error(w, "the fake model does not serve "+path, http.StatusNotFound)
	}
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

// sse writes server-sent events; a "" event name writes data only.
type sse struct{ w http.ResponseWriter }

func newSSE(w http.ResponseWriter) sse {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	return sse{w}
}

func (s sse) send(event string, data any) {
	b, _ := json.Marshal(data)
	if event != "" {
		fmt.Fprintf(s.w, "event: %s\n", event)
	}
	fmt.Fprintf(s.w, "data: %s\n\n", b)
	if f, ok := s.w.(http.Flusher); ok {
		f.Flush()
	}
}

// textOf flattens a tool result's content (a string, or blocks with text).
func textOf(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []any:
		var b strings.Builder
		for _, e := range x {
			b.WriteString(textOf(e))
		}
		return b.String()
	case map[string]any:
		for _, k := range []string{"text", "content", "output", "response"} {
			if s, ok := x[k]; ok {
				return textOf(s)
			}
		}
		b, _ := json.Marshal(x)
		return string(b)
	}
	return ""
}

// anthropic answers the Messages API (Claude Code), streaming or not.
func (m *fakeModel) anthropic(w http.ResponseWriter, r *http.Request, body []byte) {
	var req struct {
		Stream bool `json:"stream"`
		Tools  []struct {
			Name string `json:"name"`
		} `json:"tools"`
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	json.Unmarshal(body, &req)
	var tr turn
	for _, t := range req.Tools {
		tr.tools = append(tr.tools, t.Name)
	}
	if n := len(req.Messages); n > 0 && req.Messages[n-1].Role == "user" {
		var blocks []map[string]any
		json.Unmarshal(req.Messages[n-1].Content, &blocks)
		for _, b := range blocks {
			if b["type"] == "tool_result" && b["tool_use_id"] == "toolu_unity_1" {
				tr.result, tr.hasRes = textOf(b["content"]), true
			}
		}
	}
	name := m.decide("anthropic", r, tr)
	var block map[string]any
	stop := "end_turn"
	if name != "" {
		block = map[string]any{"type": "tool_use", "id": "toolu_unity_1", "name": name, "input": json.RawMessage(m.args)}
		stop = "tool_use"
	} else {
		block = map[string]any{"type": "text", "text": finalText}
	}
	msg := map[string]any{"id": "msg_fake", "type": "message", "role": "assistant", "model": "fake-model",
		"stop_reason": stop, "stop_sequence": nil, "usage": map[string]any{"input_tokens": 1, "output_tokens": 1}}
	if !req.Stream {
		msg["content"] = []any{block}
		writeJSON(w, msg)
		return
	}
	s := newSSE(w)
	start := map[string]any{}
	for k, v := range msg {
		start[k] = v
	}
	start["content"], start["stop_reason"] = []any{}, nil
	s.send("message_start", map[string]any{"type": "message_start", "message": start})
	if name != "" {
		s.send("content_block_start", map[string]any{"type": "content_block_start", "index": 0,
			"content_block": map[string]any{"type": "tool_use", "id": "toolu_unity_1", "name": name, "input": map[string]any{}}})
		s.send("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "input_json_delta", "partial_json": m.args}})
	} else {
		s.send("content_block_start", map[string]any{"type": "content_block_start", "index": 0,
			"content_block": map[string]any{"type": "text", "text": ""}})
		s.send("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "text_delta", "text": finalText}})
	}
	s.send("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
	s.send("message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": stop, "stop_sequence": nil},
		"usage": map[string]any{"output_tokens": 1}})
	s.send("message_stop", map[string]any{"type": "message_stop"})
}

// responses answers the OpenAI Responses API (Codex), streaming.
func (m *fakeModel) responses(w http.ResponseWriter, r *http.Request, body []byte) {
	var req struct {
		Tools []map[string]any `json:"tools"`
		Input []map[string]any `json:"input"`
	}
	json.Unmarshal(body, &req)
	var tr turn
	for _, t := range req.Tools {
		tr.tools = append(tr.tools, responsesToolNames(t)...)
	}
	for _, it := range req.Input {
		if it["type"] == "function_call_output" && it["call_id"] == "call_unity_1" {
			tr.result, tr.hasRes = textOf(it["output"]), true
		}
	}
	name := m.decide("responses", r, tr)
	var item map[string]any
	if name != "" {
		item = map[string]any{"type": "function_call", "id": "fc_unity_1", "call_id": "call_unity_1", "name": name, "arguments": m.args, "status": "completed"}
		if ns, fn, ok := strings.Cut(name, "\x00"); ok {
			item["namespace"], item["name"] = ns, fn
		}
	} else {
		item = map[string]any{"type": "message", "id": "msg_fake", "role": "assistant", "status": "completed",
			"content": []any{map[string]any{"type": "output_text", "text": finalText, "annotations": []any{}}}}
	}
	s := newSSE(w)
	resp := map[string]any{"id": "resp_fake", "object": "response", "status": "in_progress", "model": "fake-model", "output": []any{}}
	s.send("response.created", map[string]any{"type": "response.created", "response": resp})
	s.send("response.output_item.added", map[string]any{"type": "response.output_item.added", "output_index": 0, "item": item})
	s.send("response.output_item.done", map[string]any{"type": "response.output_item.done", "output_index": 0, "item": item})
	done := map[string]any{"id": "resp_fake", "object": "response", "status": "completed", "model": "fake-model", "output": []any{item},
		"usage": map[string]any{"input_tokens": 1, "input_tokens_details": map[string]any{"cached_tokens": 0}, "output_tokens": 1,
			"output_tokens_details": map[string]any{"reasoning_tokens": 0}, "total_tokens": 2}}
	s.send("response.completed", map[string]any{"type": "response.completed", "response": done})
}

// responsesToolNames lists a Responses API tool's callable names: a
// function's name, or a namespace's functions as "namespace\x00name".
func responsesToolNames(t map[string]any) []string {
	name, _ := t["name"].(string)
	if fns, ok := t["tools"].([]any); ok {
		var out []string
		for _, f := range fns {
			if fm, ok := f.(map[string]any); ok {
				if n, ok := fm["name"].(string); ok {
					out = append(out, name+"\x00"+n)
				}
			}
		}
		return out
	}
	if fn, ok := t["function"].(map[string]any); ok && name == "" {
		name, _ = fn["name"].(string)
	}
	if name == "" {
		return nil
	}
	return []string{name}
}

// chat answers OpenAI Chat Completions (opencode, Copilot CLI), streaming
// or not.
func (m *fakeModel) chat(w http.ResponseWriter, r *http.Request, body []byte) {
	var req struct {
		Stream bool `json:"stream"`
		Tools  []struct {
			Function struct {
				Name string `json:"name"`
			} `json:"function"`
		} `json:"tools"`
		Messages []map[string]any `json:"messages"`
	}
	json.Unmarshal(body, &req)
	var tr turn
	for _, t := range req.Tools {
		tr.tools = append(tr.tools, t.Function.Name)
	}
	for _, msg := range req.Messages {
		if msg["role"] == "tool" && msg["tool_call_id"] == "call_unity_1" {
			tr.result, tr.hasRes = textOf(msg["content"]), true
		}
	}
	name := m.decide("chat", r, tr)
	msg := map[string]any{"role": "assistant", "content": finalText}
	finish := "stop"
	if name != "" {
		msg = map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{map[string]any{"index": 0, "id": "call_unity_1", "type": "function",
			"function": map[string]any{"name": name, "arguments": m.args}}}}
		finish = "tool_calls"
	}
	usage := map[string]any{"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
	if !req.Stream {
		writeJSON(w, map[string]any{"id": "chatcmpl-fake", "object": "chat.completion", "created": 0, "model": "fake-model",
			"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish}}, "usage": usage})
		return
	}
	s := newSSE(w)
	chunk := func(delta map[string]any, finish any, usage any) map[string]any {
		c := map[string]any{"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 0, "model": "fake-model",
			"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}}
		if usage != nil {
			c["usage"] = usage
		}
		return c
	}
	s.send("", chunk(msg, nil, nil))
	s.send("", chunk(map[string]any{}, finish, usage))
	fmt.Fprint(w, "data: [DONE]\n\n")
}

// gemini answers generateContent and streamGenerateContent (Gemini CLI).
func (m *fakeModel) gemini(w http.ResponseWriter, r *http.Request, body []byte) {
	var req struct {
		Contents []struct {
			Role  string           `json:"role"`
			Parts []map[string]any `json:"parts"`
		} `json:"contents"`
		Tools []struct {
			FunctionDeclarations []struct {
				Name string `json:"name"`
			} `json:"functionDeclarations"`
		} `json:"tools"`
	}
	json.Unmarshal(body, &req)
	var tr turn
	for _, t := range req.Tools {
		for _, f := range t.FunctionDeclarations {
			tr.tools = append(tr.tools, f.Name)
		}
	}
	if n := len(req.Contents); n > 0 {
		for _, p := range req.Contents[n-1].Parts {
			if fr, ok := p["functionResponse"].(map[string]any); ok && isUnityTool(fmt.Sprint(fr["name"]), m.tool) {
				tr.result, tr.hasRes = textOf(fr["response"]), true
			}
		}
	}
	name := m.decide("gemini", r, tr)
	part := map[string]any{"text": finalText}
	if name != "" {
		var args map[string]any
		json.Unmarshal([]byte(m.args), &args)
		part = map[string]any{"functionCall": map[string]any{"name": name, "args": args}}
	}
	resp := map[string]any{"candidates": []any{map[string]any{"index": 0, "finishReason": "STOP",
		"content": map[string]any{"role": "model", "parts": []any{part}}}},
		"usageMetadata": map[string]any{"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2}, "modelVersion": "fake-model"}
	if strings.Contains(r.URL.Path, ":streamGenerateContent") {
		newSSE(w).send("", resp)
		return
	}
	writeJSON(w, resp)
}
