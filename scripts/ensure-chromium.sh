#!/usr/bin/env sh
# The pages payers see (invoice, 3DS, eWallet checkout) are tested in a real headless Chromium:
# Debian's package, driven by playwright-core (which never downloads a browser of its own).
# Installs it when missing, so `npm test` works on a fresh Debian machine.
set -eu
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$CHROMIUM" ] && exit 0
echo "Chromium not found at $CHROMIUM: installing Debian's chromium package for the browser tests" >&2
if [ "$(id -u)" = "0" ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
  echo "Cannot install chromium without root or sudo: run 'apt-get install -y chromium' (or set CHROMIUM_PATH)" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
