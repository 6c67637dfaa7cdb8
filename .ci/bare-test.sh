#!/usr/bin/env bash
# The README's `npm test` as on a newcomer's bare machine: no rsync on PATH (the GitLab tests give
# gitlab-ci-local a stand-in), HOME an empty read-only folder (no git identity, no ~/.npm, nothing may be
# written there; it must still be empty afterwards) and no system git config. npm's cache is the one
# `npm ci` filled before this, as on that machine. On Node 20 the suite installs its own Node 24 for
# gitlab-ci-local and the action (.ci/node24.sh, into .cache/). Run by .ci/run and the repository's CI.
set -euo pipefail
cd "$(dirname "$0")/.."

npm_cache=$(npm config get cache)
bare_home=$(mktemp -d)
chmod 555 "$bare_home"
# A PATH folder holding rsync is replaced by a copy of it in links, without rsync.
bare_path=
IFS=: read -ra path_dirs <<< "$PATH"
for dir in "${path_dirs[@]}"; do
  if [ -x "$dir/rsync" ]; then
    mirror=$(mktemp -d)
    ln -s "$dir"/* "$mirror"/
    rm "$mirror/rsync"
    dir=$mirror
  fi
  bare_path+="${bare_path:+:}$dir"
done
if PATH="$bare_path" command -v rsync >/dev/null; then
  echo "bare-test: rsync is still on PATH ($(PATH="$bare_path" command -v rsync))" >&2
  exit 1
fi
echo "== npm test on $(node --version), bare: no rsync on PATH, HOME empty"
HOME="$bare_home" PATH="$bare_path" GIT_CONFIG_NOSYSTEM=1 npm_config_cache="$npm_cache" npm_config_update_notifier=false npm test "$@"
if [ -n "$(ls -A "$bare_home")" ]; then
  echo "npm test wrote to HOME: $(ls -A "$bare_home" | tr '\n' ' ')" >&2
  exit 1
fi
