#!/bin/sh
# IOL-RANK0-IO: an input read on one rank and broadcast is judged by its
# time; the structural clause (material on the share of the run alone)
# is for rank-0-only writes, a gather funnel (issue 34, round 11's
# bcast-read: rank 0 reads 256 MiB for MPI_Bcast, 0.085 s, 8.7 % of the
# run, labelled trivial, "read and broadcast by design"; main warned
# RANK0-IO and IDLE-RANKS).  Reading an input once and broadcasting it is
# what MPI programs are advised to do; every rank-0-only finding labelled
# material in rounds 1-11 writes.  The truth is computed by awk from
# `iolens parse`: nprocs, run time, the busiest rank's share of the bytes,
# its POSIX read and write time.  Cases: round 11's log; our own
# r4-rank0-io (rank 0 writes 256 MiB for 8 ranks, 2.15 s, labelled
# material) and the population's esm-rank0 (rank 0 writes 64 MiB for 4
# ranks, 0.03 s, 54 % of the run, labelled material in rounds 1-3 and 10:
# the structural clause) stay findings.
. "$(dirname "$0")/lib.sh"
rank0() { # log: nprocs busiest-share% read-s write-s stake-s stake-pct
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '
		/^# nprocs:/ { np = $3 }
		/^# run time:/ { rt = $4 }
		$1 == "POSIX" && ($4 == "POSIX_BYTES_READ" || $4 == "POSIX_BYTES_WRITTEN") {
			b[$2] += $5; all += $5 }
		$1 == "POSIX" && $4 == "POSIX_F_READ_TIME" { r[$2] += $5 }
		$1 == "POSIX" && $4 == "POSIX_F_WRITE_TIME" { w[$2] += $5 }
		$1 == "POSIX" && $4 ~ /^POSIX_F_(READ|WRITE|META)_TIME$/ { t[$2] += $5 }
		END { top = -2; for (k in b) if (k >= 0 && (top == -2 || b[k] > b[top])) top = k
		      s = (t[top] + 0) * (1 - 1 / np)
		      printf "%d %.1f %.3f %.3f %.3f %.1f\n", np, all ? 100 * b[top] / all : 0,
			r[top], w[top], s, 100 * s / rt }'
}
check() { # log label
	set -- "$1" "$2" $(rank0 "$1")
	$RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null
	sev=$(awk -F'\t' '$2 == "IOL-RANK0-IO" { print $3 }' "$TMP/t.tsv")
	idle=$(awk -F'\t' '$2 == "IOL-IDLE-RANKS" { print $3 }' "$TMP/t.tsv")
	why="awk: $3 ranks, busiest $4 % of the bytes, read $5 s, write $6 s, $7 s at stake, $8 % of the run"
	big=$(awk -v np="$3" -v sh="$4" 'BEGIN { print (np >= 3 && sh >= 99) }')
	ok "$([ "$big" = 1 ] && echo 0 || echo 1)" "$2: rank-0-only I/O ($why)"
	if awk -v r="$5" -v w="$6" -v s="$7" 'BEGIN { exit !(r > w && s < 1) }'; then
		want="info"
	elif awk -v r="$5" -v w="$6" -v p="$8" 'BEGIN { exit !(r <= w && p >= 5) }'; then
		want="warn"
	else
		want="?"
	fi
	is "$sev" "$want" "$2: RANK0-IO $want ($why)"
	is "$idle" "$want" "$2: IDLE-RANKS $want, the pattern of RANK0-IO"
	if [ "$want" = info ]; then
		awk -F'\t' '$2 == "IOL-RANK0-IO" { print $8 }' "$TMP/t.tsv" | grep -q 'mostly reads.*read and broadcast, judged by its time'
		ok $? "$2: the detail says why"
	fi
}
check "$TOP/t/data/triage-round11/r11-bcast-read.darshan" r11-bcast-read
check "$TOP/t/data/triage-round4/r4-rank0-io.darshan" r4-rank0-io
P=$SHARED/corpus/population/logs
if [ -d "$P" ]; then
	check "$P/carol_esm-rank0_id693-693_11-21-81868-12550312868134091037_1.darshan" esm-rank0
else
	skip "../shared is not present: esm-rank0" 3
fi
done_testing
