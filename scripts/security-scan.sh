#!/usr/bin/env bash
# Security scans (issue 19, point 6; docs/security.md, "Scans"): sqlmap and wapiti against a local
# instance this script starts and stops, signed in as a learner and as a trainer of the demo
# organisation so that they reach the authenticated routes. Installs nothing: it needs the Debian
# packages (`apt-get install -y sqlmap wapiti`). Only 127.0.0.1 is contacted.
#
#   scripts/security-scan.sh [--quick]
#
# The instance: the server as `npm start` runs it (NODE_ENV=development, since the demo seed refuses
# production), the embedded database in a temporary DATA_DIR with the demo seed, the built web app
# if `npm run build` made apps/web/dist (otherwise the API alone: say so in the findings). Reports go
# to a temporary folder printed at the end (KEEP_SCAN=0 deletes it): sqlmap's log per target, wapiti's
# HTML and JSON reports per role, and summary.txt.
#
# Bounded time: every sqlmap target has SQLMAP_SECONDS (120 s; --quick: 40 s), every wapiti run
# WAPITI_SECONDS of scanning (240 s; --quick: 60 s) and 60 s per attack module. Sign-in is left out
# of sqlmap: its rate limit (30 attempts per 15 minutes per address) answers 429 after a few of its
# requests, so sqlmap would be judging the limiter; its queries are better-auth's, parameterised.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
[[ "${1:-}" == "--quick" ]] && quick=1
SQLMAP_SECONDS="${SQLMAP_SECONDS:-$([[ $quick == 1 ]] && echo 40 || echo 120)}"
WAPITI_SECONDS="${WAPITI_SECONDS:-$([[ $quick == 1 ]] && echo 60 || echo 240)}"
PORT="${SCAN_PORT:-3950}"
base="http://127.0.0.1:${PORT}"

missing=()
for tool in sqlmap wapiti curl node; do
  command -v "$tool" >/dev/null || missing+=("$tool")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "missing: ${missing[*]} (Debian: apt-get install -y sqlmap wapiti curl)" >&2
  exit 2
fi

work="$(mktemp -d /tmp/cursus-security-scan-XXXXXX)"
summary="$work/summary.txt"
server_pid=""
cleanup() {
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid"
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work/data"
  if [[ "${KEEP_SCAN:-1}" == "0" ]]; then rm -rf "$work"; fi
}
trap cleanup EXIT

SECONDS=0
step() { echo "[$(printf '%4d' "$SECONDS") s] $*"; }
note() { echo "$*" | tee -a "$summary"; }

note "Cursus security scan, $(date -u +%Y-%m-%dT%H:%M:%SZ), commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
note "$(sqlmap --version 2>/dev/null | head -1 | sed 's/^/sqlmap /'), $(wapiti --version 2>/dev/null | grep -Eo '[0-9]+\.[0-9]+\.[0-9]+' | head -1 | sed 's/^/wapiti /')"
if [[ -f apps/web/dist/index.html ]]; then
  note "web app: apps/web/dist served"
else
  note "web app: not built (npm run build), the API alone is scanned"
fi

step "starting the server (embedded database, demo seed) on $base"
NODE_ENV=development PORT="$PORT" HOST=127.0.0.1 APP_URL="$base" DATA_DIR="$work/data" SEED_DEMO=true \
  LOG_LEVEL=warn node --import tsx apps/server/src/main.ts >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 240); do
  curl -fsS "$base/api/ready" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 0.5
done
curl -fsS "$base/api/ready" >/dev/null

# The demo seed's accounts: role, email, password, tab-separated.
account() { awk -F'\t' -v role="$1" '$1 == role { print $2 "\t" $3; exit }' "$work/data/demo-accounts.txt"; }
# Signs in and prints the session cookie ("name=value"), or nothing when sign-in asks for more.
sign_in() {
  local email password
  IFS=$'\t' read -r email password <<<"$(account "$1")"
  curl -sS -o /dev/null -D - -H 'content-type: application/json' -H "origin: $base" \
    --data "$(node -e 'console.log(JSON.stringify({ email: process.argv[1], password: process.argv[2] }))' "$email" "$password")" \
    "$base/api/auth/sign-in" | grep -i '^set-cookie: cursus.session_token=' | head -1 | sed -E 's/^[Ss]et-[Cc]ookie: ([^;]+);.*/\1/'
}
learner_cookie="$(sign_in student)"
trainer_cookie="$(sign_in trainer)"
[[ -n "$learner_cookie" ]] || { echo "the learner could not sign in" >&2; exit 1; }
[[ -n "$trainer_cookie" ]] || { echo "the trainer could not sign in (second factor required?)" >&2; exit 1; }
get() { curl -fsS -H "cookie: $1" "$base$2"; }
first_id() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const items=JSON.parse(s).items??[];console.log(items[0]?.[process.argv[1]]??"")})' "$1"; }
course_id="$(get "$learner_cookie" /api/learning/courses | first_id id)"
session_id="$(curl -fsS -H "cookie: $learner_cookie" -H "origin: $base" -H 'content-type: application/json' \
  --data '{}' "$base/api/time-tracking/sessions/start" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).session.id))')"
step "signed in as a learner and a trainer; formation $course_id, open session $session_id"

# Parameterised routes: GET queries and path parameters, and JSON bodies (a '*' marks each place).
learner_targets=(
  "$base/api/learning/courses?search=a&page=1&pageSize=10"
  "$base/api/learning/courses/${course_id}*"
  "$base/api/messages/conversations?search=a&page=1"
  "$base/api/notifications?page=1"
)
trainer_targets=(
  "$base/api/courses?search=a&page=1&sortBy=title&order=asc"
  "$base/api/organizations/students?search=a&page=1"
  "$base/api/time-tracking/connection-logs?from=2026-01-01&to=2026-01-31&page=1"
  "$base/api/trainer/analytics?period=12m"
  "$base/api/marketplace/listings?search=a&page=1"
  "$base/api/forum/threads?search=a&sort=activity&page=1"
)

sqlmap_run() {
  local name="$1" cookie="$2"
  shift 2
  local out="$work/sqlmap/$name"
  mkdir -p "$out"
  timeout --foreground "$SQLMAP_SECONDS" sqlmap --batch --disable-coloring --flush-session \
    --level 2 --risk 1 --dbms PostgreSQL --technique BEUST --time-sec 2 --threads 2 \
    --output-dir "$out" --cookie "$cookie" -H "origin: $base" "$@" >"$out.log" 2>&1 || true
  local verdict
  if grep -qiE "is vulnerable|appears to be .*injectable|identified the following injection point" "$out.log"; then
    verdict="INJECTABLE (see $out.log)"
  elif grep -qi "do not appear to be injectable" "$out.log"; then
    verdict="not injectable"
  else
    verdict="no verdict within ${SQLMAP_SECONDS} s (see $out.log)"
  fi
  note "  sqlmap $name: $verdict"
}

step "sqlmap: ${#learner_targets[@]} learner and ${#trainer_targets[@]} trainer GET routes, 2 JSON bodies (${SQLMAP_SECONDS} s each at most)"
note "sqlmap (level 2, risk 1, techniques BEUST, PostgreSQL):"
index=0
for url in "${learner_targets[@]}"; do
  index=$((index + 1))
  sqlmap_run "learner-get-$index" "$learner_cookie" -u "$url"
  note "    $url"
done
index=0
for url in "${trainer_targets[@]}"; do
  index=$((index + 1))
  sqlmap_run "trainer-get-$index" "$trainer_cookie" -u "$url"
  note "    $url"
done
sqlmap_run learner-heartbeat "$learner_cookie" -u "$base/api/time-tracking/sessions/${session_id}*/heartbeat" \
  --method POST -H 'content-type: application/json' --data '{"elapsedSeconds":10*}'
note "    POST /api/time-tracking/sessions/:id/heartbeat {elapsedSeconds}"
sqlmap_run trainer-course "$trainer_cookie" -u "$base/api/courses" \
  --method POST -H 'content-type: application/json' --data '{"title":"Audit*","description":"Audit*"}'
note "    POST /api/courses {title, description}"

wapiti_run() {
  local role="$1" cookie="$2"
  shift 2
  # No --exclude: wapiti 3.0.4 fails on every one under Python 3.11 (its pattern puts the flags last).
  # Its crawler only follows links (GET), so it never signs out (a POST). No xxe nor ssrf: they call
  # wapiti's server on the Internet, and this scan contacts 127.0.0.1 only.
  local starts=()
  for url in "$@"; do starts+=(-s "${url//\*/}"); done
  mkdir -p "$work/wapiti"
  wapiti -u "$base/" --scope folder --flush-session --no-bugreport --store-session "$work/wapiti/session-$role" \
    -m "sql,blindsql,xss,permanentxss,exec,file,crlf,redirect,methods,cookieflags,csp,http_headers,backup,htaccess" \
    --max-scan-time "$WAPITI_SECONDS" --max-attack-time 60 -t 10 -d 4 \
    -H "Cookie: $cookie" \
    "${starts[@]}" -f json -o "$work/wapiti/$role.json" >"$work/wapiti/$role.log" 2>&1 || true
  node -e '
    const report = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    for (const group of ["vulnerabilities", "anomalies", "additionals"])
      for (const [category, findings] of Object.entries(report[group] ?? {}))
        for (const finding of findings) console.log(`  wapiti ${process.argv[2]} ${group}: ${category}: ${finding.method} ${finding.path} ${finding.parameter ?? ""} (${finding.info})`);
  ' "$work/wapiti/$role.json" "$role" | sort -u | tee -a "$summary" || note "  wapiti $role: no report (see $work/wapiti/$role.log)"
}

step "wapiti as the learner, then as the trainer (${WAPITI_SECONDS} s each at most)"
note "wapiti (modules sql, blindsql, xss, permanentxss, exec, file, crlf, redirect, methods, cookieflags, csp, http_headers, backup, htaccess):"
wapiti_run learner "$learner_cookie" "$base/" "${learner_targets[@]}"
wapiti_run trainer "$trainer_cookie" "$base/" "${trainer_targets[@]}"

step "done: reports in $work"
errors="$(grep -c '"level":50' "$work/server.log" || true)"
note "server: ${errors} lines logged at error level (the 500s a scan provoked, if any; $work/server.log)"
cat "$summary"
