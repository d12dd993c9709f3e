#!/bin/sh
# The dashboard in a real browser (headless Chromium, the DevTools
# protocol: t/serve-dash-cdp.py), loaded before its tables are made (its
# child holds itself: IOLENS_TEST_HOLD; IOLENS_SERVE_DASH_WAIT=0): once the
# child is let go, the page's script puts each table in from its page
# /dashboard/NAME, with no reload, and the applications' table it put in
# sorts by a click on a header.  Skipped, saying why, without Chromium.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
CHROME=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
[ -n "$CHROME" ] || skip_all "no chromium (Debian chromium; .ci/deps installs it)"
command -v python3 >/dev/null || skip_all "no python3"
serve_needs

serve_store 30
IOLENS_TEST_HOLD=$TMP/hold IOLENS_SERVE_DASH_WAIT=0
export IOLENS_TEST_HOLD IOLENS_SERVE_DASH_WAIT
touch "$TMP/hold"
serve_start S --db "$DB" --logs "$TMP/logs"
HOME=$TMP/home
export HOME
python3 "$(dirname "$0")/serve-dash-cdp.py" "$CHROME" "$S_URL" "$S_PID" "$TMP/cdp" \
	>"$TMP/cdp.out" 2>"$TMP/cdp.err"
r=$?
ok $r "the browser is driven through the dashboard"
[ $r -eq 0 ] || sed 's/^/# /' "$TMP/cdp.err"
is "$(sed -n 's/^parts //p' "$TMP/cdp.out")" "5 0" \
	"five tables to fill in at the load, none left once their child ended"
want=$($IOLENS groups --db "$DB" --by app --format csv | sed 1d | wc -l | tr -d ' ')
is "$(sed -n 's/^apps //p' "$TMP/cdp.out")" "$want" "the applications' table put in has groups' $want rows"
is "$(sed -n 's/^sort //p' "$TMP/cdp.out")" "1 1" "a click on its header sorts it up, a second down"
done_testing
