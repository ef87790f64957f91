package platform

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
)

// ErrArgsUnsupported wraps every reason ProcessArgs cannot read another
// process's command line here.
var ErrArgsUnsupported = errors.New("reading another process's command line is not possible here")

// ProcessArgs returns the command line another process of this user was
// started with (argv, the program first) and its working folder when the
// OS tells it ("" otherwise): Linux reads /proc, macOS the kern.procargs2
// sysctl, Windows the process's command line through
// NtQueryInformationProcess. The daemon reads an editor's -logFile there.
func ProcessArgs(pid int) (args []string, dir string, err error) {
	if pid <= 0 {
		return nil, "", fmt.Errorf("%w: no process id", ErrArgsUnsupported)
	}
	return processArgs(pid)
}

// ProcessExecutable returns the path of the program process pid runs as
// the OS knows it, not its argv[0] (which the process itself chose): the
// /proc/<pid>/exe link on Linux, kern.procargs2's executable path on macOS,
// QueryFullProcessImageName on Windows.
func ProcessExecutable(pid int) (string, error) {
	if pid <= 0 {
		return "", fmt.Errorf("%w: no process id", ErrArgsUnsupported)
	}
	return processExecutable(pid)
}

// IsUnityEditor reports whether exe, ProcessExecutable's answer on goos,
// is the Unity Editor's program: …/Unity on Linux, …\Unity.exe on
// Windows, …/Unity.app/Contents/MacOS/Unity on macOS (Unity Hub installs
// it under a folder per version; the program's own name does not change).
func IsUnityEditor(goos, exe string) bool {
	switch goos {
	case "windows":
		exe = strings.ReplaceAll(exe, `\`, "/")
		return strings.EqualFold(exe[strings.LastIndexByte(exe, '/')+1:], "Unity.exe")
	case "darwin":
		return strings.HasSuffix(exe, "/Unity.app/Contents/MacOS/Unity")
	}
	// A program replaced on disk while it runs (an editor update) reads
	// "… (deleted)" on Linux.
	exe = strings.TrimSuffix(exe, " (deleted)")
	return strings.HasSuffix(exe, "/Unity")
}

// parseProcArgs2 reads macOS's kern.procargs2 (procargs_darwin.go): the
// executable's path and the arguments. It is pure, so it is tested on any
// OS.
func parseProcArgs2(b []byte) (string, []string, error) {
	if len(b) < 4 {
		return "", nil, fmt.Errorf("procargs2 is %d bytes", len(b))
	}
	argc := int(binary.LittleEndian.Uint32(b))
	rest := string(b[4:])
	// The executable path, then NULs up to the first argument.
	i := strings.IndexByte(rest, 0)
	if i < 0 {
		return "", nil, fmt.Errorf("procargs2 has no executable path")
	}
	exe := rest[:i]
	rest = strings.TrimLeft(rest[i:], "\x00")
	args := make([]string, 0, argc)
	for len(args) < argc && rest != "" {
		j := strings.IndexByte(rest, 0)
		if j < 0 {
			j = len(rest)
		}
		args = append(args, rest[:j])
		rest = rest[min(j+1, len(rest)):]
	}
	return exe, args, nil
}
