// Package unitymeta writes the .meta files a Unity package needs: Unity
// ignores files without one in an immutable (git or registry) package. Each
// GUID is derived from the file's path inside the package, so regenerating
// never changes it and the same file keeps its identity across releases.
package unitymeta

import (
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// GUID is the stable GUID of a package-relative path.
func GUID(rel string) string {
	sum := md5.Sum([]byte("unitymcp:" + filepath.ToSlash(rel)))
	return hex.EncodeToString(sum[:])
}

// Content is the .meta text for a path.
func Content(rel string, isDir bool) string {
	g := GUID(rel)
	if isDir {
		return fmt.Sprintf("fileFormatVersion: 2\nguid: %s\nfolderAsset: yes\nDefaultImporter:\n  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n", g)
	}
	switch strings.ToLower(filepath.Ext(rel)) {
	case ".cs":
		return fmt.Sprintf("fileFormatVersion: 2\nguid: %s\nMonoImporter:\n  externalObjects: {}\n  serializedVersion: 2\n  defaultReferences: []\n  executionOrder: 0\n  icon: {instanceID: 0}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n", g)
	case ".asmdef":
		return fmt.Sprintf("fileFormatVersion: 2\nguid: %s\nAssemblyDefinitionImporter:\n  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n", g)
	case ".json", ".md", ".txt":
		return fmt.Sprintf("fileFormatVersion: 2\nguid: %s\nTextScriptImporter:\n  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n", g)
	}
	return fmt.Sprintf("fileFormatVersion: 2\nguid: %s\nDefaultImporter:\n  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n", g)
}

// Wanted lists every path of the package that needs a .meta (folders and
// files, skipping hidden ones and "~" folders, which Unity ignores) with its
// content.
func Wanted(pkg string) (map[string]string, error) {
	out := map[string]string{}
	err := filepath.WalkDir(pkg, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == pkg {
			return nil
		}
		name := d.Name()
		if strings.HasPrefix(name, ".") || strings.HasSuffix(name, "~") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, ".meta") {
			return nil
		}
		rel, _ := filepath.Rel(pkg, p)
		out[p+".meta"] = Content(rel, d.IsDir())
		return nil
	})
	return out, err
}

// Check lists missing, stale and orphaned .meta files.
func Check(pkg string) ([]string, error) {
	want, err := Wanted(pkg)
	if err != nil {
		return nil, err
	}
	var problems []string
	for p, c := range want {
		b, err := os.ReadFile(p)
		if err != nil {
			problems = append(problems, "missing "+p)
		} else if string(b) != c {
			problems = append(problems, "stale "+p)
		}
	}
	filepath.WalkDir(pkg, func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".meta") {
			if _, ok := want[p]; !ok {
				problems = append(problems, "orphaned "+p)
			}
		}
		return nil
	})
	sort.Strings(problems)
	return problems, nil
}

// Write creates or refreshes every .meta and removes orphaned ones.
func Write(pkg string) error {
	want, err := Wanted(pkg)
	if err != nil {
		return err
	}
	for p, c := range want {
		if b, err := os.ReadFile(p); err == nil && string(b) == c {
			continue
		}
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			return err
		}
	}
	return filepath.WalkDir(pkg, func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".meta") {
			if _, ok := want[p]; !ok {
				os.Remove(p)
			}
		}
		return nil
	})
}
