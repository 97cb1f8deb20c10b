#!/usr/bin/env bash
# Installs exactly what the lockfile pins, unless node_modules is already newer than it.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
