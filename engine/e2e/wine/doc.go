// Package wine runs the Windows build of unitymcp — unitymcp.exe,
// unitymcp-tray.exe and a Windows editorsim.exe — under Wine, so the code
// that only Windows runs (*_windows.go in platform, service, tray and the
// stdio shim; the installer's Windows locations; the Run key; Win32 windows
// and dialogs) is executed in CI, not only compiled. Linux programs (the
// tests, the official TypeScript SDK client, mono, curl) talk to it over the
// loopback Wine shares with the host.
//
// The tests need Debian's wine64 and gcc-mingw-w64-x86-64-win32; they skip
// without them and fail under CI=true (.ci/run installs them). Go 1.22+
// programs call ProcessPrng from bcryptprimitives.dll at start-up, which
// Wine 8 lacks: testdata/bcryptprimitives.c is a stand-in built with mingw
// and copied into the test prefix's system32 — a test fixture, never part
// of the product. What Wine cannot tell (real toasts, SmartScreen,
// Defender) is listed in docs/desktop.md with how to check it on Windows.
package wine
