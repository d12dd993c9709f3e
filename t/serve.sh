# t/serve.sh: start `iolens serve` for a test (sourced after t/lib.sh).
#   serve_start NAME ARGS...  start a server on a free loopback port (the
#       kernel picks it: --listen 127.0.0.1:0 --port-file), wait until it
#       listens; sets NAME_PID and NAME_URL.  It makes no page ahead
#       (IOLENS_SERVE_WARM=0) unless IOLENS_SERVE_WARM is set, and keeps
#       its tables across starts under $TMP/xdg.NAME (its own: a test
#       counting children starts from none).  A job page's first visit
#       waits for its tables however long they take
#       (IOLENS_SERVE_JOB_WAIT=3600) unless IOLENS_SERVE_JOB_WAIT is set:
#       the tests read them on the first visit.  Every server started is
#       killed by the EXIT trap, however the test ends.
#   get URL [curl args]  the body, headers in $TMP/hdr, status in $TMP/code
#   png_stats PNG  colours and timeline-blue pixels sampled of a screenshot
#   nice_of PID    its niceness
#   held SERVER CLIENT  "pid nice" of the server's child that holds itself
#       (IOLENS_TEST_HOLD), once stopped; nothing if CLIENT ended first
#   reniced PID NICE  PID's niceness once it is no longer NICE (the server
#       renices a child after spawning it), waiting at most 10 s
#   serve_needs    skip the test without curl or a built serve module
#   held_counts USER  server C (its lists' counts held while $TMP/hold
#       exists: IOLENS_TEST_COUNT_HOLD) and five clients asking USER's
#       job list at once (their pids in $pids, status codes in $TMP/c.N,
#       bodies in $TMP/l.N); returns once four wait for the first one's
#       count ($w: how many wait), or every client has its answer
#   stat_of NAME   a number of server C's /api/stats
#   serve_store N  a store DB=$TMP/pop.db of the first N population sample
#       logs, copied to $TMP/logs; a test that it was made
_serve_pids=
trap 'for p in $_serve_pids; do kill "$p" 2>/dev/null; done; rm -rf "$TMP"' EXIT

serve_start() {	# serve_start NAME ARGS...
	_name=$1
	shift
	rm -f "$TMP/$_name.port"
	# no page made ahead unless the test asks (IOLENS_SERVE_WARM): those
	# that count children or hold one start from none
	IOLENS_SERVE_WARM=${IOLENS_SERVE_WARM:-0} XDG_CACHE_HOME=$TMP/xdg.$_name \
		IOLENS_SERVE_JOB_WAIT=${IOLENS_SERVE_JOB_WAIT:-3600} \
		IOLENS_SERVE_DASH_WAIT=${IOLENS_SERVE_DASH_WAIT:-5} \
		$IOLENS serve --listen 127.0.0.1:0 --port-file "$TMP/$_name.port" "$@" \
		2>"$TMP/$_name.err" &
	_pid=$!
	_serve_pids="$_serve_pids $_pid"
	# no time limit: the server says its port once it listens, or dies
	while [ ! -s "$TMP/$_name.port" ] && kill -0 "$_pid" 2>/dev/null; do
		sleep 0.1
	done
	eval "${_name}_PID=$_pid"
	eval "${_name}_URL=http://127.0.0.1:$(cat "$TMP/$_name.port" 2>/dev/null)"
}

get() {	# get URL [curl args]
	_u=$1
	shift
	curl -s -S -D "$TMP/hdr" -o "$TMP/body" -w '%{http_code}' "$@" "$_u" >"$TMP/code" 2>"$TMP/curlerr"
	cat "$TMP/body"
}

hdr() {	# hdr NAME: the value of a header of the last get
	tr -d '\r' <"$TMP/hdr" | sed -n "s/^$1: //Ip" | head -1
}

png_stats() { # colours and blue pixels of a PNG (8-bit RGB or RGBA)
	python3 - "$1" <<'PY'
import struct, sys, zlib
d = open(sys.argv[1], "rb").read()
assert d[:8] == b"\x89PNG\r\n\x1a\n"
i, idat, w = 8, b"", 0
while i < len(d):
    n, t = struct.unpack(">I4s", d[i:i + 8])
    c = d[i + 8:i + 8 + n]
    if t == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", c[:10])
    elif t == b"IDAT":
        idat += c
    i += 12 + n
bpp = {2: 3, 6: 4}[ctype]
raw, stride = zlib.decompress(idat), w * bpp
prev, colours, blue = bytearray(stride), set(), 0
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for x in range(stride):
        a = line[x - bpp] if x >= bpp else 0
        b = prev[x]
        c = prev[x - bpp] if x >= bpp else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    for x in range(0, stride, bpp * 4):
        r, g, bl = line[x], line[x + 1], line[x + 2]
        colours.add((r, g, bl))
        if bl > r + 80 and bl > g + 40:
            blue += 1
    prev = line
print(len(colours), blue)
PY
}

serve_needs() {
	command -v curl >/dev/null || skip_all "no curl"
	[ -f "$(dirname "$IOLENS")/iolens-serve.so" ] || [ -n "${IOLENS_SERVE:-}" ] ||
		skip_all "bin/iolens-serve.so is not built (no libmicrohttpd-dev)"
}

serve_store() { # serve_store N
	mkdir -p "$TMP/logs"
	for f in $(ls "$SAMPLES"/population/logs/*.darshan | head -"$1"); do
		cp "$f" "$TMP/logs/"
	done
	DB=$TMP/pop.db
	$IOLENS ingest --db "$DB" "$TMP/logs" >/dev/null 2>&1
	ok $? "ingest"
}

nice_of() { sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | awk '{ print $17 }'; }

stopped_child() {	# "pid nice" of a stopped child of $1, if any
	awk -v p="$1" '{ s = $0; sub(/.*\) /, "", s); split(s, a, " ")
		if (a[2] == p && a[1] == "T") { f = FILENAME; gsub(/[^0-9]/, "", f); print f " " a[17]; exit } }' \
		/proc/[0-9]*/stat 2>/dev/null
}

held() {	# server client
	_k=''
	while [ -z "$_k" ] && kill -0 "$2" 2>/dev/null; do
		_k=$(stopped_child "$1")
		[ -n "$_k" ] || sleep 0.05
	done
	echo "$_k"
}

reniced() {	# pid nice
	_hc=0
	while [ "$(nice_of "$1")" = "$2" ] && [ $_hc -lt 100 ]; do
		sleep 0.1
		_hc=$((_hc + 1))
	done
	nice_of "$1"
}

stat_of() {
	curl -s "$C_URL/api/stats" | sed -n "s/.*\"$1\": \([0-9]*\).*/\1/p"
}

held_counts() {	# held_counts USER
	touch "$TMP/hold"
	IOLENS_TEST_COUNT_HOLD=$TMP/hold serve_start C --db "$DB" --logs "$TMP/logs" --cache ""
	pids=
	for _i in 1 2 3 4 5; do
		curl -s -o "$TMP/l.$_i" -w '%{http_code}' \
			"$C_URL/jobs?user=$1&sort=-start_time&limit=$_i" >"$TMP/c.$_i" &
		pids="$pids $!"
	done
	# until four wait, or every client has its answer (a server that
	# holds no count); an empty answer of /api/stats is asked again
	_hc=0
	while [ $_hc -lt 3000 ]; do
		w=$(stat_of counts_waiting)
		[ "${w:-0}" -ge 4 ] && break
		_alive=
		for _p in $pids; do
			kill -0 "$_p" 2>/dev/null && _alive=1
		done
		[ -z "$_alive" ] && break
		sleep 0.1
		_hc=$((_hc + 1))
	done
}
