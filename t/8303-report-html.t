#!/bin/sh
# iolens report LOG -o job.html: one self-contained page.  It names no
# other resource (every image a data: URL, style and script inline, a
# Content-Security-Policy that allows only them, by hashes that match
# them); its timeline has 31 windows (five levels of detail) linked for
# zoom and pan without script; its tables are the commands' numbers; a
# hostile log's names are escaped; the 8M-segment log makes under 5 MB;
# and a browser without network draws it.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
[ -f "$(dirname "$IOLENS")/iolens-serve.so" ] || [ -n "${IOLENS_SERVE:-}" ] ||
	skip_all "bin/iolens-serve.so is not built (no libmicrohttpd-dev)"
command -v python3 >/dev/null || skip_all "no python3"

L=$SAMPLES/ior/ior_hdf5_n1_t1m/root_ior_id12863-12863_11-21-79793-18355565206193171414_1.darshan
$IOLENS report "$L" -o "$TMP/job.html" 2>"$TMP/err"
ok $? "report -o job.html exits 0"
is "$(cat "$TMP/err")" "" "nothing on stderr"
H=$TMP/job.html

# nothing from anywhere but the file itself
python3 - "$H" <<'PY'
import base64, hashlib, re, sys
h = open(sys.argv[1], encoding="utf-8").read()
bad = []
for m in re.finditer(r'\b(src|href)="([^"]*)"', h):
    v = m.group(2)
    if not (v.startswith("data:image/svg+xml;base64,") or v.startswith("#")):
        bad.append(v[:60])
if re.search(r"url\(|@import|<link|<iframe|<object|<embed", h):
    bad.append("a stylesheet or object")
csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)"', h)
if not csp or "default-src 'none'" not in csp.group(1):
    bad.append("no policy")
def sha(s):
    return "'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'"
for tag, kind in (("style", "style-src"), ("script", "script-src")):
    for body in re.findall(r"<%s>(.*?)</%s>" % (tag, tag), h, re.S):
        if sha(body) not in csp.group(1):
            bad.append("the policy does not allow an inline " + tag)
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
ok $? "every resource is in the file, and the policy allows its own style and script alone"
is "$(grep -c 'class="win"' "$H")" 31 "the timeline has 31 windows"
grep -q 'href="#w1-0">zoom in: first half' "$H" && grep -q 'href="#w3-4">later' "$H"
ok $? "... linked to zoom and pan"
bw=$($IOLENS summary "$L" --format csv | python3 -c '
import csv, sys
r = list(csv.reader(sys.stdin)); print(r[1][r[0].index("posix_bytes_written")])')
grep -q "\">$bw</td>" "$H"
ok $? "the summary's numbers ($bw)"
grep -q '<h2>Triage</h2>' "$H" && grep -q '<h2>Files</h2>' "$H"
ok $? "triage and files"

# a hostile log
printf '100 10:00:00.001000 openat(AT_FDCWD, "/d/<img src=x onerror=alert(3)>\\"\047javascript:alert(4)\007\300\257", O_RDWR|O_CREAT, 0644) = 3 <0.000010>\n' >"$TMP/h.trace"
printf '%s\n' '100 10:00:00.002000 write(3, "ab", 2) = 2 <0.000005>' \
	'100 10:00:00.003000 close(3) = 0 <0.000001>' >>"$TMP/h.trace"
HOSTILE=$(printf '<svg onload=alert(5)>"\047\001\377_x_id7-7_1.darshan')
$IOLENS convert -o "$TMP/$HOSTILE" "$TMP/h.trace"
$IOLENS report "$TMP/$HOSTILE" -o "$TMP/h.html" 2>/dev/null
ok $? "report -o of a hostile log"
bad=$(LC_ALL=C grep -c -e '<svg' -e '<img src=x' -e "$(printf '\001')" -e "$(printf '\377')" "$TMP/h.html")
is "$bad" 0 "no markup, control or invalid byte of the log in its page"
grep -q '&lt;img src=x onerror=alert(3)&gt;&quot;&#39;javascript:alert(4)' "$TMP/h.html"
ok $? "its file name escaped"

$IOLENS summary -o "$TMP/s.html" "$L" >/dev/null 2>"$TMP/err"
is "$?:$(head -1 "$TMP/err")" "2:iolens summary: '.html': summary does not write HTML; use iolens report" \
	"summary -o s.html names report"

# bounded on the 8M-segment bench log
BIG=$(ls "$SHARED"/bench/dxt-8m/*.darshan 2>/dev/null | head -1)
if [ -n "$BIG" ]; then
	$IOLENS report "$BIG" -o "$TMP/big.html" 2>/dev/null
	ok $? "report -o of the 8M-segment log"
	n=$(wc -c <"$TMP/big.html")
	ok "$([ "$n" -lt 5000000 ] && echo 0 || echo 1)" "... under 5 MB ($n bytes)"
else
	skip "no ../shared/bench/dxt-8m" 2
fi

# a browser without network draws it
CHROME=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
if [ -n "$CHROME" ]; then
	HOME=$TMP/home
	export HOME
	"$CHROME" --headless --no-sandbox --disable-gpu --no-first-run \
		--user-data-dir="$TMP/profile" --proxy-server='127.0.0.1:9' \
		--hide-scrollbars --window-size=1100,900 \
		--screenshot="$TMP/h.png" "file://$H#w2-1" >/dev/null 2>&1
	set -- $(png_stats "$TMP/h.png" 2>/dev/null || echo 0 0)
	ok "$([ "$1" -gt 8 ] && [ "$2" -gt 20 ] && echo 0 || echo 1)" \
		"offline, the browser draws a zoomed window ($1 colours, $2 blue pixels sampled)"
else
	skip "no chromium"
fi

done_testing
