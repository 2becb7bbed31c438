#!/usr/bin/env bash
# `npm audit --omit=dev --audit-level=high` for CI (issue 19): fails on a high or critical advisory
# in a production dependency. npm exits 1 both for such a finding and for an advisory service it
# cannot reach (an offline runner, a proxy refusing the POST); the second case is said plainly and
# does not fail the run, so nobody mistakes it for a clean audit. Extra arguments go to npm, e.g.
# `--registry http://127.0.0.1:9/` to see the unreachable case (docs/operations.md, npm audit).
set -uo pipefail
cd "$(dirname "$0")/.."

report="$(mktemp)"
trap 'rm -f "$report"' EXIT
# 20 s at most: an unreachable registry would otherwise be retried for minutes.
timeout 20 npm audit --omit=dev --audit-level=high --json --fetch-retries=0 "$@" >"$report" 2>/dev/null
audit_status=$?

AUDIT_STATUS="$audit_status" node --input-type=module - "$report" <<'EOF'
import { readFileSync } from 'node:fs';

const status = Number(process.env.AUDIT_STATUS);
const unreachable = (reason) => {
  console.log(`npm audit: advisory service unreachable, not checked (${reason})`);
  process.exit(0);
};
if (status === 124) unreachable('no answer within 20 s');
let report;
try {
  report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
} catch {
  console.log(`npm audit: no report (exit status ${status})`);
  process.exit(1);
}
if (!report.metadata) {
  const message = String(report.message ?? report.error?.summary ?? 'unknown error');
  // The bulk advisory endpoint, refused or out of reach: nothing was checked.
  if (/security\/advisories|audit endpoint/.test(message)) unreachable(message);
  console.log(`npm audit failed: ${message}`);
  process.exit(1);
}
const counts = report.metadata.vulnerabilities;
const serious = Object.values(report.vulnerabilities).filter((entry) =>
  ['high', 'critical'].includes(entry.severity),
);
console.log(
  `npm audit: ${report.metadata.dependencies?.prod ?? '?'} production dependencies checked; ` +
    `critical ${counts.critical}, high ${counts.high}, moderate ${counts.moderate}, low ${counts.low}`,
);
for (const entry of serious) {
  const via = entry.via.map((cause) => (typeof cause === 'string' ? cause : `${cause.title} ${cause.url}`));
  const fix = entry.fixAvailable ? 'fix available (npm audit fix)' : 'no fix yet';
  console.log(`  ${entry.severity}: ${[entry.name, entry.range].filter(Boolean).join(' ')}: ${via.join('; ')} [${fix}]`);
}
process.exit(serious.length > 0 ? 1 : 0);
EOF
