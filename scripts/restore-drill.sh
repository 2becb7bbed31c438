#!/usr/bin/env bash
# Restore drill (docs/operations.md, Production layout): dumps a Cursus database, restores the dump
# into a scratch database next to it, starts the server against the copy and checks that it is
# ready and holds the rows the source held. Nothing is written to the source; the scratch database
# and the dump are removed at the end (KEEP_DRILL=1 keeps them).
#
#   scripts/restore-drill.sh postgres://cursus:…@db.internal:5432/cursus [SCRATCH_SERVER_URL]
#
# The scratch database is created on the source's server, or on SCRATCH_SERVER_URL's (any database
# of another server: needed when the source is a read-only replica). That login needs CREATEDB. Stored files (DATA_DIR or the S3 bucket) are not part
# of the drill: restore those with your storage's own tools.
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
  echo "usage: $0 SOURCE_DATABASE_URL [SCRATCH_SERVER_URL]" >&2
  exit 2
fi
source_url="$1"
server_url="${2:-$1}"
cd "$(dirname "$0")/.."
repo="$PWD"

SECONDS=0
step() { echo "[$(printf '%3d' "$SECONDS") s] $*"; }
# The scratch server's URL, naming another of its databases.
url_of() { node -e 'const url = new URL(process.argv[1]); url.pathname = `/${process.argv[2]}`; console.log(url.toString())' "$server_url" "$1"; }
# Exact row counts of every table of the public schema, "table count" per line.
row_counts() {
  psql "$1" -v ON_ERROR_STOP=1 -Atq -F ' ' <<'SQL'
select table_name,
       (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from public.%I', table_name), false, true, '')))[1]::text::bigint
from information_schema.tables
where table_schema = 'public' and table_type = 'BASE TABLE'
SQL
}

scratch="cursus_restore_drill_$(date +%Y%m%d%H%M%S)"
scratch_url="$(url_of "$scratch")"
work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid"
    wait "$server_pid" || true
  fi
  if [[ "${KEEP_DRILL:-}" == 1 ]]; then
    echo "kept: database $scratch, dump and server log in $work"
  else
    psql "$server_url" -q -c "drop database if exists \"$scratch\" with (force)" || true
    rm -rf "$work"
  fi
}
trap cleanup EXIT

step "counting the source's rows"
row_counts "$source_url" | LC_ALL=C sort >"$work/source-counts.txt"

step "pg_dump of the source (custom format, one consistent snapshot)"
pg_dump --format=custom --file="$work/cursus.dump" "$source_url"
echo "       dump: $(du -h "$work/cursus.dump" | cut -f1)"

step "restoring into the scratch database $scratch"
psql "$server_url" -v ON_ERROR_STOP=1 -q -c "create database \"$scratch\""
# The roles the server runs as belong to the cluster, not to the dump: a new server needs them
# before the grants and policies that name them (docs/operations.md, Database).
psql "$scratch_url" -v ON_ERROR_STOP=1 -q <<'SQL'
do $$
declare name text;
begin
  foreach name in array array['cursus_app', 'cursus_service', 'cursus_jobs'] loop
    if not exists (select from pg_roles where rolname = name) then
      execute format('create role %I nologin', name);
    end if;
  end loop;
end $$;
SQL
# --no-owner: the drill's login owns the copy, whoever owned the source.
pg_restore --no-owner --exit-on-error --dbname="$scratch_url" "$work/cursus.dump"

step "starting the server on the copy"
port="$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
mkdir -p "$work/data"
tsx="$(node -p 'require("node:url").pathToFileURL(require.resolve("tsx")).href')"
# Its own working directory, so no .env of the checkout is read; production mode, as a restore would run.
(
  cd "$work/data"
  exec env -i PATH="$PATH" NODE_ENV=production HOST=127.0.0.1 PORT="$port" \
    APP_URL="http://localhost:$port" DATA_DIR="$work/data" DATABASE_URL="$scratch_url" LOG_LEVEL=warn \
    node --import "$tsx" "$repo/apps/server/src/main.ts"
) >"$work/server.log" 2>&1 &
server_pid=$!
ready=""
for _ in $(seq 1 120); do
  if ready="$(curl -fsS "http://127.0.0.1:$port/api/ready" 2>/dev/null)"; then break; fi
  if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
  ready=""
  sleep 0.5
done
if [[ -z "$ready" ]]; then
  echo "the server did not become ready on the copy; its log:" >&2
  cat "$work/server.log" >&2
  exit 1
fi
echo "       GET /api/ready: $ready"

step "comparing row counts"
row_counts "$scratch_url" | LC_ALL=C sort >"$work/restored-counts.txt"
# The server may have written a few rows since it started (its jobs' runs, response times), and a
# live source may have moved since the dump: only missing tables and rows lost fail the drill.
report="$(
  LC_ALL=C join -a 1 -e missing -o 0,1.2,2.2 "$work/source-counts.txt" "$work/restored-counts.txt" |
    awk '
      { source += $2; if ($3 != "missing") restored += $3 }
      $3 == "missing" || $3 < $2 { lost++; print "       LOST  " $1 ": " $2 " in the source, " $3 " restored" }
      END { printf "       %d tables, %d rows in the source, %d restored\n", NR, source, restored; exit lost > 0 }
    '
)" && status=0 || status=$?
echo "$report"
for table in organizations profiles courses course_enrollments user_time_tracking attendance_signatures stored_files; do
  grep "^$table " "$work/restored-counts.txt" | awk '{ printf "       %-24s %s\n", $1, $2 }' || true
done
if ((status != 0)); then
  echo "restore drill FAILED: rows are missing from the copy" >&2
  exit 1
fi
step "restore drill passed"
