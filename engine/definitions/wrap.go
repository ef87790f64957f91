package definitions

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
)

// ScriptUsings are in scope for every definition script, as for
// execute_code, plus Newtonsoft.Json.Linq for the args.
var ScriptUsings = []string{"System", "System.Collections", "System.Collections.Generic", "System.Linq",
	"System.Threading.Tasks", "UnityEngine", "UnityEditor", "Newtonsoft.Json.Linq"}

// Wrap turns a script's snippet into a compilable class:
//
//	using System; … using Newtonsoft.Json.Linq;   (+ the snippet's own leading usings)
//	namespace McpScripts {
//	  public static class Script_<hash> {
//	    public static object Execute(JObject args) {
//	#line N "<file>"
//	      <snippet>
//	#line default
//	      return null;
//	    } } }
//
// Leading `using X;` lines of the snippet are hoisted above the class (a
// using inside a method would not compile); the #line directive makes the
// compiler report errors at the lines of the user's .cs file. It returns the
// source and its hash (the first 16 hex digits of SHA-256), which names the
// class and keys the editor's assembly cache.
func Wrap(snippet, file string) (source, hash string) {
	lines := strings.Split(strings.ReplaceAll(snippet, "\r\n", "\n"), "\n")
	var usings []string
	first := 0
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "//") {
			continue
		}
		if strings.HasPrefix(t, "using ") && strings.HasSuffix(t, ";") && !strings.Contains(t, "(") {
			usings = append(usings, t)
			first = i + 1
			continue
		}
		break
	}
	body := strings.Join(lines[first:], "\n")
	var b strings.Builder
	for _, u := range ScriptUsings {
		b.WriteString("using " + u + ";\n")
	}
	for _, u := range usings {
		b.WriteString(u + "\n")
	}
	b.WriteString("namespace McpScripts {\npublic static class Script_HASH {\npublic static object Execute(JObject args) {\n")
	fmt.Fprintf(&b, "#line %d %q\n", first+1, strings.ReplaceAll(file, `\`, `/`))
	b.WriteString(body)
	b.WriteString("\n#line default\nreturn null;\n}\n}\n}\n")
	src := b.String()
	sum := sha256.Sum256([]byte(src))
	hash = hex.EncodeToString(sum[:])[:16]
	return strings.Replace(src, "Script_HASH", "Script_"+hash, 1), hash
}
