#!/usr/bin/env bash
# Everything CI runs: typecheck, lint, unit and API tests on PGlite, the API tests again on a real
# PostgreSQL server, then the production build and the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup-test-env.sh
export TEST_PG_URL="${TEST_PG_URL:-postgres://postgres:postgres@127.0.0.1:5432/postgres}"

echo "== typecheck, lint, unit and API tests (PGlite)"
npm run -s check

echo "== API tests (PostgreSQL)"
# (pglite-prepared tests PGlite's own query path: nothing of it runs on PostgreSQL)
TEST_DATABASE_URL="$TEST_PG_URL" npx vitest run server scripts --exclude server/db/pglite-prepared.test.ts

echo "== build and browser tests"
npm run -s build
npm run -s test:e2e
