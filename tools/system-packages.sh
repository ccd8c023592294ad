#!/usr/bin/env bash
# The Debian packages the slow tests use to look at what tally writes as a person sees it: LibreOffice
# (xlsx -> PDF), poppler (PDF -> text and PNG), Chromium (the published pages at phone and desktop
# widths) and a small CJK font (WenQuanYi Micro Hei, 1.6 MB), so that Chinese standings print as
# characters, not boxes. Installed only when missing, and only where apt-get can (root on Debian); elsewhere the tests
# that need them fail and say which command is missing.
set -euo pipefail
need=()
command -v soffice >/dev/null 2>&1 || need+=(libreoffice-calc-nogui)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
fc-list 2>/dev/null | grep -qi dejavu || need+=(fonts-dejavu-core)
[ -n "$(fc-list :lang=zh 2>/dev/null)" ] || need+=(fonts-wqy-microhei)
if [ ${#need[@]} -eq 0 ]; then
    exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "tools/system-packages.sh: cannot install ${need[*]} (not root, or no apt-get); the slow tests that use them will fail" >&2
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
apt-get install -y -q --no-install-recommends "${need[@]}" >/dev/null
