#!/usr/bin/env bash
# shellcheck shell=sh
# Usage: source scripts/after-script.sh      in a CI after_script, after the deploy job
#        bash scripts/after-script.sh [--help]
#
#   CI_JOB_STATUS=failed   files the failure: report "Deploy job failed"
#   CI_JOB_STATUS=success  closes this environment's open failure issues: resolve
#   anything else          does nothing
#
# Options: -h, --help  show this text (when run with bash rather than sourced)
# Environment: CI_JOB_STATUS, and everything the report command reads (see its --help).
# Exit status: always 0: it never makes the after_script fail; the reporter's own errors are printed, and
#   when the reporter cannot start at all, one [ERROR] line says the failure was not reported and why.
#
# Sourced from an installed package (node_modules/deploy-failure-reporter/scripts/after-script.sh) it
# runs the built dist/cli.js; from a checkout (a submodule or a copy) it runs scripts/*.mts with zx.
# It can be sourced from any folder (it finds itself through BASH_SOURCE); the tools run in the caller's
# folder, so its .env and its git checkout are the ones used. Plain sh has no BASH_SOURCE: there, source
# it from the project root, or run it with bash.

# Everything runs in a subshell, so set -e/-u/-o pipefail, traps, variables and the working directory
# stay the caller's, and the one function is removed again afterwards.
__deploy_failure_reporter_after_script() (
  set +e +u
  # bash hands an ERR trap down under set -E; it must not fire for failures that are handled here.
  [ -z "${BASH_VERSION:-}" ] || trap - ERR

  if [ "$2" = executed ] && { [ "${3:-}" = --help ] || [ "${3:-}" = -h ]; }; then
    sed -n '3,20s/^# \{0,1\}//p' "$1"
    exit 0
  fi

  case ${1##*/} in
    after-script.sh) root=$(CDPATH='' cd -- "$(dirname -- "$1")/.." && pwd -P) || root='' ;;
    *) root=$PWD ;;
  esac
  say() { printf '[WARN] deploy-failure-reporter: %s\n' "$*" >&2; }

  case ${CI_JOB_STATUS:-} in
    failed) tool=report; lost='the deploy failure was NOT reported' ;;
    success) tool=resolve; lost="this environment's failure issues were NOT resolved" ;;
    *) exit 0 ;;
  esac
  # The one line printed when the reporter cannot start: what was lost, why, and what to run.
  cannot() { printf '[ERROR] deploy-failure-reporter: %s: %s\n' "$lost" "$*" >&2; }

  if ! command -v node >/dev/null 2>&1; then
    cannot "node is not on PATH; install Node.js 20.18 or later in this job's image"
    exit 0
  fi
  if [ -f "$root/scripts/report.mts" ]; then
    # A checkout: the TypeScript sources under zx, with the project's loader hook, as `npx zx scripts/…`
    # runs them from the project root; here from the caller's folder.
    label=scripts/$tool.mts
    zx=$root/node_modules/zx/build/cli.js
    if [ ! -f "$zx" ]; then
      cannot "its dependencies are not installed in $root; run: npm ci --prefix $root"
      exit 0
    fi
    # Node before 22.18 cannot run TypeScript itself: it needs tsx, a dev dependency.
    if [ ! -f "$root/node_modules/tsx/package.json" ] && ! node -e 'process.exit(process.features.typescript ? 0 : 1)' 2>/dev/null; then
      cannot "Node $(node --version) needs tsx to run the TypeScript sources, and it is not installed in $root; run: npm ci --prefix $root (without --omit=dev), or use Node 22.18 or later"
      exit 0
    fi
    if [ "$tool" = report ]; then
      node --import "$root/scripts/ts-hook.mjs" "$zx" "$root/scripts/report.mts" "Deploy job failed"
    else
      node --import "$root/scripts/ts-hook.mjs" "$zx" "$root/scripts/resolve.mts"
    fi
  elif [ -f "$root/dist/cli.js" ]; then
    # The installed package: plain JavaScript with its dependencies bundled, so hoisting does not matter.
    label="deploy-failure-reporter $tool"
    if [ "$tool" = report ]; then
      node "$root/dist/cli.js" report "Deploy job failed"
    else
      node "$root/dist/cli.js" resolve
    fi
  else
    cannot "cannot find the reporter in ${root:-an unknown folder}; source after-script.sh by its path from bash (plain sh: from the project root)"
    exit 0
  fi
  code=$?
  [ "$code" -eq 0 ] || say "$label exited with $code; the after_script carries on"
  exit 0
)

if [ "${BASH_SOURCE:-}" = "$0" ]; then
  __deploy_failure_reporter_after_script "$0" executed "$@" || :
else
  __deploy_failure_reporter_after_script "${BASH_SOURCE:-$0}" sourced || :
fi
unset -f __deploy_failure_reporter_after_script
