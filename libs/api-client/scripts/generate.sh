#!/usr/bin/env bash
# Regenerates the API client from the gateway: builds the gateway (and the libs it uses),
# writes its OpenAPI document without connecting to anything, then generates the types.
#   libs/api-client/scripts/generate.sh [output-dir]   (default: libs/api-client)
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
out="${1:-$root/libs/api-client}"
cd "$root"
mkdir -p "$out/src"
npx --no-install tsc -b apps/gateway
node apps/gateway/dist/openapi/write-openapi.js --out "$out/openapi.json"
npx --no-install openapi-typescript "$out/openapi.json" -o "$out/src/schema.d.ts" --silent
