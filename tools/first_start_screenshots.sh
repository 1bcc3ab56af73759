#!/bin/sh
# The first ten minutes of a new rater, as screenshots: a fresh home folder, no usable
# keyring (the fail backend), real keys typed into the real window under Xvfb + openbox.
#
#   tools/first_start_screenshots.sh [DISPLAY_NUMBER] [OUT]     (defaults: 99, /tmp/first-start)
#
# Needs xvfb, openbox, xdotool and imagemagick. Starts and stops its own Xvfb, window
# manager and app (by process id); writes nothing outside a temporary home and OUT.
set -eu
NUMBER=${1:-99}
OUT=${2:-/tmp/first-start}
REPO=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$OUT"
FRESH=$(mktemp -d)
mkdir -p "$FRESH/data" "$FRESH/config" "$FRESH/cache" "$FRESH/state"
export DISPLAY=":$NUMBER"
Xvfb "$DISPLAY" -screen 0 1366x768x24 >/dev/null 2>&1 & XVFB=$!
sleep 1
openbox >/dev/null 2>&1 & WM=$!
sleep 1
env -u RATER_DESKTOP_HOME HOME="$FRESH" XDG_DATA_HOME="$FRESH/data" \
    XDG_CONFIG_HOME="$FRESH/config" XDG_CACHE_HOME="$FRESH/cache" XDG_STATE_HOME="$FRESH/state" \
    PYTHON_KEYRING_BACKEND=keyring.backends.fail.Keyring \
    "$REPO/.venv/bin/python" -m rater_desktop "$REPO/sample_batches/consumer-tasks" \
    >"$OUT/app.log" 2>&1 & APP=$!
trap 'kill $APP $WM $XVFB 2>/dev/null || true' EXIT
sleep 6
shot() { import -window root "$OUT/$1.png"; }
shot 1-first-run-dialog
xdotool type --delay 40 "Ana Maria Lopez"; xdotool key Return; sleep 0.3
xdotool key Return; sleep 0.3
xdotool type --delay 40 "short"; xdotool key Return; sleep 0.5
shot 2-passphrase-too-short
xdotool type --delay 40 " and longer"; xdotool key Return
xdotool type --delay 40 "short and longer"; sleep 0.3
shot 3-passphrase-ready
xdotool key Return; sleep 4
shot 4-practice-prompt
for n in 2 3 4 5 6; do xdotool key Return; sleep 0.5; shot "5-practice-card-$n"; done
xdotool key Return; sleep 0.5
shot 6-first-item-ready
xdotool type --delay 30 "Find wide running shoes under 120"; xdotool key ctrl+Return; sleep 0.5
shot 7-moved-on-too-early
echo "screenshots in $OUT"
