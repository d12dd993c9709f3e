#!/bin/sh
# population-report --db S -o pop.html and blocks TRACE -o blocks.html:
# one self-contained page each (no resource but the file itself, a
# policy allowing only its own style and script by their hashes, no
# http(s):// reference), the same bytes run after run; opened from disk
# in headless Chromium with the network off (t/html-cdp.py): it asks for
# nothing, its numbers in the DOM (tables, chart marks, flame frames)
# are the commands' --format=json numbers, a click on a header sorts, a
# click on a frame zooms into it, the search box marks the frames whose
# name matches and says their share of the I/O time; an exe and file
# names, functions and binaries holding markup and quotes are text in
# the DOM, never markup.
. "$(dirname "$0")/lib.sh"
[ -f "$(dirname "$IOLENS")/iolens-serve.so" ] || [ -n "${IOLENS_SERVE:-}" ] ||
	skip_all "bin/iolens-serve.so is not built (no libmicrohttpd-dev)"
command -v python3 >/dev/null || skip_all "no python3"

# a store with a job whose exe (its app), user and file are hostile
# (octal escapes: the printf of dash has no \x)
mkdir -p "$TMP/logs"
cp "$SAMPLES"/population/logs/*.darshan "$TMP/logs/"
printf '%s\n' '100 10:00:00.000000 execve("/opt/x", ["<script>alert(2)<script>\"\047app"], 0x7ffc /* 2 vars */) = 0 <0.000100>' >"$TMP/h.trace"
printf '100 10:00:00.001000 openat(AT_FDCWD, "/data/<img src=x onerror=alert(3)>\\"\047javascript:alert(4)\007\300\257", O_RDWR|O_CREAT, 0644) = 3 <0.000010>\n' >>"$TMP/h.trace"
printf '%s\n' '100 10:00:00.002000 write(3, "ab", 2) = 2 <0.000005>' \
	'100 10:00:00.003000 close(3) = 0 <0.000001>' >>"$TMP/h.trace"
HOSTILE=$(printf '<svg onload=alert(5)>"\047\001\377_x_id77-77_1.darshan')
$IOLENS convert -o "$TMP/logs/$HOSTILE" "$TMP/h.trace" &&
	$IOLENS ingest --db "$TMP/pop.db" "$TMP/logs" >/dev/null 2>&1
ok $? "a store with a hostile job"
APP=$(printf '<script>alert(2)<script>"\047app')
# and an outlier: the latest ckpt-n1 job writes 100 times as much, its
# log's path hostile
OUT=$(printf '/x/<b>"\047o_id9-9.darshan')
sqlite3 "$TMP/pop.db" "UPDATE jobs SET bytes_written = bytes_written * 100, path = '/x/<b>\"''o_id9-9.darshan' WHERE id = (SELECT id FROM jobs WHERE app = 'ckpt-n1' ORDER BY start_time DESC LIMIT 1)"
ok $? "... and an outlier with a hostile path"

# a trace with stacks whose function and binary are hostile
mkdir -p "$XDG_CACHE_HOME/iolens"
echo "0 0" >"$XDG_CACHE_HOME/iolens/strace-overhead"
sed -e 's|(chatty+|(<img/src=x/onerror=alert(1)>"'"'"'chatty+|' \
	-e 's|/opt/app/bin/app|/opt/<svg onload=top.x>/app|' \
	"$TOP/t/data/blocks-rank/rank.trace" >"$TMP/b.trace"
FN=$(printf '<img/src=x/onerror=alert(1)>"\047chatty')

P=$TMP/pop.html
B=$TMP/blocks.html
$IOLENS population-report --db "$TMP/pop.db" -o "$P" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "population-report -o pop.html exits 0, nothing on stderr"
$IOLENS blocks "$TMP/b.trace" -o "$B" 2>/dev/null
ok $? "blocks -o blocks.html exits 0"
$IOLENS population-report --db "$TMP/pop.db" -o "$TMP/pop2.html" 2>/dev/null &&
	$IOLENS blocks "$TMP/b.trace" -o "$TMP/blocks2.html" 2>/dev/null &&
	cmp -s "$P" "$TMP/pop2.html" && cmp -s "$B" "$TMP/blocks2.html"
ok $? "the same bytes run after run"
$IOLENS blocks "$TMP/b.trace" -o "$TMP/b.htm" 2>/dev/null && cmp -s "$TMP/b.htm" "$B"
ok $? "-o x.htm is HTML too"

$IOLENS population-report --db "$TMP/pop.db" --where "app = 'none'" -o "$TMP/none.html" 2>"$TMP/err"
is "$?:$(cat "$TMP/err"):$(ls "$TMP/none.html" 2>/dev/null)" \
	"1:iolens population-report: no jobs match --where \"app = 'none'\" in '$TMP/pop.db':" \
	"no job matching --where: the PDF's message, no page"

# nothing from anywhere but the file itself
selfcontained() {
	python3 - "$1" <<'PY'
import base64, hashlib, re, sys
try:
    h = open(sys.argv[1], encoding="utf-8").read()
except OSError as e:
    sys.exit(str(e))
bad = []
for m in re.finditer(r'\b(src|href|xlink:href|action)="([^"]*)"', h):
    if not (m.group(2).startswith("data:") or m.group(2).startswith("#")):
        bad.append(m.group(0)[:60])
if re.search(r"https?://", h):
    bad.append("an http(s):// reference")
if re.search(r"url\(|@import|<link|<iframe|<object|<embed|<img", h):
    bad.append("a stylesheet, image or object")
csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)"', h)
if not csp or "default-src 'none'" not in csp.group(1):
    sys.exit("no policy")
def sha(s):
    return "'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'"
for tag in ("style", "script"):
    for body in re.findall(r"<%s>(.*?)</%s>" % (tag, tag), h, re.S):
        if sha(body) not in csp.group(1):
            bad.append("the policy does not allow an inline " + tag)
if h.count("<script>") != len(re.findall(r"<script>(.*?)</script>", h, re.S)):
    bad.append("a script tag of no script")
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
}
selfcontained "$P"
ok $? "pop.html: every resource in the file, no http(s)://, the policy allowing its own style and script alone"
selfcontained "$B"
ok $? "blocks.html: the same"
grep -q '&lt;script&gt;alert(2)&lt;script&gt;&quot;&#39;app' "$P" 2>/dev/null &&
	grep -q '/x/&lt;b&gt;&quot;&#39;o_id9-9.darshan' "$P"
ok $? "pop.html: the hostile exe and path escaped"
grep -q 'data-n="&lt;img/src=x/onerror=alert(1)&gt;&quot;&#39;chatty"' "$B" 2>/dev/null &&
	grep -q '/opt/&lt;svg onload=top.x&gt;/app' "$B"
ok $? "blocks.html: the hostile function (in data-n) and binary escaped"
bad="no pages"
[ -s "$P" ] && [ -s "$B" ] &&
	bad=$(LC_ALL=C grep -c -e '<svg onload' -e '<img' -e '<b>' -e "$(printf '\001')" -e "$(printf '\377')" "$P" "$B" | awk -F: '{ s += $NF } END { print s + 0 }')
is "$bad" 0 "no markup, control or invalid byte of the store or trace in the pages"

# the command's options hold for the page, and its warnings are said
$IOLENS blocks --by-bytes -o "$TMP/d1.html" --depth 1 "$TMP/b.trace" 2>"$TMP/d1.err"
is "$?:$(grep -c 'class="fr"' "$TMP/d1.html" 2>/dev/null):$(grep -c 'data-what="bytes moved"' "$TMP/d1.html" 2>/dev/null)" \
	"0:2:1" "blocks --by-bytes --depth 1 -o x.html: the two roots, by bytes"
grep -q "^iolens blocks: warning: '/opt/<svg onload=top.x>/app' is gone" "$TMP/d1.err"
ok $? "... and the command's warning on stderr"

$IOLENS groups --db "$TMP/pop.db" --by app --format json >"$TMP/apps.json"
$IOLENS context --db "$TMP/pop.db" "$OUT" --format json >"$TMP/ctx.json" 2>/dev/null
$IOLENS blocks "$TMP/b.trace" --format json >"$TMP/blocks.json" 2>/dev/null

CHROME=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
if [ -z "$CHROME" ]; then
	skip "no chromium (Debian chromium; .ci/deps installs it)" 18
	done_testing
	exit 0
fi
HOME=$TMP/home
export HOME

# pop.html in the browser: the Table VI rows, the Fig. 4 marks, a sort
# click, and the hostile exe as text
[ -s "$P" ] && python3 "$(dirname "$0")/html-cdp.py" "$CHROME" "$TMP/prof1" "file://$P" >"$TMP/pop.out" 2>"$TMP/pop.err" <<'JS'
(() => {
  const h = [...document.querySelectorAll('h2')].find(h => h.textContent.startsWith('Table VI per application'));
  const t = h.parentNode.querySelector('table');
  const k = [...t.tHead.rows[0].cells].map(th => th.title.split(':')[0]);
  return [...t.tBodies[0].rows].map(r => Object.fromEntries(k.map((c, i) =>
    [c, r.cells[i].dataset.v !== undefined ? r.cells[i].dataset.v : r.cells[i].textContent])));
})()
----
[...document.querySelectorAll('svg.chart rect.mk')].map(r => [r.querySelector('title').textContent, r.dataset.v])
----
(() => {
  const h = [...document.querySelectorAll('h2')].find(h => h.textContent.startsWith('Table VI per application'));
  const t = h.parentNode.querySelector('table');
  const ths = [...t.tHead.rows[0].cells];
  const i = ths.findIndex(th => th.title.startsWith('bytes_written:'));
  const col = () => [...t.tBodies[0].rows].map(r => Number(r.cells[i].dataset.v));
  const before = col(); ths[i].click(); const a = col(); ths[i].click(); const d = col();
  return [before, a, d];
})()
----
[document.querySelectorAll('script').length, document.querySelectorAll('img,svg script,[onload],[onerror]').length]
----
[...document.querySelectorAll('td')].map(td => td.textContent)
----
[...document.querySelectorAll('table.glance tr')].map(r => [r.cells[0].textContent, r.cells[1].dataset.v])
----
[...document.querySelectorAll('svg.chart circle.mk')].map(c => [c.getAttribute('fill'), Number(c.dataset.v)])
----
[...document.querySelectorAll('svg.chart rect.mk')].filter(r => r.querySelector('title').textContent.startsWith('from ')).map(r => Number(r.dataset.v))
----
[...document.querySelectorAll('table.outliers tbody tr')].map(r => [...r.cells].map(c => c.dataset.v !== undefined ? c.dataset.v : c.textContent))
JS
ok $? "pop.html opened from disk, offline, driven over the DevTools protocol" || sed 's/^/# /' "$TMP/pop.err"
is "$(sed -n 's/^requests //p' "$TMP/pop.out")" "0 " "pop.html asks for nothing"
python3 - "$TMP/pop.out" "$TMP/apps.json" "$APP" "$TMP/ctx.json" "$OUT" >"$TMP/pop.chk" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().split("\n")
rows, marks, sort, counts, cells, glance, cdf, overtime, outl = (json.loads(l) for l in lines[:9])
print("overtime", "%.0f" % sum(overtime))
ctx = {c["metric"]: c for c in json.load(open(sys.argv[4]))}
ok = len(outl) == 1
for jid, log, metric, value, pct, n, verdict in outl:
    c = ctx.get(metric, {})
    ok = ok and log == sys.argv[5] and float(value) == c.get("value") and \
        int(n) == c.get("n") and abs(float(pct) - c.get("percentile", -1)) < 1e-4 and \
        verdict == c.get("verdict")
print("outliers", int(ok))
app = sys.argv[3]
want = json.load(open(sys.argv[2]))
dom = {r["group"]: r for r in rows}
bad = [w["group"] for w in want if w["group"] not in dom or any(
    (v is None and dom[w["group"]][k] != "") or
    (isinstance(v, (int, float)) and float(dom[w["group"]][k]) != v)
    for k, v in w.items() if k != "group")]
print("table", "ok" if not bad and len(rows) == len(want) else "differ: %s" % bad)
share = {t.split(", share of all bytes %: ")[0]: float(v) for t, v in marks
         if ", share of all bytes %: " in t}
print("fig4", "ok" if share == {w["group"]: w["share_pct"] for w in want
                                if w["share_pct"]} else "differ")
b, a, d = sort
print("sort", int(a == sorted(b) and d == sorted(b, reverse=True) and a != d))
print("hostile", counts[0], counts[1], int(app in cells))
ser = {}
for f, v in cdf:
    ser.setdefault(f, []).append(v)
print("cdf", len(ser), " ".join(str(int(len(v) == 10 and v == sorted(v) and v[-1] == 1)) for v in ser.values()))
print("glance", " ".join("%s=%s" % (k.split(" ")[0], v) for k, v in glance[:6]))
PY
is "$(sed -n 's/^table //p' "$TMP/pop.chk")" ok "pop.html: Table VI per application in the DOM is groups --by app --format=json"
is "$(sed -n 's/^fig4 //p' "$TMP/pop.chk")" ok "... and so are Fig. 4's marks (data-v, and the value on hover)"
is "$(sed -n 's/^sort //p' "$TMP/pop.chk")" 1 "... a click on a header sorts up, a second down"
is "$(sed -n 's/^hostile //p' "$TMP/pop.chk")" "1 0 1" "... the hostile exe is a cell's text: one script (the page's), no element of its markup"
g=$(sqlite3 "$TMP/pop.db" "SELECT count(*), count(DISTINCT user), count(DISTINCT app), sum(bytes_read), sum(bytes_written) FROM jobs" 2>/dev/null | tr '|' ' ')
set -- $g 0 0 0 0 0
is "$(sed -n 's/^glance //p' "$TMP/pop.chk")" "jobs=$1 partial=0 users=$2 applications=$3 bytes=$4 bytes=$5" \
	"... the population at a glance: the store's jobs, users, apps and bytes"
is "$(sed -n 's/^cdf //p' "$TMP/pop.chk")" "2 1 1" "... Fig. 10: reads and writes, each a CDF over the 10 size bins"
is "$(sed -n 's/^overtime //p' "$TMP/pop.chk")" "$(sqlite3 "$TMP/pop.db" "SELECT sum(max(coalesce(bytes_read, 0), 0) + max(coalesce(bytes_written, 0), 0)) FROM jobs WHERE start_time IS NOT NULL")" \
	"... jobs over time: the bytes of the intervals add up to the store's"
is "$(sed -n 's/^outliers //p' "$TMP/pop.chk")" 1 "... the outlier: its log's path as text, its metric as iolens context --format=json judges it"

# blocks.html: the table and frames, the search, a zoom, a sort
[ -s "$B" ] && python3 "$(dirname "$0")/html-cdp.py" "$CHROME" "$TMP/prof2" "file://$B" >"$TMP/b.out" 2>"$TMP/b.err" <<'JS'
(() => {
  const t = document.querySelector('table.sortable');
  const k = [...t.tHead.rows[0].cells].map(th => th.title.split(':')[0]);
  return [...t.tBodies[0].rows].map(r => Object.fromEntries(k.map((c, i) =>
    [c, r.cells[i].dataset.v !== undefined ? r.cells[i].dataset.v : r.cells[i].textContent])));
})()
----
[...document.querySelectorAll('g.fr')].map(g => [g.querySelector('title').textContent, g.dataset.v, g.dataset.n])
----
(() => {
  const q = document.querySelector('.fsearch input');
  q.value = 'CHATTY'; q.dispatchEvent(new Event('input'));
  return [[...document.querySelectorAll('g.fr.hit')].map(g => g.dataset.n),
          document.querySelector('.fsearch span').textContent];
})()
----
(() => {
  const g = [...document.querySelectorAll('g.fr')].find(g => g.dataset.n === 'main()');
  g.dispatchEvent(new MouseEvent('click', {bubbles: true}));
  const w = n => { const f = [...document.querySelectorAll('g.fr')].find(g => g.dataset.n === n);
    return [f.classList.contains('off'), Number(f.querySelector('rect').getAttribute('width'))]; };
  const r = [w('main()'), w('worker()'), w('syncer()')];
  document.querySelector('.fsearch button').click();
  r.push(w('worker()'));
  return r;
})()
----
(() => {
  const t = document.querySelector('table.sortable');
  const ths = [...t.tHead.rows[0].cells];
  const i = ths.findIndex(th => th.title.startsWith('io_time_s:'));
  const col = () => [...t.tBodies[0].rows].map(r => Number(r.cells[i].dataset.v));
  const before = col(); ths[i].click(); return [before, col()];
})()
----
[document.querySelectorAll('script').length, document.querySelectorAll('img,[onload],[onerror]').length]
JS
ok $? "blocks.html opened from disk, offline, driven over the DevTools protocol" || sed 's/^/# /' "$TMP/b.err"
is "$(sed -n 's/^requests //p' "$TMP/b.out")" "0 " "blocks.html asks for nothing"
python3 - "$TMP/b.out" "$TMP/blocks.json" "$FN" >"$TMP/b.chk" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().split("\n")
rows, frames, search, zoom, sort, counts = (json.loads(l) for l in lines[:6])
want = json.load(open(sys.argv[2]))
fn = sys.argv[3]
dom = {r["path"]: r for r in rows}
bad = [w["path"] for w in want if w["path"] not in dom or any(
    (v is None and dom[w["path"]][k] != "") or
    (isinstance(v, (int, float)) and float(dom[w["path"]][k]) != v) or
    (isinstance(v, str) and dom[w["path"]][k] != v)
    for k, v in w.items())]
print("table", "ok" if not bad and len(rows) == len(want) else "differ: %s" % bad)
io = {w["path"]: w["io_time_s"] for w in want}
fr = {t.rsplit(": ", 1)[0]: float(v) for t, v, n in frames}
print("frames", "ok" if fr == io else "differ")
print("fname", int(any(n == fn for t, v, n in frames)))
total = sum(v for p, v in io.items() if ";" not in p)
share = "%.1f" % (100 * io["main();" + fn] / total)
print("search", json.dumps(search[0]), search[1] == "1 frames match: %s %% of I/O time" % share)
(moff, mw), (woff, ww), (soff, sw), (woff2, ww2) = zoom
print("zoom", int(not moff and abs(mw - 1000) < 0.01 and woff and not soff and
                  abs(sw - io["main();syncer()"] / io["main()"] * 1000) < 0.01 and
                  not woff2 and abs(ww2 - io["worker()"] / total * 1000) < 0.01))
b, a = sort
print("sort", int(a == sorted(b) and a != b))
print("hostile", counts[0], counts[1])
PY
is "$(sed -n 's/^table //p' "$TMP/b.chk")" ok "blocks.html: the table in the DOM is blocks --format=json"
is "$(sed -n 's/^frames //p' "$TMP/b.chk")" ok "... each flame frame's value (data-v, and on hover) the JSON's io_time_s of its path"
is "$(sed -n 's/^search //p' "$TMP/b.chk")" "[\"$(printf '%s' "$FN" | sed 's/"/\\"/g')\"] True" \
	"... the search marks the frame whose name matches and says its share of the I/O time"
is "$(sed -n 's/^zoom //p' "$TMP/b.chk")" 1 "... a click on a frame zooms into it (its width the graph's, its children scaled, the rest hidden); 'whole graph' zooms out"
is "$(sed -n 's/^sort //p' "$TMP/b.chk")" 1 "... a click on a header sorts"
is "$(sed -n 's/^fname //p' "$TMP/b.chk"):$(sed -n 's/^hostile //p' "$TMP/b.chk")" "1:2 0" \
	"... the hostile function is a frame's name as text: two scripts (the page's), no element of its markup"

done_testing
