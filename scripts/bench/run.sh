#!/usr/bin/env bash
# npm run bench: build (cached by Nx), then measure. BENCH_SKIP_BUILD=1 skips the build.
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p tmp/bench
if [ "${BENCH_SKIP_BUILD:-0}" != "1" ]; then
  echo "bench: building (npm run build, output in tmp/bench/build.log) ..."
  npm run build > tmp/bench/build.log 2>&1 || { tail -50 tmp/bench/build.log; exit 1; }
fi
exec node scripts/bench/bench.js
