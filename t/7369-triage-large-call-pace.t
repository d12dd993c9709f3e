#!/bin/sh
# Two stakes of IOL-SMALL-REQ (issue 34, round 13, first scored on the
# rules before this change: 9 of 13 findings material).
# 1. A record's time split by the small calls' share of its count handed
#    them the large calls' seconds: r13-h5-3d-badchunk's 13 HDF5 metadata
#    writes beside 4 collective writes of 32 MiB (MPIIO_F_MAX_WRITE_TIME
#    5.59 s at MAX_WRITE_TIME_SIZE 32 MiB, of the slowest rank's 5.67 s)
#    were said to carry 4.24 s (labelled trivial).  The record's slowest
#    read and write, when of 1 MiB or more, are taken off first.
# 2. Forward small reads are readahead's (judged by time, not by the
#    4 KiB clause) only when they cover their span at half a large
#    read's pace (read_rate_mibs, 256) or better: r13-odirect-4k's 16384
#    O_DIRECT reads of 4 KiB, 64 MiB in 0.63 s (102 MiB/s), waited for
#    the device one by one (labelled material; buffered, the same reads
#    took 0.1 s).  The truth is awk's over `iolens parse`.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
tri() { $RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null; }
# small-call seconds of a one-record log: (time - slowest large call) *
# small / all, by awk; and the span's pace in MiB/s
facts() {
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk -v L="$2" '
	$1 == L { v[$4] += $5 }
	END {
		p = L == "POSIX" ? "POSIX_" : "MPIIO_"
		t = v[p "F_READ_TIME"] + v[p "F_WRITE_TIME"]
		if (v[p "MAX_WRITE_TIME_SIZE"] >= 1048576) t -= v[p "F_MAX_WRITE_TIME"]
		if (v[p "MAX_READ_TIME_SIZE"] >= 1048576) t -= v[p "F_MAX_READ_TIME"]
		if (t < 0) t = 0
		span = v["POSIX_MAX_BYTE_READ"] + 1
		rt = v["POSIX_F_READ_TIME"]
		printf "%.3f %.0f\n", t, (rt > 0 ? span / 1048576 / rt : 0) }'
}

D=$TOP/t/data/triage-round13
# 1: the HDF5 log, at the MPI-IO layer (4 ranks' shared record: its
# time over the ranks, the slowest call off)
L=$D/r13-h5-3d-badchunk.darshan
tri "$L"
# a rank's share of the record's time, no more than the slowest rank's,
# less the slowest call (32 MiB), by its small calls' share of the count
small=$($RUN parse --show-incomplete "$L" 2>/dev/null | awk '$1 == "MPI-IO" { v[$4] += $5 }
	END {
		t = (v["MPIIO_F_READ_TIME"] + v["MPIIO_F_WRITE_TIME"]) / 4
		if (t > v["MPIIO_F_SLOWEST_RANK_TIME"]) t = v["MPIIO_F_SLOWEST_RANK_TIME"]
		t -= v["MPIIO_F_MAX_WRITE_TIME"]
		n = v["MPIIO_INDEP_WRITES"] + v["MPIIO_COLL_WRITES"]
		printf "%.3f", (t > 0 ? t : 0) * v["MPIIO_INDEP_WRITES"] / n }')
[ "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" != warn ]
ok $? "r13-h5-3d-badchunk: SMALL-REQ not warned (awk: the small calls hold ~$small s a rank; main: warn, 4.24 s)"
# our own: 100 writes of 4 KiB (1 ms each) after one of 64 MiB (3 s)
awk -f "$TOP/t/data/triage-trace-gen.awk" big.dat:write:1:67108864:0:3.0 \
	big.dat:write:100:4096:0:0.001 >"$TMP/b.trace"
$RUN convert -o "$TMP/b.darshan" "$TMP/b.trace" 2>/dev/null
tri "$TMP/b.darshan"
set -- $(facts "$TMP/b.darshan" POSIX)
want=$(awk -v t="$1" 'BEGIN { printf "%.3f", t * 100 / 101 }')
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "about $want s a rank"
ok $? "own: 100 small writes beside a 3 s write of 64 MiB hold $want s (awk), not 3.07"
[ "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" != warn ]
ok $? "... SMALL-REQ not warned (main: warn)"

# 2: the pace over the span decides readahead's
for c in odirect-4k:warn buffered-4k:info; do
	k=${c%%:*} want=${c#*:}
	L=$D/r13-$k.darshan
	set -- $(facts "$L" POSIX)
	tri "$L"
	is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" "$want" \
		"r13-$k: its span at $2 MiB/s (awk): SMALL-REQ $want"
done
G=$TOP/t/data/triage-trace-gen.awk
for c in slow:0.0001:warn fast:0.00001:info; do
	k=${c%%:*} r=${c#*:}
	s=${r%%:*} want=${r#*:}
	awk -f "$G" "$k.dat:seq:30000:4096:0:$s" >"$TMP/$k.trace"
	$RUN convert -o "$TMP/$k.darshan" "$TMP/$k.trace" 2>/dev/null
	set -- $(facts "$TMP/$k.darshan" POSIX)
	tri "$TMP/$k.darshan"
	is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" "$want" \
		"own $k: 30000 consecutive 4 KiB reads, $2 MiB/s over the span (awk): SMALL-REQ $want"
done
done_testing
