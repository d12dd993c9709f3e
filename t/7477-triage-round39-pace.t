#!/bin/sh
# IOL-SMALL-REQ stakes round 39's small requests at the pace the log
# shows, not "the bytes at 256 MiB/s" (issue 34, round 39: IOR on
# storage throttled to 32 MiB/s, t/data/triage-round39/).
# r39-mpiio-indep-64k: 2048 independent MPI-IO calls of 64 KiB that
# reach the storage as POSIX requests of 64 KiB at 24 MiB/s; 256 MiB/s
# staked 2.16 s, where 16 MiB collective calls saved 0.42 s (labelled
# trivial, IO-TIME too).  The slowest rank's POSIX pace under its MPI-IO
# is kept: the stake is at most its MPI-IO time beyond its POSIX time,
# computed by awk from `iolens parse`.
# r39-strided-16k: 4 ranks write 16 KiB segments interleaved in one
# file, 5.11 s a rank; 256 MiB/s kept 0.13 s and staked the rest, where
# the collective twin saved 3.02 s (59 %; IO-TIME labelled trivial).
# One request size, several ranks, nothing to compare with: half the
# time is kept, said to be assumed, and IO-TIME's cause holds under two
# thirds.  Round 39's material small requests (ssf-4k, direct-4k,
# rand-4k, mpiio-coll-64k) stay findings, and every rerun of the two
# programs gets the first run's verdict.  No timing: stakes are read
# from the logs' counters.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round39
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
tri() { # log: the tsv of every rule
	$RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null
}
quiet() { # severity: no finding
	case $1 in ok | info | floor | "below the impact floor") echo 0 ;; *) echo 1 ;; esac
}
beyond() { # log: MPI-IO seconds a rank beyond the POSIX slowest rank's, by awk
	$RUN parse "$1" | awk '
	/^# nprocs:/ { np = $3 }
	$2 == -1 && $4 ~ /^MPIIO_F_(READ|WRITE)_TIME$/ { m += $5 }
	$2 == -1 && $4 == "POSIX_F_SLOWEST_RANK_TIME" { p += $5 }
	END { printf "%.3f\n", m / np - p }'
}
slowest() { # log: the shared POSIX record's slowest rank's seconds, by awk
	$RUN parse "$1" | awk '$2 == -1 && $4 == "POSIX_F_SLOWEST_RANK_TIME" { print $5 }'
}
in_range() { # x lo hi
	awk -v x="$1" -v l="$2" -v h="$3" 'BEGIN { exit !(x >= l && x <= h) }'
	echo $?
}

# independent 64 KiB calls: the POSIX pace under MPI-IO
I=$D/r39-mpiio-indep-64k.darshan
b=$(beyond "$I")
diag "r39-mpiio-indep-64k: MPI-IO beyond POSIX a rank, by awk: $b s"
tri "$I"
s=$(col "$TMP/t.tsv" IOL-SMALL-REQ 10)
ok "$(in_range "$s" 0 "$(awk -v b="$b" 'BEGIN { print (b > 0 ? b : 0) + 0.05 }')")" \
	"mpiio-indep-64k: SMALL-REQ stakes $s s, at most MPI-IO beyond POSIX ($b s), not 2.16 s"
ok "$(quiet "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)")" "mpiio-indep-64k: SMALL-REQ no finding (labelled trivial)"
ok "$(quiet "$(col "$TMP/t.tsv" IOL-IO-TIME 3)")" "mpiio-indep-64k: IO-TIME no finding (labelled trivial)"
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "the bytes at 4[0-9] MiB/s, the job's, not saved"
ok $? "mpiio-indep-64k: the detail names the job's own pace (64 MiB each way over 2.6 s)"

# 16 KiB segments of 4 ranks: one size, half assumed
S=$D/r39-strided-16k.darshan
p=$(slowest "$S")
half=$(awk -v p="$p" 'BEGIN { printf "%.3f", p / 2 }')
diag "r39-strided-16k: POSIX slowest rank $p s, half $half s"
tri "$S"
is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" warn "strided-16k: SMALL-REQ warns (material, 3.02 s)"
s=$(col "$TMP/t.tsv" IOL-SMALL-REQ 10)
ok "$(in_range "$s" "$(awk -v h="$half" 'BEGIN { print h - 0.05 }')" "$(awk -v h="$half" 'BEGIN { print h + 0.05 }')")" \
	"strided-16k: SMALL-REQ stakes $s s, half the slowest rank's $p s, not 5.11 s"
ok "$(in_range "$s" 2.27 3.78)" "strided-16k: within a quarter of the labelled, twin-measured 3.02 s"
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "one request size, no other pace in the log: [0-9.]* s (half) assumed"
ok $? "strided-16k: the detail says the kept half is assumed"
ok "$(quiet "$(col "$TMP/t.tsv" IOL-IO-TIME 3)")" "strided-16k: IO-TIME no finding"
col "$TMP/t.tsv" IOL-IO-TIME 8 | grep -q "under iotime_cause_pct"
ok $? "strided-16k: IO-TIME says its cause holds under two thirds"
s=$(col "$TMP/t.tsv" IOL-SHARED-SMALL 10)
ok "$(in_range "$s" "$(awk -v h="$half" 'BEGIN { print h - 0.05 }')" "$(awk -v h="$half" 'BEGIN { print h + 0.05 }')")" \
	"strided-16k: SHARED-SMALL's stake is the same $s s"

# the reruns get their first run's verdict
for prog in mpiio-indep-64k strided-16k; do
	first=$($RUN triage --format tsv "$D/r39-$prog.darshan" 2>/dev/null |
		awk -F'\t' '$3 == "warn" || $3 == "high" { print $2 }' | sort | tr '\n' ' ')
	for r in "$D"/reruns/r39-labels39-ab*-"$prog".darshan; do
		v=$($RUN triage --format tsv "$r" 2>/dev/null |
			awk -F'\t' '$3 == "warn" || $3 == "high" { print $2 }' | sort | tr '\n' ' ')
		is "$v" "$first" "${r##*/}: the first run's verdict (${first:-none})"
	done
done

# round 39's material small requests stay found
for prog in ssf-4k direct-4k rand-4k; do
	tri "$D/r39-$prog.darshan"
	is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" warn "$prog: SMALL-REQ warns (4 KiB requests)"
	is "$(col "$TMP/t.tsv" IOL-IO-TIME 3)" warn "$prog: IO-TIME warns (its cause, 94-97 %)"
done
tri "$D/r39-mpiio-coll-64k.darshan"
is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" warn "mpiio-coll-64k: SMALL-REQ warns (2.03 s)"
done_testing
