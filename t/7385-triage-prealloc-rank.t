#!/bin/sh
# MPI_File_preallocate's zeros: a rewrite is staked on the rank that
# moved it, and POSIX bytes beyond MPI-IO's are a rank's own imbalance
# (issue 34, round 14):
# IOL-REDUNDANT split the slowest rank's write time by the rewritten
# bytes' share of all bytes, as if every rank rewrote its part.  Open
# MPI's MPI_File_preallocate writes the zeros from rank 0 alone:
# r14-prealloc's shared record has 536870912 B written for a 268435456-B
# file, rank 0 (the slowest) 335544320 B in 3.297 s, the fastest
# 67108864 B in 0.057 s.  main at 68f5098 put 1.65 s at stake (half of
# rank 0's time; labelled 3.3 s), and IO-TIME's causes held 50 % of the
# I/O time, under iotime_cause_pct: info (labelled material, the same
# cause).  Now a shared record's rewritten bytes, at most what its
# slowest rank moved beyond the fastest, take the slowest rank's pace
# (job-row field redundant_rank_time): 3.297 s x 268435456 / 335544320
# = 2.64 s, and IO-TIME warns.  The truth is awk's over `iolens parse`.
# MPI_File_set_size (r14-setsize: no rewrite) gets no finding.
# And the zeros are a rank's own imbalance: a file MPI-IO drove was
# judged by its MPI-IO record alone (equal, 67108864 B a rank), since
# aggregation makes POSIX uneven by design; but aggregation moves the
# same bytes, and POSIX moving half again as many as MPI-IO (here 2x)
# moved bytes no MPI-IO call asked for.  Then the POSIX record's spread
# is judged: SHARED-IMBALANCE and SHARED-TIME-IMBALANCE warn (labelled
# material, the same cause; main: ok and info).  Collective buffering's
# one aggregator (r14-subarr-coll: POSIX bytes = MPI-IO bytes) stays
# judged by MPI-IO: no finding.
. "$(dirname "$0")/lib.sh"
# log: the slowest rank's rewrite seconds by awk, over shared records
truth() {
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '
		$1 == "POSIX" && $2 == -1 { k = $3; v[k, $4] = $5; ids[k] = 1 }
		END { for (k in ids) {
			rw = v[k, "POSIX_BYTES_WRITTEN"] - v[k, "POSIX_MAX_BYTE_WRITTEN"] - 1
			sb = v[k, "POSIX_SLOWEST_RANK_BYTES"]; fb = v[k, "POSIX_FASTEST_RANK_BYTES"]
			if (rw <= 0 || sb <= fb) continue
			if (rw > sb - fb) rw = sb - fb
			s += v[k, "POSIX_F_SLOWEST_RANK_TIME"] * (rw < sb ? rw / sb : 1) }
		  printf "%.3f\n", s }'
}
col() { # code column: from $TMP/t.tsv
	awk -F'\t' -v c="$1" -v k="$2" '$2 == c { print $k }' "$TMP/t.tsv"
}
D=$TOP/t/data/triage-round14
L=$D/r14-prealloc.darshan
want=$(truth "$L")
$RUN triage --all --format tsv "$L" >"$TMP/t.tsv" 2>/dev/null
is "$(col IOL-REDUNDANT 3) $(printf '%.3f' "$(col IOL-REDUNDANT 10)")" "warn $want" \
	"r14-prealloc: REDUNDANT warn, $want s at stake (awk: rank 0's rewrite at its pace)"
is "$(col IOL-IO-TIME 3)" warn "... IO-TIME warn: its cause holds most of the I/O time"
L=$D/r14-setsize.darshan
$RUN triage --all --format tsv "$L" >"$TMP/t.tsv" 2>/dev/null
is "$(truth "$L") $(col IOL-REDUNDANT 3) $(col IOL-IO-TIME 3)" "0.000 ok info" \
	"r14-setsize: no rewrite (awk), REDUNDANT ok, IO-TIME info"
# log: the largest shared file's POSIX bytes over its MPI-IO bytes (awk)
ratio() {
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '
		$1 == "POSIX" && $2 == -1 && ($4 == "POSIX_BYTES_WRITTEN" || $4 == "POSIX_BYTES_READ") { p[$3] += $5 }
		$1 == "MPI-IO" && ($4 == "MPIIO_BYTES_WRITTEN" || $4 == "MPIIO_BYTES_READ") { m[$3] += $5 }
		END { for (k in m) if (m[k] > best) { best = m[k]; r = p[k] / m[k] }
		      printf "%.2f\n", r }'
}
for c in prealloc:2.00:warn subarr-coll:1.00:none setsize:1.00:none; do
	k=${c%%:*} want=${c#*:}
	L=$D/r14-$k.darshan
	$RUN triage --all --format tsv "$L" >"$TMP/t.tsv" 2>/dev/null
	got=
	for code in IOL-SHARED-IMBALANCE IOL-SHARED-TIME-IMBALANCE; do
		case $(col $code 3) in warn | high) got="$got finding" ;; *) got="$got none" ;; esac
	done
	case $want in *warn) exp=" finding finding" ;; *) exp=" none none" ;; esac
	is "$(ratio "$L")$got" "${want%:*}$exp" \
		"r14-$k: POSIX over MPI-IO bytes ${want%:*} (awk): SHARED-IMBALANCE, SHARED-TIME-IMBALANCE$exp"
done
# a stored row judges alike (job-row field redundant_rank_time)
if command -v sqlite3 >/dev/null; then
	L=$D/r14-prealloc.darshan
	$RUN ingest --db "$TMP/r.db" "$L" >/dev/null 2>&1
	is "$(sqlite3 "$TMP/r.db" "SELECT printf('%.3f', redundant_rank_time) FROM jobs")" "$(truth "$L")" \
		"job-row field redundant_rank_time: awk's"
	sqlite3 "$TMP/r.db" "UPDATE jobs SET redundant_rank_time = 1e300"
	sed 's/^min_group_stake_s = .*/min_group_stake_s = 0/' "$TOP/etc/triage.conf" >"$TMP/g0.conf"
	st=$($RUN triage --format tsv --severity info --config "$TMP/g0.conf" --db "$TMP/r.db" 2>/dev/null |
		tail -n 1 | cut -f15 | tr ';' '\n' | sed -n 's/^ *IOL-REDUNDANT=.*(\(.*\) s at stake).*/\1/p')
	is "$st" 3.3 "... a hostile 1e300: no more than the slowest rank's write time"
else
	skip "sqlite3 is not installed" 2
fi
done_testing
