#!/bin/sh
# IOL-SMALL-REQ leaves MPI-IO calls the file system saw merged alone
# (issue 34, round 19): r19-coll-64k writes 1024 collective calls of
# 64 KiB (none under 10 KiB), which collective buffering's aggregator
# wrote as 256 POSIX writes of 256 KiB; its 4 MiB twin was faster in
# only 2 of 5 pairs (labelled false; main: warn, 1.2 s at stake).  At
# least coll_merge_calls (2) calls a POSIX request, mostly 10 KiB or
# more: not small for the storage.  bench/mpiio-collective-big (64 KiB
# calls, one POSIX request each) and round 13's 4 KiB collective rounds
# stay findings.  The counts are computed by awk from `iolens parse`.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
ops() { # log: MPI-IO calls, POSIX reads and writes, MPI-IO calls under 10 KiB
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '
		$1 == "MPI-IO" && ($4 == "MPIIO_INDEP_READS" || $4 == "MPIIO_INDEP_WRITES" ||
			$4 == "MPIIO_COLL_READS" || $4 == "MPIIO_COLL_WRITES") { m += $5 }
		$1 == "MPI-IO" && $4 ~ /^MPIIO_SIZE_(READ|WRITE)_AGG_(0_100|100_1K|1K_10K)$/ { t += $5 }
		$1 == "POSIX" && ($4 == "POSIX_READS" || $4 == "POSIX_WRITES") { p += $5 }
		END { printf "%d %d %d\n", m, p, t }'
}
sev() { # log [args]: SMALL-REQ's severity
	l=$1
	shift
	$RUN triage "$@" --all --format tsv "$l" >"$TMP/t.tsv" 2>/dev/null
	col "$TMP/t.tsv" IOL-SMALL-REQ 3
}

F=$TOP/t/data/triage-round19/r19-coll-64k.darshan
set -- $(ops "$F")
ok "$([ "$1" -ge $((2 * $2)) ] && [ "$3" -eq 0 ] && echo 0 || echo 1)" "r19-coll-64k: awk: $1 MPI-IO calls, $2 POSIX requests, $3 under 10 KiB"
s=$(sev "$F")
ok "$([ "$s" = ok ] || [ "$s" = info ] || [ "$s" = floor ] && echo 0 || echo 1)" "r19-coll-64k: SMALL-REQ no finding ($s; main: warn, 1.2 s)"
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "merged into $2 POSIX requests (coll_merge_calls): not small for the storage"
ok $? "r19-coll-64k: the detail says why"
printf 'coll_merge_calls = 0\n' >"$TMP/zero.conf"
is "$(sev "$F" --config "$TMP/zero.conf")" warn "coll_merge_calls 0: none exempt, r19-coll-64k warns"
printf 'coll_merge_calls = 8\n' >"$TMP/eight.conf"
is "$(sev "$F" --config "$TMP/eight.conf")" warn "coll_merge_calls 8: 4 calls a request are not enough"
# the material ones stay: 4 KiB collective rounds
for l in round13/r13-coll-il4k round4/r4-mpiio-coll-small; do
	is "$(sev "$TOP/t/data/triage-$l.darshan")" warn "${l#*/}: SMALL-REQ warns"
done
B=$SHARED/bench/mpiio-collective-big/root_ior_id23507-23507_11-21-81006-16955977952739867309_2.darshan
if [ -f "$B" ]; then
	set -- $(ops "$B")
	ok "$([ "$1" -lt $((2 * $2)) ] && echo 0 || echo 1)" "mpiio-collective-big: awk: $1 MPI-IO calls, $2 POSIX requests: not merged"
	is "$(sev "$B")" warn "mpiio-collective-big: 64 KiB calls one to a request, SMALL-REQ warns"
else
	skip "../shared absent: no mpiio-collective-big" 2
fi
done_testing
