package platform

import (
	"fmt"
	"unsafe"

	"golang.org/x/sys/windows"
)

// processArgs reads the command line of pid with NtQueryInformationProcess
// (ProcessCommandLineInformation, Windows 8.1 and later: a UNICODE_STRING
// followed by its text) and splits it as CommandLineToArgvW does. The
// working folder would take reading the process's memory: not told.
func processArgs(pid int) ([]string, string, error) {
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		return nil, "", fmt.Errorf("opening process %d: %w", pid, err)
	}
	defer windows.CloseHandle(h)
	buf := make([]byte, 4096)
	for {
		var n uint32
		err = windows.NtQueryInformationProcess(h, windows.ProcessCommandLineInformation, unsafe.Pointer(&buf[0]), uint32(len(buf)), &n)
		if err == nil {
			break
		}
		if (err == windows.STATUS_INFO_LENGTH_MISMATCH || err == windows.STATUS_BUFFER_TOO_SMALL || err == windows.STATUS_BUFFER_OVERFLOW) && n > uint32(len(buf)) && n < 1<<20 {
			buf = make([]byte, n)
			continue
		}
		return nil, "", fmt.Errorf("reading the command line of process %d: %w", pid, err)
	}
	us := (*windows.NTUnicodeString)(unsafe.Pointer(&buf[0]))
	args, err := windows.DecomposeCommandLine(us.String())
	if err != nil {
		return nil, "", fmt.Errorf("splitting the command line of process %d: %w", pid, err)
	}
	return args, "", nil
}

// processExecutable asks Windows for the full path of the process's image
// (QueryFullProcessImageName, Win32 form).
func processExecutable(pid int) (string, error) {
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		return "", fmt.Errorf("opening process %d: %w", pid, err)
	}
	defer windows.CloseHandle(h)
	buf := make([]uint16, windows.MAX_LONG_PATH)
	n := uint32(len(buf))
	if err := windows.QueryFullProcessImageName(h, 0, &buf[0], &n); err != nil {
		return "", fmt.Errorf("reading the program of process %d: %w", pid, err)
	}
	return windows.UTF16ToString(buf[:n]), nil
}
