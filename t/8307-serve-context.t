#!/bin/sh
# iolens serve's job page shows UMAMI's view: each metric of `iolens
# context` as a box plot of the earlier jobs with this job marked on it
# and its percentile written beside it, every number the one context's
# JSON (the page's twin) gives.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
command -v curl >/dev/null || skip_all "no curl"
command -v python3 >/dev/null || skip_all "no python3"
[ -f "$(dirname "$IOLENS")/iolens-serve.so" ] || [ -n "${IOLENS_SERVE:-}" ] ||
	skip_all "bin/iolens-serve.so is not built (no libmicrohttpd-dev)"

mkdir -p "$TMP/logs"
cp "$SAMPLES"/population/logs/*.darshan "$TMP/logs/"
DB=$TMP/pop.db
$IOLENS ingest --db "$DB" "$TMP/logs" >/dev/null 2>&1
ok $? "ingest"
# the latest job of the app with the most jobs: the most history
ID=$(sqlite3 "$DB" "SELECT id FROM jobs WHERE app = (SELECT app FROM jobs
	GROUP BY app ORDER BY count(*) DESC LIMIT 1) ORDER BY start_time DESC
	LIMIT 1")

serve_start S --db "$DB" --logs "$TMP/logs"
get "$S_URL/job/$ID" >"$TMP/job.html"
is "$(cat "$TMP/code")" 200 "the job page"
get "$S_URL/api/job/$ID" >"$TMP/job.json"
is "$(cat "$TMP/code")" 200 "its JSON twin"

# compare: each metric of context's JSON with a median has its box plot,
# whose data-* are its numbers, the job marked and its percentile written
python3 - "$TMP/job.html" "$TMP/job.json" >"$TMP/cmp" 2>&1 <<'PY'
import html.parser, json, sys
class P(html.parser.HTMLParser):
    def __init__(s):
        super().__init__(); s.rows = []; s.cur = None; s.intext = False
    def handle_starttag(s, t, a):
        a = dict(a)
        if t == "g" and a.get("class") == "ctx":
            s.cur = {"attrs": a, "job": 0, "text": ""}; s.rows.append(s.cur)
        elif s.cur is not None and t == "path" and a.get("class") == "job":
            s.cur["job"] += 1
        elif s.cur is not None and t == "text" and a.get("class") == "pct":
            s.intext = True
    def handle_endtag(s, t):
        if t == "g": s.cur = None
        if t == "text": s.intext = False
    def handle_data(s, d):
        if s.intext and s.cur is not None: s.cur["text"] += d
p = P(); p.feed(open(sys.argv[1], encoding="utf-8").read())
d = json.load(open(sys.argv[2]))
# context's scope, then the app's alone and its user's where they differ
scopes = [d["context"]]
for k in ("context_app", "context_user"):
    if d[k][0]["scope"] not in [s[0]["scope"] for s in scopes]:
        scopes.append(d[k])
print("scopes", " ".join(s[0]["scope"].replace(" ", "_") for s in scopes))
ctx = [r for s in scopes for r in s if r["median"] is not None]
print("rows", len(p.rows), len(ctx))
bad = 0
for g, r in zip(p.rows, ctx):
    a = g["attrs"]
    for k in ("value", "percentile", "n", "min", "p10", "median", "p90", "max"):
        got = a.get("data-" + k)
        want = r[k]
        if (want is None and got != "") or (want is not None and (got == "" or float(got) != float(want))):
            print("differs", r["metric"], k, got, want); bad += 1
    if a.get("data-metric") != r["metric"]:
        print("metric", a.get("data-metric"), r["metric"]); bad += 1
    if g["job"] != (r["value"] is not None):
        print("job mark", r["metric"], g["job"]); bad += 1
    want = "percentile %.1f" % r["percentile"] if r["percentile"] is not None else "no value"
    if g["text"] != want:
        print("text", r["metric"], repr(g["text"]), want); bad += 1
print("bad", bad)
PY
cat "$TMP/cmp" | sed 's/^/# /'
ctxrows=$(sed -n 's/^rows //p' "$TMP/cmp")
[ -n "$ctxrows" ] && [ "${ctxrows% *}" = "${ctxrows#* }" ]
ok $? "a box plot per metric of context's JSON with a median, in each scope ($ctxrows)"
grep -q '^scopes app=[^ ]*_user=[^ ]*_nprocs=[0-9]* app=[^ ]* app=[^ ]*_user=[^ ]*$' "$TMP/cmp"
ok $? "... context's, the app's alone and its user's"
[ "${ctxrows% *}" -ge 5 ] 2>/dev/null
ok $? "... at least five of them"
is "$(sed -n 's/^bad //p' "$TMP/cmp")" 0 "each plot's numbers, job mark and percentile are context's"
grep -q 'among [0-9][0-9]* earlier jobs (app=' "$TMP/job.html"
ok $? "the caption states the scope compared"

# the app's runs over time: a chart per metric, a point per run of the
# twin's "runs" (`iolens jobs --format=json`), the job's among them
python3 - "$TMP/job.html" "$TMP/job.json" "$ID" >"$TMP/runs" 2>&1 <<'PY'
import html.parser, json, sys
class P(html.parser.HTMLParser):
    def __init__(s):
        super().__init__(); s.charts = []; s.on = False
    def handle_starttag(s, t, a):
        a = dict(a)
        if t == "h2": s.h2 = True
        if t == "svg" and s.on: s.charts.append([])
        if t == "circle" and s.on and s.charts and a.get("class") in ("job", "run"):
            s.charts[-1].append((a["class"], a["data-id"], a["data-v"]))
    def handle_data(s, d):
        if getattr(s, "h2", False): s.on = d == "Its app's runs over time"; s.h2 = False
p = P(); p.feed(open(sys.argv[1], encoding="utf-8").read())
runs = json.load(open(sys.argv[2]))["runs"]
print("charts", len(p.charts))
bad = 0
for ch, col in zip(p.charts, ("mib_s", "mib_s_per_node", "pct_io_time_slowest", "md_cost_pct", "files")):
    want = {str(r["id"]): r[col] for r in runs if r[col] is not None}
    got = {i: float(v) for _, i, v in ch}
    if set(got) != set(want) or any(float(want[i]) != got[i] for i in got):
        print("differs", col); bad += 1
    if [i for c, i, _ in ch if c == "job"] != ([sys.argv[3]] if sys.argv[3] in want else []):
        print("job", col); bad += 1
print("jobs", len(runs), "job in runs", any(str(r["id"]) == sys.argv[3] for r in runs))
print("bad", bad)
PY
sed 's/^/# /' "$TMP/runs"
grep -q '^charts [1-9]' "$TMP/runs"
ok $? "the app's runs over time charted"
grep -q '^jobs [1-9][0-9]* job in runs True' "$TMP/runs"
ok $? "... the twin's runs hold the job"
is "$(sed -n 's/^bad //p' "$TMP/runs")" 0 "... each point a run's value, the job marked"

# the weather: none in this store, no section and null members, no error
grep -q '<h3>The file system while it ran' "$TMP/job.html"
ok $((!$?)) "no telemetry in the store: no file-system weather"
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(not (d["fs_weather"] is None and d["io_weather"] is None))' "$TMP/job.json"
ok $? "... its members null"

# a store keeping a file system's telemetry (ingest --fsload) around a
# job: context prints its weather as a second table, which the page shows
# as a table of its own and the twin as the member fs_weather, the
# twin staying one JSON object
. "$TOP/t/fs/lmtgen.sh"
lmt_gen | sqlite3 "$TMP/gen.sqlite3"
mkdir -p "$TMP/wlogs"
cp "$(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan | head -1)" "$TMP/wlogs/"
W=$TMP/w.db
$IOLENS ingest --db "$W" "$TMP/wlogs" >/dev/null 2>&1 &&
	sqlite3 "$W" "UPDATE jobs SET start_time = 1517097605, end_time = 1517097630" &&
	$IOLENS ingest --db "$W" --fsload "$TMP/gen.sqlite3" >/dev/null 2>&1
ok $? "a store with the file system's telemetry around its job"
WLOG=$(sqlite3 "$W" "SELECT path FROM jobs")
$IOLENS context --db "$W" --format json "$WLOG" | awk 'p; /^]$/ { p = 1 }' >"$TMP/fsw.json"
serve_start V --db "$W" --logs "$TMP/wlogs"
get "$V_URL/api/job/1" >"$TMP/w.json"
python3 - "$TMP/w.json" "$TMP/fsw.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
want = json.load(open(sys.argv[2]))
sys.exit(not (d["fs_weather"] == want and len(want) == 1 and d["io_weather"] is None
	      and len(d["context"]) == 6))
PY
ok $? "the twin is one JSON object, fs_weather context's weather table"
get "$V_URL/job/1" >"$TMP/w.html"
grep -q '<h3>The file system while it ran</h3>' "$TMP/w.html"
ok $? "the page shows the file system's weather"
fsb=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[0]["fs_bytes"])' "$TMP/fsw.json")
sed -n '/<h3>The file system while it ran/,/<\/table>/p' "$TMP/w.html" | grep -q "data-v=\"$fsb\"\|>$fsb<"
ok $? "... with its fs_bytes ($fsb)"
sed -n '/<h2>Against/,/<h3>/p' "$TMP/w.html" | grep -q '>inside_recording<'
ok $((!$?)) "... not as a row of the metrics' table"

# serve --iostat: the devices' recording passed to context, the job's I/O
# weather a table of its own and the twin's io_weather (the sample
# diskstats recording covers the population's jobs)
xz -dc "$SAMPLES/iostat/diskstats-5s.txt.xz" >"$TMP/disk.txt"
$IOLENS serve --db "$DB" --iostat "$TMP/nosuch" >/dev/null 2>"$TMP/err"
is "$? $(grep -c "cannot read '$TMP/nosuch'" "$TMP/err")" "1 1" "serve --iostat of no file: refused at the start, in one line"
LOG=$(sqlite3 "$DB" "SELECT path FROM jobs WHERE id = $ID")
$IOLENS context --db "$DB" --iostat "$TMP/disk.txt" --format json "$LOG" |
	awk 'p; /^]$/ { p = 1 }' >"$TMP/iow.json"
serve_start I --db "$DB" --logs "$TMP/logs" --iostat "$TMP/disk.txt"
get "$I_URL/api/job/$ID" >"$TMP/i.json"
python3 - "$TMP/i.json" "$TMP/iow.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
want = json.load(open(sys.argv[2]))
sys.exit(not (d["io_weather"] == want and len(want) == 1 and d["fs_weather"] is None))
PY
ok $? "serve --iostat: the twin's io_weather is context --iostat's weather table"
get "$I_URL/job/$ID" >"$TMP/i.html"
grep -q '<h3>The storage devices while it ran</h3>' "$TMP/i.html"
ok $? "... the page shows the devices' weather"

# a recording being written grows: a page kept from before it covered
# the job is made again once it does (the cache knows the recording by
# its identity); the latest job lies past its first 50 samples
LATE=$(sqlite3 "$DB" "SELECT id FROM jobs ORDER BY start_time DESC LIMIT 1")
head -n 550 "$TMP/disk.txt" >"$TMP/rec.txt"
serve_start J --db "$DB" --logs "$TMP/logs" --iostat "$TMP/rec.txt"
inside() {
	get "$J_URL/api/job/$LATE" |
		python3 -c 'import json, sys; print(json.load(sys.stdin)["io_weather"][0]["inside_recording"])'
}
is "$(inside)" 0 "a job past the recording: outside it, no error"
cp "$TMP/disk.txt" "$TMP/rec.txt.new" && mv "$TMP/rec.txt.new" "$TMP/rec.txt"
is "$(inside)" 1 "... inside it once the recording has grown"

# a recording too short to say a thing of any job (two lines: not two
# snapshots): the section shows the job's context all the same, and one
# line why the devices' weather is absent; the twin's context too, its
# io_weather null and io_weather_why the reason
head -n 2 "$TMP/disk.txt" >"$TMP/short.txt"
serve_start K --db "$DB" --logs "$TMP/logs" --iostat "$TMP/short.txt"
get "$K_URL/job/$ID" >"$TMP/k.html"
sed -n '/<h2>Against/,/<\/section>/p' "$TMP/k.html" >"$TMP/k.sec"
grep -q '<th[^>]*>metric</th>' "$TMP/k.sec"
ok $? "serve --iostat of a too short recording: the job's context is shown"
is "$(grep -c '<p class="note">No I/O weather of the storage devices: cannot read .*fewer than two snapshots' "$TMP/k.sec")" 1 \
	"... and one line why the devices' weather is absent"
get "$K_URL/api/job/$ID" >"$TMP/k.json"
python3 - "$TMP/k.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
sys.exit(not (d["context"] and d["io_weather"] is None and
              "fewer than two snapshots" in d["io_weather_why"]))
PY
ok $? "... the twin: context, io_weather null, io_weather_why the reason"

done_testing
