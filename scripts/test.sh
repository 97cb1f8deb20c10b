#!/usr/bin/env bash
# Every test, as CI runs it on a clean checkout: install, build, lint (module
# boundaries), the API-client staleness check, unit and integration tests against the
# real PostgreSQL / Redis / NATS, API end-to-end tests against the whole running stack,
# and browser tests in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n==> %s\n' "$*"; }

step "Local services (PostgreSQL, Redis, NATS) and Chromium"
bash scripts/ensure-local-services.sh
bash scripts/ensure-chromium.sh

step "Install"
bash scripts/install.sh

step "Lockfile: npm ci accepts it (every platform's optional binaries named)"
npm run check:lockfile

step "Build"
npm run build

step "Web app first-load budget"
npm run check:web-budget

step "Kubernetes manifests render and validate (both overlays, the create-admin Job)"
npm run check:k8s

step "Lint and module boundaries (and no hard-coded text on a web screen)"
npm run lint

step "Translation catalogues complete (every English key in es, fr, de)"
npm run check:translations

step "Type-check, tests included"
npm run typecheck

step "API client is generated from the current gateway"
npm run api-client:check

step "Event catalogue (docs/asyncapi.json) is generated from the current contracts"
npm run asyncapi:check

step "Unit and integration tests"
# On two cores jest runs every suite in band, in its own single process (one worker), and
# what 200 suites leave behind outgrows node's default 4 GB heap near the end: room is given.
NODE_OPTIONS="--max-old-space-size=12288 ${NODE_OPTIONS:-}" npx jest --ci

step "API end-to-end tests against the running stack"
npx jest --ci -c apps/api-e2e/jest.config.e2e.js --runInBand

step "Browser tests (Playwright, headless Chromium)"
npx playwright test -c apps/web-e2e/playwright.config.ts

printf '\nAll tests passed.\n'
