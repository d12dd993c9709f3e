#!/bin/sh
# An fopen per record is an open storm (issue 34, round 14): IOL-META-
# BOUND's structural clause (at least storm_files opens a process and
# storm_reopens a file: material on its share of the run alone) counted
# POSIX opens only, and Darshan's POSIX module does not see the open
# inside fopen.  main at 68f5098 left r14-reopen-log (20000 lines, each
# with fopen("a"), one fprintf, fclose; 0.242 s of metadata of a 0.331 s
# run; labelled material: the twin with one fopen took 0.02-0.09 s)
# "below the impact floor: under min_stake_s".  Now STDIO's opens count
# too (job-row field stdio_opens) and it is high in the labelled run and
# its 3 reruns.  The truth is awk's over `iolens parse`: STDIO and POSIX
# opens, files.  The good twin (keep-log: one fopen, 20000 fprintf) is
# no open storm, and its META-BOUND no finding.
. "$(dirname "$0")/lib.sh"
# log: STDIO opens, POSIX opens, STDIO records
opens() {
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '
		$4 == "STDIO_OPENS" { s += $5; f++ }
		$4 == "POSIX_OPENS" { p += $5 }
		END { printf "%d %d %d\n", s, p, f }'
}
sev() { # log code: its severity
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' -v c="$2" '$2 == c { print $3 }'
}
D=$TOP/t/data/triage-round14
for L in "$D/r14-reopen-log.darshan" "$D"/reruns/r14-reopen-log-ab*.darshan; do
	set -- $(opens "$L")
	storm=$([ "$1" -ge 1000 ] && [ "$1" -ge $((10 * $3)) ] && echo 1 || echo 0)
	is "$storm $(sev "$L" IOL-META-BOUND)" "1 high" \
		"$(basename "$L" .darshan): $1 STDIO opens, $2 POSIX, $3 STDIO records: an open storm, META-BOUND high"
done
$RUN triage --all --format tsv "$D/r14-reopen-log.darshan" 2>/dev/null |
	awk -F'\t' '$2 == "IOL-META-BOUND" { print $8 }' | grep -q "an open storm: 0 POSIX opens, 10000 a file (.*) and 20001 STDIO opens"
ok $? "r14-reopen-log: the detail names the storm's opens"
for L in "$D"/reruns/r14-keep-log-ab*.darshan; do
	set -- $(opens "$L")
	case $(sev "$L" IOL-META-BOUND) in warn | high) got=finding ;; *) got=none ;; esac
	is "$got" none "$(basename "$L" .darshan): $1 STDIO opens: META-BOUND no finding"
done
# a stored row judges alike (job-row field stdio_opens)
if command -v sqlite3 >/dev/null; then
	L=$D/r14-reopen-log.darshan
	$RUN ingest --db "$TMP/r.db" "$L" >/dev/null 2>&1
	is "$(sqlite3 "$TMP/r.db" "SELECT stdio_opens FROM jobs")" "$(opens "$L" | cut -d' ' -f1)" \
		"job-row field stdio_opens: awk's count"
	# every group listed, whatever the stake it puts at stake
	sed 's/^min_group_stake_s = .*/min_group_stake_s = 0/' "$TOP/etc/triage.conf" >"$TMP/g0.conf"
	$RUN triage --format tsv --config "$TMP/g0.conf" --db "$TMP/r.db" 2>/dev/null |
		tail -n 1 | cut -f12 | grep -q "IOL-META-BOUND"
	ok $? "... and META-BOUND is a finding from the store"
else
	skip "sqlite3 is not installed" 2
fi
done_testing
