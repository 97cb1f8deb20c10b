#!/usr/bin/env bash
# Installs what the lockfile pins, unless node_modules is already newer than it.
# `npm install` rather than `npm ci`: this registry lacks some other platforms' optional
# binaries that the lockfile names, which `npm ci` treats as a mismatch; `npm install`
# still takes every version from the lockfile and skips the missing optional ones.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm install --no-audit --no-fund
fi
