#!/usr/bin/env bash
# Installs what the lockfile pins: `npm ci` on a fresh checkout (exactly the lockfile, as
# the images do), `npm install` when node_modules exists but the lockfile is newer (keeps
# what is already there), nothing when node_modules is current.
# The lockfile names every platform's optional binaries, so `npm ci` accepts it: the
# overrides in package.json pin msgpackr-extract and unrs-resolver to versions whose
# binaries this registry holds for every platform (`npm run check:lockfile` keeps it so).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ]; then
  npm ci --no-audit --no-fund
elif [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm install --no-audit --no-fund
fi
