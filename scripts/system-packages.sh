#!/usr/bin/env bash
# Makes sure the system programs a README command needs are installed. `demo` needs git and
# bubblewrap; `test` needs everything the test suites run for real (Bubblewrap, Emacs,
# poppler's pdftotext, Chromium, ImageMagick, python3, curl, Emacs's package-lint). Missing
# ones are installed with apt when this runs as root on Debian or Ubuntu; anywhere else it
# stops at once, naming each package to install.
set -uo pipefail
purpose="${1:-test}"

need=()
has() { command -v "$1" >/dev/null 2>&1; }
has git || need+=(git)
has bwrap || need+=(bubblewrap)
if [ "$purpose" = test ]; then
  has emacs || need+=(emacs-nox)
  has pdftotext || need+=(poppler-utils)
  has python3 || need+=(python3)
  has curl || need+=(curl)
  has chromium || need+=(chromium)
  has script || need+=(bsdutils)
  if has dpkg; then
    dpkg -s elpa-package-lint >/dev/null 2>&1 || need+=(elpa-package-lint)
    # Another package's `convert` may be on PATH, so ask dpkg for ImageMagick itself.
    dpkg -s imagemagick >/dev/null 2>&1 || need+=(imagemagick)
  else
    has magick || has convert || need+=(imagemagick)
  fi
fi
[ ${#need[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && has apt-get; then
  echo "installing system packages: ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  if apt-get update -qq && apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null; then
    exit 0
  fi
  echo "apt-get could not install: ${need[*]}" >&2
  exit 1
fi
{
  echo "npm run ${purpose} needs these system packages, which are missing: ${need[*]}"
  if has apt-get; then
    echo "Install them with: sudo apt-get install ${need[*]}"
  else
    echo "Install them with your system's package manager (names as in Debian), then run it again."
  fi
} >&2
exit 1
