#!/usr/bin/env bash
# Builds unitymcp.app on a Mac. The tray (fyne.io/systray) needs cgo on macOS,
# so this must run on macOS with Xcode's command line tools.
#   installer/macos/build-app.sh [VERSION]   → dist/macos/unitymcp.app
set -euo pipefail
cd "$(dirname "$0")/../.."
version="${1:-$(git describe --tags --always --dirty 2>/dev/null || echo 0.1.0-dev)}"
app=dist/macos/unitymcp.app
rm -rf "$app" && mkdir -p "$app/Contents/MacOS" "$app/Contents/Resources"
for arch in arm64 amd64; do
  CGO_ENABLED=1 GOOS=darwin GOARCH=$arch go build -trimpath \
    -ldflags "-s -w -X github.com/unitymcp/unitymcp/engine/api.Version=$version" \
    -o "dist/macos/unitymcp-$arch" ./cmd/unitymcp
done
lipo -create -output "$app/Contents/MacOS/unitymcp" dist/macos/unitymcp-arm64 dist/macos/unitymcp-amd64
printf '#!/bin/sh\nexec "$(dirname "$0")/unitymcp" serve\n' > "$app/Contents/MacOS/unitymcp-launcher"
chmod +x "$app/Contents/MacOS/unitymcp-launcher"
sed "s/__VERSION__/$version/g" installer/macos/Info.plist > "$app/Contents/Info.plist"
cp -R unity-package "$app/Contents/Resources/unity-package"
# Optional: codesign --deep --options runtime -s "Developer ID Application: …" "$app"
echo "built $app"
