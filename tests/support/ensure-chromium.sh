#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (never a downloaded browser). Installs it when
# missing and this user can (root with apt-get); otherwise says what to do.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Chromium (Debian package) for the end-to-end tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is missing: run 'sudo apt-get install -y chromium' (the end-to-end tests need /usr/bin/chromium)." >&2
exit 1
