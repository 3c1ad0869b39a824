#!/usr/bin/env bash
# Everything CI runs: typecheck, lint, unit and API tests on PGlite, the API tests again on a real
# PostgreSQL server, then the production build and the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

# each part's time and the whole run's, printed at the end whether it passed or not (issue 30: under
# 20 minutes on a quiet 2-core machine)
start=$SECONDS
mark=$SECONDS
times=()
part() {
  times+=("$(( SECONDS - mark )) s")
  mark=$SECONDS
  echo "== $1"
}
trap 'times+=("$(( SECONDS - mark )) s"); echo "== npm test took $(( SECONDS - start )) s (set-up, then each part: ${times[*]})"' EXIT

bash scripts/setup-test-env.sh
export TEST_PG_URL="${TEST_PG_URL:-postgres://postgres:postgres@127.0.0.1:5432/postgres}"

part "typecheck, lint, formatting, counts, unit and API tests (PGlite)"
npm run -s check

part "API tests (PostgreSQL)"
# (pglite-prepared tests PGlite's own query path: nothing of it runs on PostgreSQL; the learning pages'
# access and the course content screen's actions run on both engines too, issue 31)
TEST_DATABASE_URL="$TEST_PG_URL" npx vitest run server scripts tests/unit/learning-pages.test.ts \
  tests/unit/course-content-action.test.ts --exclude server/db/pglite-prepared.test.ts

part "build and browser tests"
npm run -s build
npm run -s test:e2e
