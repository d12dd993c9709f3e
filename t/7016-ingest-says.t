#!/bin/sh
# What ingest and merge-db say (issue 35, section 2): an sacct file with
# a bad header leaves no new empty store behind and no count of a join
# that had nothing to join to; a file with a header but a bad line keeps
# its store; merge-db says "1 store"; the progress bar never shows
# "ETA 0:00:00" (it was the ETA of logs handed out, not of logs done, so
# it read 0:00:00 while the last logs still decoded, and on the last frame).
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
cd "$TMP" || exit 1

printf 'garbage|header\n1|2\n' > bad.sacct
$RUN ingest --db new.db --sacct bad.sacct >out 2>err
is "$?" 1 "ingest --sacct with a bad header exits 1"
[ ! -e new.db ]
ok $? "and leaves no new store behind"
grep -q 'job rows joined' out
is "$?" 1 "and counts no join"
grep -q 'not an sacct -P header' err
ok $? "and says the header is not sacct's"

# a header, then a bad line: the good jobs are stored, the store stays
cat > half.sacct <<'E'
JobID|JobIDRaw|User|Account|NNodes|NCPUS|Elapsed|Start|End|State
123|123|alice|chem|2|64|00:10:00|2026-11-21T10:00:00|2026-11-21T10:10:00|COMPLETED
124|124|alice|chem|x|64|00:10:00|2026-11-21T10:00:00|2026-11-21T10:10:00|COMPLETED
E
$RUN ingest --db half.db --sacct half.sacct >out 2>err
is "$?" 1 "a bad line: exit 1"
is "$(sqlite3 half.db 'SELECT count(*) FROM sched' 2>/dev/null)" 1 "the good job is stored"
grep -q '^0 job rows joined' out
ok $? "and the join is counted"

# merge-db: one store, one job
$RUN ingest --db one.db "$TOP/sample-logs/ior/ior_posix_n1_t4k" >/dev/null 2>&1
$RUN merge-db m.db one.db >out 2>&1
is "$?:$(cat out)" "0:1 store: 1 job added" "merge-db of one store: singular"

# the bar (script(1) gives a terminal): the last frame says all are done
# with no ETA, and no frame says 0:00:00 while a log is left
if command -v script >/dev/null 2>&1; then
	script -qfc "$IOLENS ingest --db $TMP/tty.db $TOP/sample-logs/ior" ts >/dev/null 2>&1
	grep -q 'COMMAND_EXIT_CODE="0"' ts
	ok $? "on a terminal ingest exits 0"
	tr '\r' '\n' < ts > frames
	grep -c 'ETA 0:00:00' frames >cnt
	is "$(cat cnt)" 0 "no frame shows ETA 0:00:00"
	last=$(grep '] [0-9]*/[0-9]* logs' frames | tail -1)
	case $last in
	*ETA*) ok 1 "the last frame has no ETA: $last" ;;
	*) ok 0 "the last frame has no ETA" ;;
	esac
else
	skip_all "script(1) is not installed"
fi
done_testing
