#!/bin/sh
# `triage --db` tells r76-obs-slow's STDIO-SHARE by SMALL-FILES, as
# triage of the log does (t/7580; issue 34, round 76), from job-row
# fields stores already hold (STDIO opens, calls, flushes, seeks, bytes,
# time; files): only SMALL-FILES is listed.  stdio_wait_us = 0 (no
# request is taken to wait for the device) turns the rule off: both
# codes warn again, from the log and from the store.
# min_group_stake_s = 0 lists every job.
. "$(dirname "$0")/lib.sh"
mkdir "$TMP/logs"
L=$TOP/t/data/triage-round76/r76-obs-slow.darshan
cp "$L" "$TMP/logs/"
$RUN ingest --db "$TMP/s.db" "$TMP/logs" >/dev/null 2>&1
ok $? "ingest r76-obs-slow"
printf 'min_group_stake_s = 0\n' >"$TMP/g.conf"
printf 'min_group_stake_s = 0\nstdio_wait_us = 0\n' >"$TMP/off.conf"
codes_db() { # conf: the warn and high codes of every listed job
	db_codes --db "$TMP/s.db" --config "$1"
}
codes_log() { # conf: the warn and high codes of the log, sorted
	$RUN triage --config "$1" --format tsv "$L" 2>/dev/null |
		awk -F'\t' 'NR > 1 && ($3 == "warn" || $3 == "high") { print $2 }' | sort | tr '\n' ' '
}
is "$(codes_db "$TMP/g.conf")" IOL-SMALL-FILES "the store's row: SMALL-FILES alone (STDIO-SHARE told by it)"
is "$(codes_log "$TMP/g.conf")" "IOL-SMALL-FILES " "the log: SMALL-FILES alone"
is "$(codes_log "$TMP/off.conf")" "IOL-SMALL-FILES IOL-STDIO-SHARE " \
	"stdio_wait_us = 0: the log's STDIO-SHARE warns again"
case "$(codes_db "$TMP/off.conf")" in
*IOL-STDIO-SHARE*) ok 0 "stdio_wait_us = 0: the store's STDIO-SHARE warns again" ;;
*) ok 1 "stdio_wait_us = 0: the store's STDIO-SHARE warns again" ;;
esac
done_testing
