#!/usr/bin/env bash
# The benchmark's reference for `resolve`, in the style of bench/reference.sh (bash, a fresh curl per call,
# jq to read the list): after a good deploy, list the open labelled issues, and for each one whose title is
# for DEPLOY_ENV comment and close it, then post one chat notice. Writes are 1 s apart, as GitHub asks of
# every client (https://docs.github.com/en/rest/using-the-rest-api/best-practices-for-using-the-rest-api),
# so that it waits what the reporter waits. Not a product: no retries, no pagination, no concurrent-run checks.
set -uo pipefail

[ -n "${ISSUE_TOKEN:-}" ] || { echo "[ERROR] ISSUE_TOKEN is required" >&2; exit 2; }
[ -n "${ISSUE_REPO:-}" ] || { echo "[ERROR] ISSUE_REPO is required (owner/repo)" >&2; exit 2; }

api_url="${ISSUE_API_URL:-${GITHUB_API_URL:-https://api.github.com}}"
base="${api_url%/}/repos/${ISSUE_REPO}"
env_name="${DEPLOY_ENV:-production}"
pipeline="${CI_PIPELINE_URL:-${BUILD_URL:-unknown}}"
sha="${CI_COMMIT_SHA:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}"
printf -v now '%(%Y-%m-%d %H:%M:%S)T' -1

api() {
  curl -s -f -S -X "$1" \
    -H "Authorization: Bearer ${ISSUE_TOKEN}" \
    -H "Accept: application/vnd.github.v3+json" \
    -H "Content-Type: application/json" \
    ${3:+--data "$3"} "${base}$2"
}

list=$(api GET "/issues?state=open&labels=auto-deploy-failure&per_page=100") || { echo "[ERROR] Could not list open issues" >&2; exit 1; }
mapfile -t found < <(jq -r --arg prefix "[DEPLOY FAIL] ${env_name} — " \
  '.[] | select(.pull_request == null and (.title | startswith($prefix))) | "\(.number) \(.html_url)"' <<<"$list")
if [ "${#found[@]}" -eq 0 ]; then
  echo "[INFO] No open auto-deploy-failure issue for ${env_name}; nothing to close"
  exit 0
fi

comment=$(jq -n --arg body "Deploy recovered: \`${sha}\` deployed to \`${env_name}\` at ${now} (${pipeline})." '{body: $body}')
closed=()
status=0
wrote=
for entry in "${found[@]}"; do
  number=${entry%% *}
  [ -n "$wrote" ] && sleep 1
  wrote=1
  if api POST "/issues/${number}/comments" "$comment" >/dev/null && sleep 1 &&
    api PATCH "/issues/${number}" '{"state":"closed","state_reason":"completed"}' >/dev/null; then
    echo "[INFO] Closed issue #${number}: ${entry#* }"
    closed+=("#${number}")
  else
    echo "[ERROR] Could not close issue #${number}" >&2
    status=1
  fi
done

if [ -n "${CHAT_WEBHOOK:-}" ] && [ "${#closed[@]}" -gt 0 ]; then
  list_text=$(IFS=,; echo "${closed[*]}")
  text="*[DEPLOY RECOVERED]* ${env_name}
Commit: \`${sha}\`
Closed: ${list_text//,/, }
Pipeline: ${pipeline}"
  curl -s -X POST -H 'Content-type: application/json' --data "$(jq -n --arg text "$text" '{text: $text}')" "$CHAT_WEBHOOK" >/dev/null 2>&1 || true
fi
exit "$status"
