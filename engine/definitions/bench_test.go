package definitions

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// write1000 fills a folder with 1,000 definitions: probes, scripts and
// sequences calling each other in chains.
func write1000(b testing.TB) string {
	dir := b.TempDir()
	os.WriteFile(filepath.Join(dir, "snippet.cs"), []byte("return 1;"), 0o644)
	for i := 0; i < 1000; i++ {
		var s string
		switch i % 3 {
		case 0:
			s = fmt.Sprintf(`{"name":"inspect_p%d","description":"probe %d","kind":"probe","mode":"changes","inputs":{"obj":{"type":"string","description":"o","default":"Player"}},
				"reads":[{"id":"pos","path":"@scene:/{obj}/transform/position"},{"id":"sel","path":"@selection/transform/position"},{"id":"t","path":"UnityEngine.Time/time"}]}`, i, i)
		case 1:
			s = fmt.Sprintf(`{"name":"execute_s%d","description":"script %d","kind":"script","file":"snippet.cs","inputs":{"factor":{"type":"number","description":"f","default":1.5,"enum":[1.5,2]}},"examples":[{"factor":2}]}`, i, i)
		default:
			s = fmt.Sprintf(`{"name":"build_q%d","description":"sequence %d","kind":"sequence","steps":[{"id":"a","tool":"inspect_p%d"},{"id":"b","tool":"get-logs","arguments":{"SearchText":"{{a.reads.pos}}"}},{"id":"c","tool":"execute_s%d"}]}`, i, i, i-2, i-1)
		}
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("def%04d.json", i)), []byte(s), 0o644)
	}
	return dir
}

func BenchmarkLoad1000(b *testing.B) {
	dir := write1000(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		set := Load([]Dir{{dir, SourceProject}}, testTools)
		if len(set.Defs) != 1000 {
			b.Fatalf("loaded %d, rejected %v", len(set.Defs), set.Rejected[:1])
		}
	}
}
