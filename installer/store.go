package installer

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"time"

	"github.com/unitymcp/unitymcp/platform"
)

// store is the installer's part of the state directory: a backup of every
// file before it changes (never beside the file: project folders are
// committed, and a backup can hold a token), and the list of files it
// created, so that an uninstall that leaves one empty removes it.
type store struct{ root string }

func (s store) backupsDir() string  { return filepath.Join(s.root, "backups") }
func (s store) createdPath() string { return filepath.Join(s.root, "installer-created.json") }

// madePath records, for each config file an install added the servers'
// object to (with the objects above it that were missing), the key path
// of the outermost one it made.
func (s store) madePath() string { return filepath.Join(s.root, "installer-objects.json") }

// backup keeps before, the content of path, as
// backups/<time>-<name>-<hash of path>; it returns the backup's path.
func (s store) backup(path string, before []byte) (string, error) {
	if s.root == "" {
		return "", errors.New("no state directory to keep the backup in (set UNITYMCP_HOME or give a home folder)")
	}
	abs, _ := filepath.Abs(path)
	sum := sha256.Sum256([]byte(abs))
	stem := time.Now().UTC().Format("20060102-150405") + "-" + filepath.Base(path) + "-" + hex.EncodeToString(sum[:4])
	p := filepath.Join(s.backupsDir(), stem+".bak")
	for i := 2; ; i++ { // two changes within a second keep both
		if _, err := os.Stat(p); errors.Is(err, fs.ErrNotExist) {
			break
		}
		p = filepath.Join(s.backupsDir(), fmt.Sprintf("%s.%d.bak", stem, i))
	}
	if err := platform.WriteFileAtomic(p, before, 0o600); err != nil {
		return "", fmt.Errorf("backing up %s: %w", path, err)
	}
	return p, nil
}

// created maps each file the installer created to the folders it created
// for it (outermost first).
func (s store) created() map[string][]string { return s.load(s.createdPath()) }

func (s store) saveCreated(m map[string][]string) error { return s.save(s.createdPath(), m) }

// made maps each config file to the key path of the object an install
// made in it (madePath).
func (s store) made() map[string][]string { return s.load(s.madePath()) }

// setMade records (keys) or forgets (nil) the object an install made in
// the config file path.
func (s store) setMade(path string, keys []string) error {
	if s.root == "" {
		return nil
	}
	m := s.made()
	if _, had := m[path]; !had && keys == nil {
		return nil
	}
	if keys == nil {
		delete(m, path)
	} else {
		m[path] = keys
	}
	return s.save(s.madePath(), m)
}

// load reads one of the installer's records: a map of file to names.
func (s store) load(record string) map[string][]string {
	m := map[string][]string{}
	if b, err := os.ReadFile(record); err == nil {
		json.Unmarshal(b, &m)
	}
	return m
}

func (s store) save(record string, m map[string][]string) error {
	b, _ := json.MarshalIndent(m, "", "  ")
	return platform.WriteFileAtomic(record, append(b, '\n'), 0o600)
}

// markCreated records that path and the folders dirs are the installer's.
func (s store) markCreated(path string, dirs []string) error {
	if s.root == "" {
		return nil
	}
	m := s.created()
	m[path] = dirs
	return s.saveCreated(m)
}

// removeCreated deletes path if the installer created it, with the folders
// it created for it that are now empty; it reports whether path went.
func (s store) removeCreated(path string) (bool, error) {
	if s.root == "" {
		return false, nil
	}
	m := s.created()
	dirs, ok := m[path]
	if !ok {
		return false, nil
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false, fmt.Errorf("removing %s, which unitymcp created and which is now empty: %w", path, err)
	}
	dirs = slices.Clone(dirs)
	sort.Sort(sort.Reverse(sort.StringSlice(dirs))) // innermost first
	for _, d := range dirs {
		os.Remove(d) // only when empty
	}
	delete(m, path)
	return true, s.saveCreated(m)
}

// missingDirs lists the folders above path that do not exist yet,
// outermost first.
func missingDirs(path string) []string {
	var out []string
	for d := filepath.Dir(path); ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil || filepath.Dir(d) == d {
			break
		}
		out = append([]string{d}, out...)
	}
	return out
}
