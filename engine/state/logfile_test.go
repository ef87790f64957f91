package state

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLogRotation(t *testing.T) {
	d, _ := At(t.TempDir())
	l, err := d.OpenLog(100, 2)
	if err != nil {
		t.Fatal(err)
	}
	line := strings.Repeat("x", 39) + "\n"
	for i := 0; i < 10; i++ {
		l.Write([]byte(line))
	}
	l.Close()
	for _, f := range []string{"daemon.log", "daemon.log.1", "daemon.log.2"} {
		fi, err := os.Stat(filepath.Join(d.LogsDir(), f))
		if err != nil || fi.Size() > 100 {
			t.Errorf("%s: %v %v", f, fi, err)
		}
	}
	if _, err := os.Stat(filepath.Join(d.LogsDir(), "daemon.log.3")); err == nil {
		t.Error("kept more than 2 old logs")
	}
}
