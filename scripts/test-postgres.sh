#!/bin/sh
# Runs the database and API suites a second time on PostgreSQL when TEST_DATABASE_URL names a
# database the tests may create databases next to (CI sets it; see README).
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  echo "TEST_DATABASE_URL is not set: the PostgreSQL run of the server suites is skipped."
  exit 0
fi
exec npx vitest run --project server
