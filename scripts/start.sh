#!/usr/bin/env bash
# One command to run the portal on this machine: checks the local PostgreSQL, Redis and
# NATS, installs, builds, then starts every service (each migrates its own schema at
# start), the gateway with the web app, and the MailDev inbox.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-local-services.sh
bash scripts/install.sh
npm run build
exec node scripts/run-stack.js
