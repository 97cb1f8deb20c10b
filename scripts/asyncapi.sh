#!/usr/bin/env bash
# The event catalogue, docs/asyncapi.json, from the contracts' registry (the streams, their
# events' payload classes and libs/contracts/src/common/event-catalogue.ts). Builds the
# gateway (and the libs it uses), which serves the same document at /api/docs/asyncapi.json.
#   scripts/asyncapi.sh            writes docs/asyncapi.json   (npm run asyncapi)
#   scripts/asyncapi.sh --check    fails when it is stale      (npm run asyncapi:check)
set -euo pipefail
cd "$(dirname "$0")/.."
npx --no-install tsc -b apps/gateway
node apps/gateway/dist/openapi/write-asyncapi.js "$@"
