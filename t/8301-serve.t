#!/bin/sh
# iolens serve: the pages and their JSON twins over a store, each number
# the command's own (the twin is byte for byte `iolens CMD
# --format=json`); hostile strings of a log (exe, file names, user with
# markup, quotes, javascript: URLs, control bytes, invalid UTF-8)
# escaped; no log read but beneath --logs (symbolic links out and ".."
# refused); the limits; the token; loopback unless a token is given.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs

mkdir -p "$TMP/logs" "$TMP/outside"
cp "$SAMPLES"/population/logs/*.darshan "$TMP/logs/"
DXT=root_ior_id12863-12863_11-21-79793-18355565206193171414_1.darshan
cp "$SAMPLES/ior/ior_hdf5_n1_t1m/$DXT" "$TMP/logs/"
# a log whose user (its name), exe and file name are hostile
# (octal escapes: the printf of dash has no \x)
printf '%s\n' '100 10:00:00.000000 execve("/opt/x", ["javascript:alert(2)"], 0x7ffc /* 2 vars */) = 0 <0.000100>' >"$TMP/h.trace"
printf '100 10:00:00.001000 openat(AT_FDCWD, "/data/<img src=x onerror=alert(3)>\\"\047javascript:alert(4)\007\300\257", O_RDWR|O_CREAT, 0644) = 3 <0.000010>\n' >>"$TMP/h.trace"
printf '%s\n' '100 10:00:00.002000 write(3, "ab", 2) = 2 <0.000005>' \
	'100 10:00:00.003000 close(3) = 0 <0.000001>' >>"$TMP/h.trace"
HOSTILE=$(printf '<svg onload=alert(5)>"\047\001\377_x_id77-77_1.darshan')
$IOLENS convert -o "$TMP/logs/$HOSTILE" "$TMP/h.trace"
ok $? "a log with hostile names"
# two logs the store names beneath --logs that lead out of it
cp "$TMP/logs/$DXT" "$TMP/outside/out.darshan"
cp "$TMP/logs/$DXT" "$TMP/outside/up_x_id5-5_1.darshan"
cp "$TMP/logs/$DXT" "$TMP/outside/link_x_id6-6_1.darshan"
mkfifo "$TMP/logs/fifo_x_id8-8_1.darshan"
DB=$TMP/pop.db
$IOLENS ingest --db "$DB" "$TMP/logs" "$TMP/outside/up_x_id5-5_1.darshan" \
	"$TMP/outside/link_x_id6-6_1.darshan" >/dev/null 2>&1
ok $? "ingest"
ln -s "$TMP/outside/out.darshan" "$TMP/logs/link.darshan"
sqlite3 "$DB" "UPDATE jobs SET path = '$TMP/logs/../outside/up_x_id5-5_1.darshan' WHERE path LIKE '%up_x_id5%';
	UPDATE jobs SET path = '$TMP/logs/link.darshan' WHERE path LIKE '%link_x_id6%';
	INSERT INTO jobs (path, user, app) VALUES ('$TMP/logs/fifo_x_id8-8_1.darshan', 'f', 'f');"
ok $? "two store paths lead out of --logs"
NJOBS=$($IOLENS jobs --db "$DB" --format csv | sed 1d | wc -l)
id_of() { sqlite3 "$DB" "SELECT id FROM jobs WHERE path LIKE '%$1%'"; }
DXTID=$(id_of ior_id12863)
HID=$(id_of id77-77)
UPID=$(id_of up_x_id5)
LINKID=$(id_of link.darshan)
FIFOID=$(id_of fifo_x_id8)

# ---- the command line ----
$IOLENS serve >/dev/null 2>"$TMP/err"
is "$?" 2 "serve without --db is a usage error"
$IOLENS serve --db "$DB" --listen 0.0.0.0:0 >/dev/null 2>"$TMP/err"
is "$?" 2 "another address than loopback without --token is refused"
is "$(wc -l <"$TMP/err" | tr -d ' ')" 1 "... in one line"
grep -q "refusing to listen on 0.0.0.0" "$TMP/err"
ok $? "... naming the address"
printf 'short\n' >"$TMP/short"
$IOLENS serve --db "$DB" --listen 0.0.0.0:0 --token "$TMP/short" >/dev/null 2>&1
is "$?" 2 "a token shorter than 16 bytes is refused"

serve_start S --db "$DB" --logs "$TMP/logs"
[ -s "$TMP/S.port" ]
ok $? "the server listens on a free loopback port"
[ -s "$TMP/S.port" ] || { cat "$TMP/S.err"; done_testing; exit 1; }
U=$S_URL

# ---- jobs --offset, which the list's pages use ----
$IOLENS jobs --db "$DB" --sort -mib_s --top 8 --format csv | sed -n '1p; 5,9p' >"$TMP/want.csv"
$IOLENS jobs --db "$DB" --sort -mib_s --top 5 --offset 3 --format csv >"$TMP/got.csv"
cmp -s "$TMP/want.csv" "$TMP/got.csv"
ok $? "jobs --offset 3 --top 5 are rows 4 to 8 of the order"

# ---- the dashboard ----
get "$U/" >"$TMP/dash.html"
is "$(cat "$TMP/code")" 200 "/ answers 200"
is "$(hdr X-Total-Count)" "$NJOBS" "/ counts the store's jobs"
hdr Content-Security-Policy | grep -q "^default-src 'self'"
ok $? "a Content-Security-Policy of the page's origin only"
hdr Server-Timing | grep -Eq '^page;dur=[0-9]+\.[0-9], queue;dur=[0-9]+\.[0-9], pool;dur=[0-9]+\.[0-9], child;dur=[0-9]+\.[0-9];desc=[0-9]+, worker;dur=[0-9]+\.[0-9], ccpu;dur=[0-9]+\.[0-9]{2}, cpu;dur=[0-9]+\.[0-9]{2}, lane;desc=(fast|kept|slow)$'
ok $? "Server-Timing: the time in the server's handler, its waits, its children's, its thread's CPU, its lane ($(hdr Server-Timing))"
grep -q '<h2>Who to call first</h2>' "$TMP/dash.html"
ok $? "the dashboard has who to call first (triage --db)"
grep -q 'href="/job/[0-9]*"' "$TMP/dash.html"
ok $? "... with links to the jobs"
grep -q '<th title="mean_s: Mean I/O time by slowest rank, seconds">mean s</th>' "$TMP/dash.html"
ok $? "a table's headers are its view's, for people, with the key and what it holds on hover"
get "$U/api/" >"$TMP/dash.json"
perl -MJSON::PP -e 'local $/; my $d = decode_json(<STDIN>); exit !(ref $d->{recent_jobs} eq "ARRAY" && exists $d->{triage})' <"$TMP/dash.json"
ok $? "/api/ is JSON with the latest jobs and triage"
$IOLENS trend --db "$DB" --by app --every month --format json >"$TMP/trend.json"
perl -MJSON::PP -e 'local $/; open my $f, "<", $ARGV[0] or die; my $w = decode_json(<$f>);
	my $d = decode_json(<STDIN>); my $j = JSON::PP->new->canonical;
	exit !($j->encode($d->{trend}) eq $j->encode($w))' "$TMP/trend.json" <"$TMP/dash.json"
ok $? "/api/'s trend is trend --by app --every month's JSON (issue 35: what changed)"
grep -q '<h2>What changed: MiB/s per node by app and month</h2>' "$TMP/dash.html"
ok $? "the dashboard shows what changed"

# ---- the job list ----
get "$U/api/jobs?sort=-mib_s&limit=5&offset=3" >"$TMP/api.json"
$IOLENS jobs --db "$DB" --sort -mib_s --top 5 --offset 3 --format json >"$TMP/cli.json"
cmp -s "$TMP/api.json" "$TMP/cli.json"
ok $? "/api/jobs is jobs --format json byte for byte (sort, limit, offset)"
get "$U/api/jobs?user=alice&limit=2" >/dev/null
is "$(hdr X-Total-Count)" "$($IOLENS jobs --db "$DB" --where "user = 'alice'" --format csv | sed 1d | wc -l | tr -d ' ')" \
	"the total of a filtered list"
get "$U/jobs?app=ior&sort=-run_time&limit=4" >"$TMP/jobs.html"
is "$(cat "$TMP/code")" 200 "/jobs answers 200"
is "$(grep -c '<tr><td class="n"><a href="/job/[0-9]*">' "$TMP/jobs.html")" \
	"$(n=$($IOLENS jobs --db "$DB" --where "app = 'ior'" --format csv | sed 1d | wc -l); [ "$n" -gt 4 ] && echo 4 || echo "$n")" \
	"each row of the list links to its job"
grep -q '<th title="jobid' "$TMP/jobs.html" && grep -q '<th title="path' "$TMP/jobs.html"
ok $? "the list shows the scheduler's job id and the log's path"
grep -q 'rows 1 to ' "$TMP/jobs.html"
ok $? "the list says which rows of how many"
grep -q '<th title="nprocs: Processes"><a href="/jobs?app=ior&amp;sort=nprocs">procs</a></th>' "$TMP/jobs.html"
ok $? "the list's headers are the jobs view's (render/view-jobs.c): its header, its key and what it holds"
# a filter most jobs match: its page read in the order's index, the
# filter tested on each row (serve/pages.c in_order), the same rows
get "$U/api/jobs?from=1&sort=-mib_s&limit=2&offset=1" >"$TMP/ord.json"
$IOLENS jobs --db "$DB" --where "start_time >= 1" --sort -mib_s --top 2 --offset 1 --format json >"$TMP/ord-cli.json"
cmp -s "$TMP/ord.json" "$TMP/ord-cli.json"
ok $? "a page of a filter most jobs match, read in the sort's order, is jobs' page"
get "$U/api/jobs?sort=exe" >/dev/null
is "$(cat "$TMP/code")" 400 "a sort by a column the list does not show is refused (no index orders it)"
get "$U/api/jobs?user=x%27%20OR%20%271%27%3D%271&limit=3" >"$TMP/inj.json"
is "$(hdr X-Total-Count)" 0 "a filter's value is a value, never SQL (a quote in it matches no job)"
sqlite3 "$DB" .indexes | tr -s ' ' '\n' | grep -c '^jobs_by_' >"$TMP/nidx"
# 25: app got its own (app, then the row's id) beside jobs_app_start
# (app, start_time), whose order leaves a page in app order to sort its ties
is "$(cat "$TMP/nidx")" 25 "ingest indexes each column the list sorts by (but id, jobid, path: indexed already), and a user's jobs by each"
sqlite3 "$DB" 'EXPLAIN QUERY PLAN SELECT * FROM jobs WHERE id IN (SELECT id FROM jobs WHERE 1 = 1 ORDER BY "mib_s" DESC, id LIMIT 50 OFFSET 0) ORDER BY "mib_s" DESC, id' | grep -q 'COVERING INDEX jobs_by_mib_s'
ok $? "a page of the list in an order reads its ids from that column's index alone"

# ---- a job: each section the command's numbers ----
L="$TMP/logs/$DXT"
get "$U/api/job/$DXTID" >"$TMP/job.json"
for part in summary files triage hist meta; do
	$IOLENS "$part" "$L" --format json >"$TMP/cli-$part.json"
	perl -MJSON::PP -e 'local $/; open my $f, "<", $ARGV[0]; my $a = decode_json(<$f>);
		open my $g, "<", $ARGV[1]; my $b = decode_json(<$g>);
		my $j = JSON::PP->new->canonical;
		exit !($j->encode($a->{$ARGV[2]}) eq $j->encode($b))' \
		"$TMP/job.json" "$TMP/cli-$part.json" "$part"
	ok $? "/api/job/ID $part equals $part --format json"
done
get "$U/job/$DXTID" >"$TMP/job.html"
for h in Summary Files Triage Timeline "Against its app&#39;s history" "Access sizes" Metadata; do
	grep -q "<h2>$h</h2>" "$TMP/job.html"
	ok $? "the job page has $h"
done
bw=$($IOLENS summary "$L" --format csv | perl -MText::ParseWords -e '
	my @h = parse_line(",", 0, scalar <STDIN>); chomp $h[-1]; my @v = parse_line(",", 0, scalar <STDIN>);
	for (0..$#h) { print $v[$_] if $h[$_] eq "posix_bytes_written" }')
grep -q "\">$bw</td>" "$TMP/job.html"
ok $? "the page shows summary's posix_bytes_written ($bw)"

# ---- the timeline: the DXT segments binned ----
get "$U/job/$DXTID/timeline.svg?bins=300" >"$TMP/tl.svg"
is "$(cat "$TMP/code") $(hdr Content-Type)" "200 image/svg+xml" "the timeline is SVG"
head -c 200 "$TMP/tl.svg" | grep -q '<svg'
ok $? "... drawn"
$IOLENS parse --dxt "$L" | awk '$1 == "X_POSIX" { n++; b += $6 } END { print n, b }' >"$TMP/segs"
sums() { # the ops and bytes of a grid
	perl -MJSON::PP -e 'local $/; my $d = decode_json(<STDIN>); my ($o, $b) = (0, 0);
		$o += $_ for @{$d->{ops}}; $b += $_ for @{$d->{bytes}}; printf "%d %.0f\n", $o, $b' <"$1"
}
get "$U/api/job/$DXTID/timeline?bins=1" >"$TMP/g1.json"
is "$(sums "$TMP/g1.json")" "$(cat "$TMP/segs")" "the whole job's bin holds every segment's operation and bytes"
end=$(perl -MJSON::PP -e 'local $/; print decode_json(<STDIN>)->{end}' <"$TMP/g1.json")
mid=$(echo "$end" | awk '{ printf "%.9f", $1 / 3 }')
get "$U/api/job/$DXTID/timeline?t0=0&t1=$mid&bins=50" >"$TMP/ga.json"
get "$U/api/job/$DXTID/timeline?t0=$mid&t1=$end&bins=4096" >"$TMP/gb.json"
is "$(($(sums "$TMP/ga.json" | cut -d' ' -f1) + $(sums "$TMP/gb.json" | cut -d' ' -f1)))" \
	"$(cut -d' ' -f1 "$TMP/segs")" "two windows that split the job hold every operation once"
get "$U/api/job/$DXTID/timeline?t0=0.03&t1=0.0300001&bins=10&ranks=0" >"$TMP/gz.json"
perl -MJSON::PP -e 'local $/; my $d = decode_json(<STDIN>); exit !($d->{raw} && $d->{ranks} == 1)' <"$TMP/gz.json"
ok $? "a window finer than the index is binned from the segments, one rank"

NODXT=$(id_of id1425-1425)
get "$U/job/$NODXT/timeline.svg" >"$TMP/nodxt.svg"
is "$(cat "$TMP/code") $(hdr Content-Type)" "200 image/svg+xml" "a log without DXT has a picture saying so, not a broken image"

# the timeline's page: its links zoom and pan without script
get "$U/job/$DXTID/timeline?bins=64" >"$TMP/tl.html"
is "$(cat "$TMP/code")" 200 "the timeline has a page of its own"
zin=$(sed -n 's/.*href="\([^"]*\)">zoom in<.*/\1/p' "$TMP/tl.html" | sed 's/&amp;/\&/g')
echo "$zin" | awk -v e="$end" '{ t0 = $0; sub(/.*t0=/, "", t0); sub(/&.*/, "", t0)
	t1 = $0; sub(/.*t1=/, "", t1); sub(/&.*/, "", t1)
	d0 = t0 - e / 4; d1 = t1 - e * 3 / 4; if (d0 < 0) d0 = -d0; if (d1 < 0) d1 = -d1
	exit !(d0 < e * 1e-6 && d1 < e * 1e-6) }'
ok $? "its zoom in link is the middle half of the job ($zin)"
! grep -q -e '>later</a>' -e '>earlier</a>' -e '>zoom out</a>' "$TMP/tl.html"
ok $? "the whole job has no pan or zoom out past its ends"
get "$U$zin" >"$TMP/tl2.html"
is "$(cat "$TMP/code")" 200 "zoom in leads to a page"
grep -q '>later</a>' "$TMP/tl2.html" && grep -q '>earlier</a>' "$TMP/tl2.html"
ok $? "... which pans earlier and later"

# ---- hostile strings ----
for u in / "/jobs" "/job/$HID" "/jobs?user=$(printf '%%3Csvg%%20onload%%3Dalert(5)%%3E%%22%%27%%01%%FF')"; do
	get "$U$u" >"$TMP/h.html"
	bad=$(LC_ALL=C grep -c -e '<svg onload' -e '<img src=x' -e "$(printf '\001')" -e "$(printf '\377')" "$TMP/h.html")
	is "$bad" 0 "$u: no markup, control or invalid byte of the log"
done
get "$U/job/$HID" >"$TMP/h.html"
grep -q '&lt;img src=x onerror=alert(3)&gt;&quot;&#39;javascript:alert(4)' "$TMP/h.html"
ok $? "the file name is escaped, quotes as entities"
grep -q '&lt;svg onload=alert(5)&gt;&quot;&#39;' "$TMP/h.html"
ok $? "the user is escaped"
get "$U/jobs?user=%22%3E%3Cscript%3Ex" >"$TMP/h.html"
grep -q 'value="&quot;&gt;&lt;script&gt;x"' "$TMP/h.html"
ok $? "a filter's value is attribute-escaped in the form"
! grep -q '<script>' "$TMP/h.html" && ! grep -q 'href="javascript' "$TMP/h.html"
ok $? "no script but our own file, no javascript: link"

# ---- nothing outside --logs ----
get "$U/job/$UPID" >"$TMP/up.html"
grep -q 'cannot be opened beneath --logs' "$TMP/up.html" && ! grep -q '<h2>Summary' "$TMP/up.html"
ok $? "a store path with .. is not read"
get "$U/job/$LINKID" >"$TMP/link.html"
grep -q 'cannot be opened beneath --logs' "$TMP/link.html" && ! grep -q '<h2>Summary' "$TMP/link.html"
ok $? "a symbolic link out of --logs is not followed"
get "$U/job/$LINKID/timeline.svg" >/dev/null
is "$(cat "$TMP/code")" 404 "... nor for its timeline"
get "$U/job/$FIFOID" >"$TMP/fifo.html"
grep -q 'not a regular file' "$TMP/fifo.html"
ok $? "a FIFO the store names is not opened for reading (it would hold the request)"
for u in "/job/../../etc/passwd" "/%2e%2e/%2e%2e/etc/passwd" "/static/../../etc/passwd" "/job/$DXTID/../../etc/passwd" "/etc/passwd"; do
	get "$U$u" --path-as-is >/dev/null
	is "$(cat "$TMP/code")" 404 "$u is no page"
done

# ---- limits ----
get "$U/api/jobs?limit=1001" >/dev/null
is "$(cat "$TMP/code")" 400 "limit above 1000 is refused"
get "$U/job/$DXTID/timeline.svg?bins=4097" >/dev/null
is "$(cat "$TMP/code")" 400 "bins above 4096 are refused"
get "$U/api/jobs?sort=id;drop" >/dev/null
is "$(cat "$TMP/code")" 400 "a sort that is no column name is refused"
get "$U/api/jobs?user=$(head -c 3000 /dev/zero | tr '\0' a)" >/dev/null
is "$(cat "$TMP/code")" 414 "a query too long is refused"
get "$U/" -X POST -d x=1 >/dev/null
is "$(cat "$TMP/code")" 405 "POST is refused"
get "$U/" -H "X-Big: $(head -c 40000 /dev/zero | tr '\0' a)" >/dev/null
[ "$(cat "$TMP/code")" != 200 ]
ok $? "headers beyond the connection's memory are refused"

# ---- many clients at once, and a slow one ----
python3 -c '
import socket, sys, time
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
time.sleep(600)' "$(cat "$TMP/S.port")" &
SLOW=$!
_serve_pids="$_serve_pids $SLOW"
seq 1 24 | xargs -P 12 -I{} curl -s -o /dev/null -w '%{http_code}\n' \
	"$U/jobs?limit=5&offset={}" >"$TMP/many"
is "$(grep -c '^200$' "$TMP/many")" 24 "24 requests, 12 at once, beside a client that never ends its request: all answered"
kill "$SLOW" 2>/dev/null

# ---- a page of another site led to the loopback address ----
get "$U/" -H "Host: evil.example:80" >/dev/null
is "$(cat "$TMP/code")" 403 "without --token only a loopback host name is served (DNS rebinding)"
get "$U/" -H "Host: localhost:8080" >/dev/null
is "$(cat "$TMP/code")" 200 "... localhost is"

# ---- the token ----
printf 'abcdefghijklmnopqrstuvwxyz012345\n' >"$TMP/token"
serve_start T --db "$DB" --token "$TMP/token"
get "$T_URL/" >/dev/null
is "$(cat "$TMP/code")" 401 "with --token, a request without it is refused"
get "$T_URL/" -H "Authorization: Bearer abcdefghijklmnopqrstuvwxyz012344" >/dev/null
is "$(cat "$TMP/code")" 401 "... and with a wrong one"
get "$T_URL/" -H "Authorization: Bearer abcdefghijklmnopqrstuvwxyz012345" >/dev/null
is "$(cat "$TMP/code")" 200 "... and served with it"

kill "$S_PID"
wait "$S_PID"
is "$?" 0 "the server ends with 0 on SIGTERM"

# ---- the job list and the dashboard's latest jobs run no command ----
mkdir "$TMP/gone"
cp "$(dirname "$IOLENS")/iolens" "$(dirname "$IOLENS")/iolens-serve.so" "$TMP/gone/"
IOLENS_KEEP=$IOLENS
IOLENS=$TMP/gone/iolens
serve_start G --db "$DB" --logs "$TMP/logs"
IOLENS=$IOLENS_KEEP
rm "$TMP/gone/iolens"
get "$G_URL/api/jobs?sort=-mib_s&limit=5&offset=3" >"$TMP/gone.json"
cmp -s "$TMP/gone.json" "$TMP/cli.json"
ok $? "/api/jobs answers from the store itself: byte for byte with the binary gone"
get "$G_URL/jobs?sort=-run_time" >"$TMP/gone.html"
is "$(grep -c '<tr><td class="n"><a href="/job/[0-9]*">' "$TMP/gone.html")" "$NJOBS" \
	"/jobs lists every job with the binary gone"
get "$G_URL/api/" >"$TMP/gone-dash.json"
$IOLENS jobs --db "$DB" --sort -start_time --top 20 --format json >"$TMP/recent.json"
perl -MJSON::PP -e 'local $/; open my $f, "<", $ARGV[0]; my $w = decode_json(<$f>);
	my $d = decode_json(<STDIN>);
	exit !(JSON::PP->new->canonical->encode($d->{recent_jobs}) eq JSON::PP->new->canonical->encode($w))' \
	"$TMP/recent.json" <"$TMP/gone-dash.json"
ok $? "the dashboard's latest jobs are jobs --sort -start_time --top 20 with the binary gone"
get "$G_URL/api/job/$UPID" >"$TMP/gone-up.json"
$IOLENS jobs --db "$DB" --where "id = $UPID" --format json >"$TMP/up-row.json"
{ printf '{"job": '; cat "$TMP/up-row.json"; printf '}\n'; } | cmp -s - "$TMP/gone-up.json"
ok $? "a job's row in the store (its log refused) is jobs --where id --format json with the binary gone"
get "$G_URL/job/$HID" >"$TMP/gone-job.html"
grep -q "<h2>In the store</h2>.*<a href=\"/job/$HID\">$HID</a>" "$TMP/gone-job.html" ||
	sed -n '/<h2>In the store/,/<\/section>/p' "$TMP/gone-job.html" | grep -q "<a href=\"/job/$HID\">$HID</a>"
ok $? "a job page shows its row in the store with the binary gone"

done_testing
