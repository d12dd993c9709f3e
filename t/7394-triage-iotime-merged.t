#!/bin/sh
# IOL-IO-TIME holds the MPI-IO layer's own time (its exchange and
# waiting, beyond the POSIX time) as no cause when the storage saw the
# small calls merged (issue 34, round 19): r19-coll-64k spends 1.335 s
# a rank in MPI-IO, 0.017 s of it POSIX, in 1024 collective calls of
# 64 KiB written as 257 POSIX requests; the 4 MiB twin was faster in
# only 2 of 5 pairs (IO-TIME labelled trivial: no cause measured; main:
# warn, 1.34 s at stake).  Collective calls under 10 KiB keep theirs
# (r12-coll-read-strided, r13-coll-il4k, r14-cread-1k-16: IO-TIME
# labelled material).
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
tri() { # log [args]: the tsv of every rule
	g=$1
	shift
	$RUN triage "$@" --all --format tsv "$g" >"$TMP/t.tsv" 2>/dev/null
}
layer() { # log: MPI-IO slowest rank time minus POSIX slowest, ms, by awk
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '
		$4 == "MPIIO_F_SLOWEST_RANK_TIME" && $5 > m { m = $5 }
		$4 == "POSIX_F_SLOWEST_RANK_TIME" && $5 > p { p = $5 }
		END { printf "%d\n", (m - p) * 1000 }'
}

F=$TOP/t/data/triage-round19/r19-coll-64k.darshan
ms=$(layer "$F")
ok "$([ "$ms" -ge 1000 ] && echo 0 || echo 1)" "r19-coll-64k: awk: MPI-IO beyond POSIX $ms ms"
tri "$F"
s=$(col "$TMP/t.tsv" IOL-IO-TIME 3)
ok "$([ "$s" = ok ] || [ "$s" = info ] && echo 0 || echo 1)" "r19-coll-64k: IO-TIME no finding ($s; main: warn, 1.34 s)"
col "$TMP/t.tsv" IOL-IO-TIME 8 | grep -q "0 s at stake"
ok $? "r19-coll-64k: nothing at stake"
printf 'coll_merge_calls = 0\n' >"$TMP/zero.conf"
tri "$F" --config "$TMP/zero.conf"
is "$(col "$TMP/t.tsv" IOL-IO-TIME 3)" warn "coll_merge_calls 0: the layer's time is a cause again"
for l in round12/r12-coll-read-strided round13/r13-coll-il4k round14/r14-cread-1k-16; do
	tri "$TOP/t/data/triage-$l.darshan"
	is "$(col "$TMP/t.tsv" IOL-IO-TIME 3)" warn "${l#*/}: IO-TIME warns"
done
done_testing
