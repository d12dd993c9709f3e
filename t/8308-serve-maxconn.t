#!/bin/sh
# iolens serve --max-conn: a connection past the limit is answered 503
# (Retry-After, then closed), not dropped unanswered, and the clients
# within the limit are served meanwhile and after; once they leave, a
# new client is served again.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
command -v python3 >/dev/null || skip_all "no python3"
[ -f "$(dirname "$IOLENS")/iolens-serve.so" ] || [ -n "${IOLENS_SERVE:-}" ] ||
	skip_all "bin/iolens-serve.so is not built (no libmicrohttpd-dev)"

mkdir -p "$TMP/logs"
cp "$(ls "$SAMPLES"/population/logs/*.darshan | head -1)" "$TMP/logs/"
$IOLENS ingest --db "$TMP/pop.db" "$TMP/logs" >/dev/null 2>&1
ok $? "ingest"
# a long idle timeout: the held connections stay open however loaded
serve_start S --db "$TMP/pop.db" --logs "$TMP/logs" --max-conn 2 --timeout 600
[ -s "$TMP/S.port" ]
ok $? "serve --max-conn 2 listens"

python3 - "$(cat "$TMP/S.port")" >"$TMP/out" 2>&1 <<'PY'
import http.client, sys, time
port = int(sys.argv[1])
def get(c):
    c.request("GET", "/api/stats", headers={"Host": "127.0.0.1"})
    r = c.getresponse()
    return r.status, r.getheader("Retry-After"), r.read()
# two clients, each served once and keeping its connection
held = [http.client.HTTPConnection("127.0.0.1", port) for _ in range(2)]
print("held", *[get(c)[0] for c in held])
# a third, past the limit
c = http.client.HTTPConnection("127.0.0.1", port)
try:
    st, ra, body = get(c)
    print("third", st, ra, body.decode().strip().replace(" ", "_"))
except (http.client.RemoteDisconnected, ConnectionError) as e:
    print("third closed", type(e).__name__)
c.close()
# the two are served still, then leave
print("again", *[get(c)[0] for c in held])
for c in held:
    c.close()
# a new client: served once the server has seen them leave (a wait, not
# a time limit: it is tried until it is, or for minutes)
for i in range(3000):
    c = http.client.HTTPConnection("127.0.0.1", port)
    try:
        st = get(c)[0]
    except (http.client.RemoteDisconnected, ConnectionError):
        st = 0
    c.close()
    if st == 200:
        break
    time.sleep(0.1)
print("after", st)
PY
sed 's/^/# /' "$TMP/out"
grep -qx 'held 200 200' "$TMP/out"
ok $? "two clients within the limit are served"
grep -q '^third \(503\|closed\)' "$TMP/out"
ok $? "the third is refused cleanly (503 or closed)"
grep -qx 'third 503 1 too_many_connections:_try_again' "$TMP/out"
ok $? "... with a 503, Retry-After and a line saying why"
grep -qx 'again 200 200' "$TMP/out"
ok $? "the two are served still"
grep -qx 'after 200' "$TMP/out"
ok $? "once they left, a new client is served"
kill -0 "$S_PID"
ok $? "the server runs on"

done_testing
