// Package platform holds every operating-system primitive the daemon needs
// (where state lives, owner-only files, single-instance locks, detached
// processes, window focus) behind portable functions. Per-OS files implement
// unexported helpers; the branching logic stays pure and is tested on any OS.
package platform
