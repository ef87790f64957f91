package client

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"

	"github.com/unitymcp/unitymcp/engine/api"
)

// getJSON sends a request and decodes a 200 answer into out; any other
// status becomes an error: the daemon's own *api.ToolError when the body is
// one, else the status.
func (c *Client) getJSON(ctx context.Context, method, path string, body []byte, out any) error {
	b, status, err := c.Do(ctx, method, path, body)
	if err != nil {
		return err
	}
	if status != http.StatusOK {
		return statusError(method, path, status, b)
	}
	if err := json.Unmarshal(b, out); err != nil {
		return fmt.Errorf("%s %s: the daemon answered something that is not the expected JSON: %w", method, path, err)
	}
	return nil
}

func statusError(method, path string, status int, body []byte) error {
	var eb api.ErrorBody
	if json.Unmarshal(body, &eb) == nil && eb.Error != nil && eb.Error.Code != "" {
		return eb.Error
	}
	return fmt.Errorf("%s %s: HTTP %d: %.200s", method, path, status, body)
}

func withQuery(path string, kv ...string) string {
	q := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] != "" {
			q.Set(kv[i], kv[i+1])
		}
	}
	if len(q) == 0 {
		return path
	}
	return path + "?" + q.Encode()
}

// Health reads GET /health, for a project selector (path, name or hash;
// "" for none).
func (c *Client) Health(ctx context.Context, project string) (api.Health, error) {
	var h api.Health
	err := c.getJSON(ctx, "GET", withQuery(api.PathHealth, "project", project), nil, &h)
	return h, err
}

// Tools lists a project's catalog ("" = the catalog of sessions not pinned
// to a project), filtered by comma-separated groups ("" = all).
func (c *Client) Tools(ctx context.Context, project, groups string) ([]api.ToolInfo, error) {
	var l api.ToolList
	err := c.getJSON(ctx, "GET", withQuery(api.PathTools, "project", project, "group", groups), nil, &l)
	return l.Tools, err
}

// Call runs a tool (POST /tools/<name>) and returns its JSON result. A
// failure the tool reports is returned as *api.ToolError (errors.As); any
// other error means the daemon could not be asked.
func (c *Client) Call(ctx context.Context, project, tool string, args json.RawMessage) (json.RawMessage, error) {
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	path := withQuery(api.PathTools+"/"+url.PathEscape(tool), "project", project)
	b, status, err := c.Do(ctx, "POST", path, args)
	if err != nil {
		return nil, err
	}
	if status != http.StatusOK {
		return nil, statusError("POST", path, status, b)
	}
	return b, nil
}

// Config reads the notification switches (GET /config).
func (c *Client) Config(ctx context.Context) (api.Config, error) {
	var cfg api.Config
	err := c.getJSON(ctx, "GET", api.PathConfig, nil, &cfg)
	return cfg, err
}

// SetNotification switches one notification kind and returns the switches.
func (c *Client) SetNotification(ctx context.Context, kind string, on bool) (api.Config, error) {
	body, _ := json.Marshal(api.Config{Notifications: map[string]bool{kind: on}})
	var cfg api.Config
	err := c.getJSON(ctx, "POST", api.PathConfig, body, &cfg)
	return cfg, err
}

// Forget makes the daemon forget a closed project's editor (DELETE
// /editors) and returns what it knew of it.
func (c *Client) Forget(ctx context.Context, project string) (api.EditorInfo, error) {
	var out struct {
		Forgotten api.EditorInfo `json:"forgotten"`
	}
	err := c.getJSON(ctx, "DELETE", withQuery(api.PathEditors, "project", project), nil, &out)
	return out.Forgotten, err
}

// MCPURL is the MCP endpoint pinned to a project hash ("" = not pinned).
func (c *Client) MCPURL(hash string) string {
	if hash == "" {
		return c.URL + api.PathMCP
	}
	return c.URL + "/projects/" + url.PathEscape(hash) + api.PathMCP
}
