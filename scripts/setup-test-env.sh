#!/usr/bin/env bash
# Makes this Debian machine able to run every test: Debian's Chromium for the browser tests, a
# PostgreSQL server for the API suite's second run and xmllint (libxml2-utils), which checks the RSS
# feed and the sitemap. Installs only what is missing (needs root for that).
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v pg_ctlcluster >/dev/null 2>&1 || need+=(postgresql)
command -v xmllint >/dev/null 2>&1 || need+=(libxml2-utils)
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing ${need[*]} from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  version=$(ls /etc/postgresql | sort -n | tail -n 1)
  echo "setup: starting PostgreSQL $version"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
  # A fresh Debian cluster asks TCP clients for a password: give the tests' user one.
  su postgres -c "psql -q -c \"alter user postgres password 'postgres'\"" >/dev/null
fi
