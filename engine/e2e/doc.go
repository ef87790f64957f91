// Package e2e holds end-to-end tests of the daemon: in-process daemons with
// simulated editors for the fast paths, and the real unitymcp and editorsim
// binaries driven by MCP clients nobody here wrote (the official Go SDK and,
// when Node is present, the official TypeScript SDK).
package e2e
