#!/bin/sh
# The unit, API and component suites on the embedded database. When TEST_DATABASE_URL is set,
# test:postgres runs the server suites next, in full, on PostgreSQL: here they keep only the files
# whose subject differs between the engines (apps/server/vitest.config.ts lists them).
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  exec env -u TEST_DATABASE_URL SERVER_SUITES=engine-specific npx vitest run "$@"
fi
exec npx vitest run "$@"
