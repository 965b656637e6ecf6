#!/usr/bin/env bash
# Makes sure a Chromium for the browser test (test/browser) is on the machine: Debian's package,
# installed with apt-get when missing (as root, as on CI and the developers' machines). Nothing
# else is downloaded: playwright-core drives this Chromium, it never fetches a browser of its own.
#
# Another apt-get or dpkg may be running (an unattended upgrade, a second test run): apt-get then
# waits for the package manager's locks, up to APT_LOCK_TIMEOUT seconds (default 600), instead of
# failing at once with "Could not get lock /var/lib/dpkg/lock-frontend". DPkg::Lock::Timeout makes
# apt wait for the dpkg locks; the package lists' lock (apt-get update) is retried here until the
# same deadline, for the apt versions that do not wait for it.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
lock_timeout="${APT_LOCK_TIMEOUT:-600}"
if [ -x "$chromium" ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: $chromium is missing; install Debian's chromium (sudo apt-get install chromium) or set CHROMIUM_PATH" >&2
  exit 1
fi

# apt-get with the lock wait; retried while it fails on a lock only, until the deadline.
deadline=$((SECONDS + lock_timeout))
apt_get() {
  local output status
  while true; do
    status=0
    output=$(DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout="$lock_timeout" "$@" 2>&1) || status=$?
    if [ "$status" -eq 0 ]; then return 0; fi
    if grep -q "Could not get lock\|Unable to acquire the dpkg frontend lock\|Unable to lock directory" <<<"$output" && [ "$SECONDS" -lt "$deadline" ]; then
      echo "ensure-chromium: another apt-get or dpkg holds the package manager's lock; waiting ..." >&2
      sleep 5
      continue
    fi
    printf '%s\n' "$output" >&2
    return "$status"
  done
}

echo "ensure-chromium: installing Debian's chromium for the browser test ..." >&2
apt_get update -qq
# The apt-get we waited for may have installed it.
if [ -x "$chromium" ]; then exit 0; fi
apt_get install -y -qq chromium
"$chromium" --version >&2
