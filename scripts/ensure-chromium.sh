#!/usr/bin/env bash
# Makes sure a Chromium for the browser test (test/browser) is on the machine: Debian's package,
# installed with apt-get when missing (as root, as on CI and the developers' machines). Nothing
# else is downloaded: playwright-core drives this Chromium, it never fetches a browser of its own.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: $chromium is missing; install Debian's chromium (sudo apt-get install chromium) or set CHROMIUM_PATH" >&2
  exit 1
fi
echo "ensure-chromium: installing Debian's chromium for the browser test ..." >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
"$chromium" --version >&2
