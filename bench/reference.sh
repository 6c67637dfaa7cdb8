#!/usr/bin/env bash
# The benchmark's reference: the spec's reporter as a minimal bash + curl script, the kind of original the
# TypeScript reporter replaces. List open labelled issues, look for the title as a literal substring, create
# with properly escaped JSON, post the chat notice. Not a product: no retries, no pagination, no rate limits.
set -uo pipefail

[ -n "${ISSUE_TOKEN:-}" ] || { echo "[ERROR] ISSUE_TOKEN is required" >&2; exit 2; }
[ -n "${ISSUE_REPO:-}" ] || { echo "[ERROR] ISSUE_REPO is required (owner/repo)" >&2; exit 2; }

api_url="${ISSUE_API_URL:-${GITHUB_API_URL:-https://api.github.com}}"
base="${api_url%/}/repos/${ISSUE_REPO}"
reason="${1:-Unknown failure}"
env_name="${DEPLOY_ENV:-production}"
pipeline="${CI_PIPELINE_URL:-${BUILD_URL:-unknown}}"
sha="${CI_COMMIT_SHA:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}"
message="${CI_COMMIT_MESSAGE:-$(git log -1 --pretty=%B 2>/dev/null || echo unknown)}"
printf -v now '%(%Y-%m-%d %H:%M:%S)T' -1
title="[DEPLOY FAIL] ${env_name} — ${sha} — ${now%% *}"

# A JSON string literal (RFC 8259 §7): backslash, quote and every control character escaped, in bash
# alone so the reference needs nothing but bash and curl.
json_string() {
  local s=$1 i hex c
  s=${s//\\/\\\\}
  s=${s//\"/\\\"}
  s=${s//$'\n'/\\n}
  s=${s//$'\r'/\\r}
  s=${s//$'\t'/\\t}
  if [[ $s =~ [[:cntrl:]] ]]; then
    for ((i = 1; i < 32; i++)); do
      printf -v hex '%02x' "$i"
      printf -v c "\\x$hex"
      s=${s//"$c"/\\u00$hex}
    done
  fi
  printf '"%s"' "$s"
}

# The spec's wrapper: -s -f -S, the method, the headers, and data only when there is a payload.
api() {
  curl -s -f -S -X "$1" \
    -H "Authorization: Bearer ${ISSUE_TOKEN}" \
    -H "Accept: application/vnd.github.v3+json" \
    -H "Content-Type: application/json" \
    ${3:+--data "$3"} "${base}$2"
}

title_json=$(json_string "$title")
# A failed list counts as an empty one (the spec). Titles are compared in their JSON form, so a title
# holding quotes or backslashes still matches literally.
if api GET "/issues?state=open&labels=auto-deploy-failure&per_page=100" 2>/dev/null |
  grep -o '"title": *"\([^"\\]\|\\.\)*"' | grep -qF -- "${title_json}"; then
  echo "[INFO] Duplicate issue found, skipping creation"
  status=0
else
  body="## Deploy Failure Report

**Environment:** \`${env_name}\`
**Commit:** \`${sha}\`
**Time:** ${now}
**Pipeline:** ${pipeline}

### Commit Message
\`\`\`
${message}
\`\`\`

### Failure Reason
${reason}

### Required Actions
- [ ] Check pipeline logs
- [ ] Verify deployment artifacts
- [ ] Confirm service health
- [ ] Update issue when resolved

---
*This issue was generated automatically by the deployment monitoring script.*
"
  payload="{\"title\":${title_json},\"body\":$(json_string "$body"),\"labels\":[\"auto-deploy-failure\",\"ops\"],\"assignees\":[]}"
  if response=$(api POST /issues "$payload"); then
    [[ $response =~ \"number\":\ *([0-9]+) ]] && number=${BASH_REMATCH[1]}
    [[ $response =~ \"html_url\":\ *\"([^\"]*)\" ]] && url=${BASH_REMATCH[1]}
    echo "[INFO] Created issue #${number:-?}: ${url:-?}"
    status=0
  else
    echo "[ERROR] Failed to create issue" >&2
    status=1
  fi
fi

if [ -n "${CHAT_WEBHOOK:-}" ]; then
  text="*[DEPLOY FAILURE]* ${env_name}
Commit: \`${sha}\`
Reason: ${reason}
Pipeline: ${pipeline}"
  curl -s -X POST -H 'Content-type: application/json' --data "{\"text\":$(json_string "$text")}" "$CHAT_WEBHOOK" >/dev/null 2>&1 || true
fi
exit "$status"
