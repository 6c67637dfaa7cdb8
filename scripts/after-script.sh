#!/usr/bin/env bash
# shellcheck shell=sh
# Usage: source scripts/after-script.sh      in a CI after_script, after the deploy job
#        bash scripts/after-script.sh [--help]
#
#   CI_JOB_STATUS=failed   files the failure: scripts/report.mts "Deploy job failed"
#   CI_JOB_STATUS=success  closes this environment's open failure issues: scripts/resolve.mts
#   anything else          does nothing
#
# Options: -h, --help  show this text (when run with bash rather than sourced)
# Environment: CI_JOB_STATUS, and everything scripts/report.mts reads (see its --help).
# Exit status: always 0: it never makes the after_script fail; the reporter's own errors are printed.
#
# It can be sourced from any folder (it finds the project through BASH_SOURCE); the tools run in the
# caller's folder, so its .env and its git checkout are the ones used. Plain sh has no BASH_SOURCE:
# there, source it from the project root, or run it with bash.

# Everything runs in a subshell, so set -e/-u/-o pipefail, traps, variables and the working directory
# stay the caller's, and the one function is removed again afterwards.
__deploy_failure_reporter_after_script() (
  set +e +u
  # bash hands an ERR trap down under set -E; it must not fire for failures that are handled here.
  [ -z "${BASH_VERSION:-}" ] || trap - ERR

  if [ "$2" = executed ] && { [ "${3:-}" = --help ] || [ "${3:-}" = -h ]; }; then
    sed -n '3,16s/^# \{0,1\}//p' "$1"
    exit 0
  fi

  case ${1##*/} in
    after-script.sh) root=$(CDPATH='' cd -- "$(dirname -- "$1")/.." && pwd -P) || root='' ;;
    *) root=$PWD ;;
  esac
  say() { printf '[WARN] deploy-failure-reporter: %s\n' "$*" >&2; }

  case ${CI_JOB_STATUS:-} in
    failed) script=report.mts ;;
    success) script=resolve.mts ;;
    *) exit 0 ;;
  esac
  if [ ! -f "$root/scripts/report.mts" ]; then
    say "cannot find the project (looked in ${root:-an unknown folder}); source scripts/after-script.sh from bash"
    exit 0
  fi
  zx=$root/node_modules/zx/build/cli.js
  if ! command -v node >/dev/null 2>&1 || [ ! -f "$zx" ]; then
    say "node or $zx is missing (run npm ci in $root); CI_JOB_STATUS=$CI_JOB_STATUS not reported"
    exit 0
  fi

  # The zx CLI under node with the project's loader hook: what `npx zx scripts/…` runs from the project
  # root, here from the caller's folder so that its .env and git checkout are the ones used.
  if [ "$script" = report.mts ]; then
    node --import "$root/scripts/ts-hook.mjs" "$zx" "$root/scripts/report.mts" "Deploy job failed"
  else
    node --import "$root/scripts/ts-hook.mjs" "$zx" "$root/scripts/resolve.mts"
  fi
  code=$?
  [ "$code" -eq 0 ] || say "scripts/$script exited with $code; the after_script carries on"
  exit 0
)

if [ "${BASH_SOURCE:-}" = "$0" ]; then
  __deploy_failure_reporter_after_script "$0" executed "$@" || :
else
  __deploy_failure_reporter_after_script "${BASH_SOURCE:-$0}" sourced || :
fi
unset -f __deploy_failure_reporter_after_script
