#!/usr/bin/env bash
# Fails when the committed openapi.json or src/schema.d.ts differ from what the current
# gateway generates, so a changed endpoint cannot ship with a stale client.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
fresh="$(mktemp -d)"
trap 'rm -rf "$fresh"' EXIT
bash "$here/scripts/generate.sh" "$fresh" > /dev/null
if ! diff -u "$here/openapi.json" "$fresh/openapi.json" || ! diff -u "$here/src/schema.d.ts" "$fresh/src/schema.d.ts"; then
  echo 'The API client is stale: run libs/api-client/scripts/generate.sh' >&2
  exit 1
fi
echo 'The API client is up to date.'
