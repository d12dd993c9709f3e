#!/bin/sh
# t/7221 on PostgreSQL (a private server, t/pg/server.sh): whether a
# recording's intervals carry their restarts is asked with the gap
# column's bits in SQL, which both stores must answer alike.  Marked,
# fsload --db counts the window's resets and gaps and says nothing;
# unmarked as an older iolens stored it, it keeps the whole recording's
# and says so.  The LMT database with a counter reset lives in ../shared.
. "$(dirname "$0")/lib.sh"
need_shared
REC=$SHARED/corpus/tokio/lmtdb-reset.sqlite3
[ -f "$REC" ] || skip_all "no $REC"
. "$TOP/t/pg/server.sh"
pg_start "$TMP/pg" || { pg_stop; skip_all "$PG_WHY"; }
trap 'pg_stop; rm -rf "$TMP"' EXIT
PG=$(pg_newdb u) || { ok 1 "createdb"; done_testing; exit; }
$RUN ingest --db "$PG" --fsload "$REC" >/dev/null 2>&1
ok $? "ingest --fsload into PostgreSQL"
# target, gaps, gap_seconds, resets of the OST; then the messages
ost() { $RUN fsload --db "$PG" "$@" --format csv 2>"$TMP/err" |
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
	$2 == "ost" { print $1, $c["gaps"], $c["gap_seconds"], $c["resets"] }'
	cat "$TMP/err"; }
is "$(ost)" "snx11168-OST00ad 1 195 1" "the whole recording, no note"
is "$(ost --from 1524037150)" "snx11168-OST00ad 0 0 0" "a window after the reset counts none"
pg_q u "UPDATE fs_samples SET gap = CASE WHEN (gap & 1073741823) != 0 THEN 1 ELSE 0 END"
ost --from 1524037150 >"$TMP/old"
is "$(head -1 "$TMP/old")" "snx11168-OST00ad 1 195 1" "unmarked: the counts stored with it"
grep -q "^iolens fsload: note: .* holds a recording stored by an older iolens" "$TMP/old"
ok $? "unmarked: the note"
done_testing
