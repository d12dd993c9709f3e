#!/bin/sh
# Small requests that are (nearly) all to shared files are, by their
# nature, IOL-SHARED-SMALL's pattern as well as IOL-SMALL-REQ's (issue
# 34).  Ten rounds of independent labels name both codes: SHARED-SMALL is
# material beside a material SMALL-REQ 21 of 22 times.  main told the
# cause once, SHARED-SMALL info ("the job's small requests"), and missed
# the label 20 times.  Now SHARED-SMALL is a companion: SMALL-REQ's
# severity, its own rule's stake, a detail that says it is the same
# cause.  Only where its own rule fires: jobs writing their own files
# have no shared small requests, and a companion whose own stake is a
# sliver of the run stays info.  The truth is awk's over `iolens parse`:
# the processes, the small POSIX requests (SIZE bins under 1 MiB) on
# shared records (rank -1) and on all records, the MPI-IO calls under
# 1 MiB on shared records.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
small() { # log: nprocs, small POSIX ops on shared records, on all, small MPI-IO calls on shared records
	$RUN parse "$1" 2>/dev/null | awk '/^# nprocs:/ { n = $3 }
		$1 == "POSIX" && $4 ~ /^POSIX_SIZE_(READ|WRITE)_(0_100|100_1K|1K_10K|10K_100K|100K_1M)$/ {
			a += $5; if ($2 == -1) s += $5 }
		$1 == "MPI-IO" && $2 == -1 && $4 ~ /^MPIIO_SIZE_(READ|WRITE)_AGG_(0_100|100_1K|1K_10K|10K_100K|100K_1M)$/ {
			m += $5 }
		END { printf "%d %d %d %d\n", n, s, a, m }'
}
# the companion's stake is its own rule's: the same with SMALL-REQ off
printf 'companions = 1\n' >"$TMP/on.conf"
printf 'companions = 1\nsmall_req_pct = 100\n' >"$TMP/off.conf"
companion() { # log name: both warn, named, own stake
	$RUN triage --all --config "$TMP/on.conf" --format tsv "$1" >"$TMP/c.tsv" 2>/dev/null
	$RUN triage --all --config "$TMP/off.conf" --format tsv "$1" >"$TMP/o.tsv" 2>/dev/null
	is "$(col "$TMP/c.tsv" IOL-SMALL-REQ 3) $(col "$TMP/c.tsv" IOL-SHARED-SMALL 3)" "warn warn" \
		"$2: SMALL-REQ and SHARED-SMALL warn (main: warn info)"
	col "$TMP/c.tsv" IOL-SHARED-SMALL 8 | grep -q '^same cause as IOL-SMALL-REQ: .*; its own stake '
	ok $? "$2: SHARED-SMALL says it is SMALL-REQ's cause"
	is "$(col "$TMP/c.tsv" IOL-SHARED-SMALL 10)" "$(col "$TMP/o.tsv" IOL-SHARED-SMALL 10)" \
		"$2: SHARED-SMALL's stake is its own rule's"
}
# a round's log: r4-mpiio-small, 8 ranks, 4 KiB independent MPI-IO calls
# to one shared file (round 4 labelled both codes material)
L=$TOP/t/data/triage-round4/r4-mpiio-small.darshan
set -- $(small "$L")
ok "$([ "$1" -ge 2 ] && [ "$4" -gt 0 ] && [ $(($2 * 10)) -ge $(($3 * 9)) ] && echo 0 || echo 1)" \
	"r4-mpiio-small: awk: $1 processes, $4 small MPI-IO calls on shared files, $2 of $3 small POSIX ones"
companion "$L" r4-mpiio-small
# own files: r4-h5-small-chunks, 2 ranks, each its own file: SMALL-REQ only
L=$TOP/t/data/triage-round4/r4-h5-small-chunks.darshan
set -- $(small "$L")
is "$1 $2 $4" "2 0 0" "r4-h5-small-chunks: awk: 2 processes, no small request on a shared file ($3 on their own)"
$RUN triage --all --config "$TMP/on.conf" --format tsv "$L" >"$TMP/h.tsv" 2>/dev/null
is "$(col "$TMP/h.tsv" IOL-SMALL-REQ 3) $(col "$TMP/h.tsv" IOL-SHARED-SMALL 3)" "warn not evaluated" \
	"r4-h5-small-chunks: SMALL-REQ warns, SHARED-SMALL has nothing to judge"
if [ -d "$SHARED/corpus/population/logs" ]; then
	# our own case: c08, IOR -t 4k on 4 ranks to one shared file
	POP=$SHARED/corpus/population
	for B in $(awk -F'\t' '$8 == "c08" { print $2 }' "$POP/manifest.tsv" | head -3); do
		set -- $(small "$POP/logs/$B")
		id=${B#bob_turb-small_id}
		id=${id%%-*}
		is "$1 $2" "4 $3" "c08 $id: awk: 4 processes, all $3 small requests on the shared file"
		companion "$POP/logs/$B" "c08 $id"
	done
	# e3sm: SMALL-REQ's 250 s of read-modify-write is on the output,
	# SHARED-SMALL's own 0.27 s (the input's reads) is a sliver of the
	# 727 s run, labelled trivial: no companion
	E=$SHARED/corpus/darshan-logs/e3sm_io_heatmap_only/e3sm_io_heatmap_only.darshan
	$RUN triage --all --config "$TMP/on.conf" --format tsv "$E" >"$TMP/e.tsv" 2>/dev/null
	is "$(col "$TMP/e.tsv" IOL-SMALL-REQ 3) $(col "$TMP/e.tsv" IOL-SHARED-SMALL 3)" "warn info" \
		"e3sm: SMALL-REQ warns, SHARED-SMALL (its own stake under min_stake_pct of the run) stays info"
else
	skip "../shared is not present" 13
fi
done_testing
