#!/usr/bin/env bash
# Installs what Agaton needs on a Debian 12 machine: system packages, then npm packages (npm ci).
# Used by the README's two quick-start commands and by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

# chromium: Playwright journeys and report PDFs; pocketsphinx*: open-vocabulary recognition;
# sphinxbase-utils: sphinx_fe, the reference the engine's own front end is tested against;
# flite: text-to-speech and synthetic test speech; ffmpeg + sox: audio fixtures and edits in tests;
# poppler-utils: pdftotext reads the report PDFs in tests; nginx-light: the reverse proxy in front of the
# app in the TRUST_PROXY test.
PACKAGES=(chromium pocketsphinx pocketsphinx-en-us pocketsphinx-testdata sphinxbase-utils flite ffmpeg sox poppler-utils
  nginx-light fonts-dejavu-core fonts-liberation ca-certificates)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "Please install these Debian packages first: ${missing[*]}" >&2
    exit 1
  fi
fi

npm ci --no-audit --no-fund
