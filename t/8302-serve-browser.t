#!/bin/sh
# iolens serve in a real browser (headless Chromium): the dashboard and a
# job page as the browser builds them, a sort by a click, a hover and a
# drag-to-zoom driven as a person would (our script ran: the timeline's
# selection and tip elements are in the DOM; the numbers are the
# commands'), a job list sorted and filtered, a zoom by URL, and a
# screenshot of the job page that is not blank and shows the timeline
# drawn.  Skipped, saying why, without Chromium.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
CHROME=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
[ -n "$CHROME" ] || skip_all "no chromium (Debian chromium; .ci/deps installs it)"
command -v curl >/dev/null || skip_all "no curl"
command -v python3 >/dev/null || skip_all "no python3"
[ -f "$(dirname "$IOLENS")/iolens-serve.so" ] || [ -n "${IOLENS_SERVE:-}" ] ||
	skip_all "bin/iolens-serve.so is not built (no libmicrohttpd-dev)"

mkdir -p "$TMP/logs"
cp "$SAMPLES"/population/logs/*.darshan "$TMP/logs/"
DXT=root_ior_id12863-12863_11-21-79793-18355565206193171414_1.darshan
cp "$SAMPLES/ior/ior_hdf5_n1_t1m/$DXT" "$TMP/logs/"
DB=$TMP/pop.db
$IOLENS ingest --db "$DB" "$TMP/logs" >/dev/null 2>&1
ok $? "ingest"
DXTID=$($IOLENS jobs --db "$DB" --where "path LIKE '%ior_id12863%'" --format csv | sed -n '2s/,.*//p')
serve_start S --db "$DB" --logs "$TMP/logs"
[ -s "$TMP/S.port" ]
ok $? "the server listens"

# each run of the browser its own profile, no network but the server
HOME=$TMP/home
export HOME
browse() { # browse OUT URL [flags]: the DOM after the scripts ran
	_o=$1
	_u=$2
	shift 2
	"$CHROME" --headless --no-sandbox --disable-gpu --no-first-run \
		--user-data-dir="$TMP/profile" --proxy-server='127.0.0.1:9' \
		--proxy-bypass-list='127.0.0.1' "$@" "$_u" >"$_o" 2>"$TMP/chrome.err"
}

browse "$TMP/dash.dom" "$S_URL/" --dump-dom
n=$($IOLENS jobs --db "$DB" --format csv | sed 1d | wc -l | tr -d ' ')
grep -q "<a href=\"/jobs\">$n jobs</a>" "$TMP/dash.dom"
ok $? "the dashboard in the browser counts the store's $n jobs" ||
	sed 's/^/# /' "$TMP/chrome.err" | tail -5

browse "$TMP/list.dom" "$S_URL/jobs?app=ior&sort=-run_time&limit=3" --dump-dom
first=$($IOLENS jobs --db "$DB" --where "app = 'ior'" --sort -run_time --top 1 --format csv | sed -n '2s/,.*//p')
grep -o '<tr><td class="n"><a href="/job/[0-9]*"' "$TMP/list.dom" | head -1 | grep -q "/job/$first\""
ok $? "the job list filtered and sorted starts with the job the CLI sorts first ($first)"

browse "$TMP/job.dom" "$S_URL/job/$DXTID" --dump-dom
bw=$($IOLENS summary "$TMP/logs/$DXT" --format csv | python3 -c '
import csv, sys
r = list(csv.reader(sys.stdin)); print(r[1][r[0].index("posix_bytes_written")])')
grep -q "\">$bw</td>" "$TMP/job.dom"
ok $? "the job page shows summary's posix_bytes_written ($bw)"
grep -q '<div class="sel"' "$TMP/job.dom" && grep -q '<div id="tip"' "$TMP/job.dom"
ok $? "our script ran: the timeline has its selection and tip"

# a screenshot: not blank, and the timeline's blue drawn
shot() { # shot PNG URL
	browse /dev/null "$2" --screenshot="$1" --window-size=1200,1600 --hide-scrollbars
}
shot "$TMP/job.png" "$S_URL/job/$DXTID"
set -- $(png_stats "$TMP/job.png" 2>/dev/null || echo 0 0)
ok "$([ "$1" -gt 8 ] && echo 0 || echo 1)" "the job page's screenshot is not blank ($1 colours)"
ok "$([ "$2" -gt 20 ] && echo 0 || echo 1)" "... and shows the timeline drawn ($2 blue pixels sampled)"

# as a person would (t/serve-cdp.py, the DevTools protocol): a click on
# a header sorts, hovering the timeline shows an interval, a drag zooms
python3 "$(dirname "$0")/serve-cdp.py" "$CHROME" "$S_URL" "$DXTID" "$TMP/cdp" >"$TMP/cdp.out" 2>"$TMP/cdp.err"
ok $? "the browser is driven through the pages" || sed 's/^/# /' "$TMP/cdp.err"
is "$(sed -n 's/^sort //p' "$TMP/cdp.out")" "1 1" "a click on a header sorts the column up, a second down"
sed -n 's/^tip //p' "$TMP/cdp.out" | grep -q '^rank [0-9]*, [0-9.]* s: .*, [0-9]* ops, busy '
ok $? "hovering the timeline shows the interval's rank, time, bytes, operations ($(sed -n 's/^tip //p' "$TMP/cdp.out"))"
set -- $(sed -n 's/^zoom //p' "$TMP/cdp.out")
is "${1:-}" "/job/$DXTID/timeline" "a drag across the timeline goes to its page"
ok "$(awk -v a="${2:-x}" -v b="${3:-x}" 'BEGIN { exit !(a + 0 > 0 && b + 0 > a + 0) }' && echo 0 || echo 1)" \
	"... for the window dragged over (t0 ${2:-}, t1 ${3:-})"

# a zoom by URL: the window drawn is the one asked for
end=$(curl -s "$S_URL/api/job/$DXTID/timeline?bins=1" | python3 -c 'import json, sys; print(json.load(sys.stdin)["end"])')
t1=$(python3 -c "print($end / 4)")
browse "$TMP/zoom.dom" "$S_URL/job/$DXTID/timeline.svg?t0=0&t1=$t1&bins=200" --dump-dom
grep -q '<svg' "$TMP/zoom.dom"
ok $? "a zoom by URL is an SVG the browser reads"

done_testing
