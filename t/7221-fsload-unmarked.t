#!/bin/sh
# fsload --db on a store whose recording was stored by an older iolens,
# before each interval carried its restart (the reset bit of the gap
# column): its window cannot be counted from the intervals, so the
# stored counts, the whole recording's, are shown and a note says so,
# rather than the window's counts silently missing the reset.  Made by
# unmarking a stored recording as the older iolens stored it (gap 0 or
# 1).  The LMT database with a counter reset lives in ../shared.
. "$(dirname "$0")/lib.sh"
need_shared
REC=$SHARED/corpus/tokio/lmtdb-reset.sqlite3
[ -f "$REC" ] || skip_all "no $REC"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
DB=$TMP/fs.db
$RUN ingest --db "$DB" --fsload "$REC" >/dev/null 2>&1
ok $? "ingest --fsload of the LMT database"
# target, gaps, gap_seconds, resets of the OST
ost() { awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
	$2 == "ost" { print $1, $c["gaps"], $c["gap_seconds"], $c["resets"] }'; }
$RUN fsload --db "$DB" --format csv 2>"$TMP/err" | ost >"$TMP/whole"
is "$(cat "$TMP/whole")" "snx11168-OST00ad 1 195 1" "the whole recording: one gap of 195 s, one reset"
is "$(cat "$TMP/err")" "" "a store of this iolens: no note"
# a window after the reset: none of it counted
$RUN fsload --db "$DB" --from 1524037150 --format csv 2>"$TMP/err" | ost >"$TMP/win"
is "$(cat "$TMP/win")" "snx11168-OST00ad 0 0 0" "a window after the reset and gap counts neither"
# the same recording as an older iolens stored it
sqlite3 "$DB" "UPDATE fs_samples SET gap = CASE WHEN (gap & 1073741823) != 0 THEN 1 ELSE 0 END"
$RUN fsload --db "$DB" --from 1524037150 --format csv 2>"$TMP/err" | ost >"$TMP/old"
is "$(cat "$TMP/old")" "snx11168-OST00ad 1 195 1" "unmarked: the counts stored with it, the whole recording's"
grep -q "^iolens fsload: note: '$DB' holds a recording stored by an older iolens: resets and gaps are each recording's whole" "$TMP/err"
ok $? "unmarked: a note says the counts are the whole recording's"
done_testing
