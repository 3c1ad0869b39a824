#!/usr/bin/env bash
# Makes this Debian machine able to run every test: Debian's Chromium headless shell for the browser
# tests (and the whole Chromium for npm run bench:lighthouse), a
# PostgreSQL server for the API suite's second run, Redis for the shared page cache's test, and xmllint
# (libxml2-utils), which checks the RSS feed and the sitemap, and ffmpeg, which transcodes lesson videos
# (decision 073). Installs only what is missing (needs root for that).
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/lib/chromium/chromium-headless-shell ] || need+=(chromium-headless-shell)
command -v pg_ctlcluster >/dev/null 2>&1 || need+=(postgresql)
command -v xmllint >/dev/null 2>&1 || need+=(libxml2-utils)
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
# the certificates' tests read the PDF back (pdftotext, pdftoppm) and decode its QR code (zbarimg)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
command -v zbarimg >/dev/null 2>&1 || need+=(zbar-tools)
# Redis: only when nothing answers on its port (the test machines run one already)
if ! (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null && ! command -v redis-server >/dev/null 2>&1; then
  need+=(redis-server)
fi
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

if ! (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then
  echo "setup: starting Redis"
  redis-server --bind 127.0.0.1 --port 6379 --save "" --appendonly no --daemonize yes >/dev/null
  for _ in $(seq 1 30); do (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null && break; sleep 1; done
fi
