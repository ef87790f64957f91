package installer

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/unitymcp/unitymcp/platform"
)

// ServerName is the name of unitymcp's entry in client configs.
const ServerName = "unity"

// ClientRequest is one install/uninstall of a client config.
type ClientRequest struct {
	Client string
	Scope  string // user (default) or project
	Env    Env
	Server Server
}

// ClientResult says what happened.
type ClientResult struct {
	Client  string `json:"client"`
	Path    string `json:"path"`
	Mode    string `json:"mode"` // http or stdio
	Changed bool   `json:"changed"`
	Backup  string `json:"backup,omitempty"`
	Snippet string `json:"snippet"`
}

func (r ClientRequest) resolve() (Client, string, error) {
	c, ok := FindClient(r.Client)
	if !ok {
		return c, "", fmt.Errorf("unknown client %q; clients: %s", r.Client, strings.Join(ClientNames(), ", "))
	}
	scope := r.Scope
	if scope == "" {
		scope = "user"
	}
	if scope != "user" && scope != "project" {
		return c, "", fmt.Errorf("--scope must be user or project, not %q", scope)
	}
	path := c.Path(r.Env, scope)
	if path == "" {
		if scope == "project" && r.Env.Project == "" {
			return c, "", fmt.Errorf("--scope project needs --project DIR")
		}
		return c, "", fmt.Errorf("%s has no %s-scope config; use --scope user", c.Title, scope)
	}
	return c, path, nil
}

// entry builds the client's entry and its mode.
func (r ClientRequest) entry(c Client) (any, string) {
	http := c.HTTP && r.Server.URL != "" && r.Server.Token != ""
	mode := "stdio"
	if http {
		mode = "http"
	}
	return c.Entry(r.Server, http), mode
}

// Snippet renders the entry as the client's config would hold it.
func (r ClientRequest) Snippet() (ClientResult, error) {
	c, path, err := r.resolve()
	if err != nil {
		return ClientResult{}, err
	}
	e, mode := r.entry(c)
	var text string
	if c.Format == "toml" {
		b, _, err := setTOMLTable(nil, c.Key[0], ServerName, e.(obj))
		if err != nil {
			return ClientResult{}, err
		}
		text = string(b)
	} else {
		b, _, _ := setMember(nil, c.Key, ServerName, e)
		text = string(b)
	}
	return ClientResult{Client: c.Name, Path: path, Mode: mode, Snippet: text}, nil
}

// InstallClient writes unitymcp's entry into the client's config.
func InstallClient(r ClientRequest) (ClientResult, error) {
	c, path, err := r.resolve()
	if err != nil {
		return ClientResult{}, err
	}
	e, mode := r.entry(c)
	res := ClientResult{Client: c.Name, Path: path, Mode: mode}
	doc, perm, err := readConfig(path)
	if err != nil {
		return res, err
	}
	var out []byte
	var changed bool
	if c.Format == "toml" {
		out, changed, err = setTOMLTable(doc, c.Key[0], ServerName, e.(obj))
	} else {
		out, changed, err = setMember(doc, c.Key, ServerName, e)
	}
	if err != nil {
		return res, fmt.Errorf("%s: %w; fix the file by hand or move it away and run again", path, err)
	}
	if mode == "http" {
		perm = 0o600 // it now holds the token
	}
	return res, commit(&res, path, doc, out, changed, perm)
}

// UninstallClient removes unitymcp's entry.
func UninstallClient(r ClientRequest) (ClientResult, error) {
	c, path, err := r.resolve()
	if err != nil {
		return ClientResult{}, err
	}
	res := ClientResult{Client: c.Name, Path: path}
	doc, perm, err := readConfig(path)
	if err != nil || doc == nil {
		return res, err
	}
	var out []byte
	var changed bool
	if c.Format == "toml" {
		out, changed = removeTOMLTable(doc, c.Key[0], ServerName)
	} else if out, changed, err = removeMember(doc, c.Key, ServerName); err != nil {
		return res, fmt.Errorf("%s: %w", path, err)
	}
	return res, commit(&res, path, doc, out, changed, perm)
}

// Configured returns the entry currently in the client's config (standard
// JSON, or the TOML table), "" when there is none.
func Configured(r ClientRequest) (string, string, error) {
	c, path, err := r.resolve()
	if err != nil {
		return "", "", err
	}
	doc, _, err := readConfig(path)
	if err != nil || doc == nil {
		return path, "", err
	}
	if c.Format == "toml" {
		return path, getTOMLTable(doc, c.Key[0], ServerName), nil
	}
	return path, string(getMember(doc, c.Key, ServerName)), nil
}

func readConfig(path string) ([]byte, fs.FileMode, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0o644, nil
	}
	if err != nil {
		return nil, 0, err
	}
	b, err := os.ReadFile(path)
	return b, fi.Mode().Perm(), err
}

// commit writes out atomically after a backup of the original, when changed.
func commit(res *ClientResult, path string, before, after []byte, changed bool, perm fs.FileMode) error {
	res.Changed = changed
	res.Snippet = string(after)
	if !changed {
		return nil
	}
	if before != nil {
		res.Backup = path + ".unitymcp.bak"
		if err := platform.WriteFileAtomic(res.Backup, before, perm); err != nil {
			return fmt.Errorf("backing up %s: %w", path, err)
		}
	}
	return platform.WriteFileAtomic(path, after, perm)
}

// jsonString is a helper for tests and messages.
func jsonString(v any) string { b, _ := json.Marshal(v); return string(b) }
