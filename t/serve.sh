# t/serve.sh: start `iolens serve` for a test (sourced after t/lib.sh).
#   serve_start NAME ARGS...  start a server on a free loopback port (the
#       kernel picks it: --listen 127.0.0.1:0 --port-file), wait until it
#       listens; sets NAME_PID and NAME_URL.  Every server started is
#       killed by the EXIT trap, however the test ends.
#   get URL [curl args]  the body, headers in $TMP/hdr, status in $TMP/code
_serve_pids=
trap 'for p in $_serve_pids; do kill "$p" 2>/dev/null; done; rm -rf "$TMP"' EXIT

serve_start() {	# serve_start NAME ARGS...
	_name=$1
	shift
	rm -f "$TMP/$_name.port"
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
