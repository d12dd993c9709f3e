#!/bin/sh
# IOL-REDUNDANT stakes rewrites drained behind nonblocking MPI-IO calls at
# the MPI-IO time the ranks spent on the file, not POSIX's (issue 34,
# round 55).  r55-iwall: 8 checkpoints overwrite one 32 MiB file through
# MPI_File_iwrite_at_all while the next step computes; POSIX's write time
# (1.169 s on the slowest rank) drains in the background, MPI-IO's
# slowest rank spent 0.342 s on the file.  main staked "234881024 B
# rewritten (1.023 s)" and warned in 1 of 3 runs (labelled trivial,
# overlapped with compute).  Now the job-row fields redundant_nb_bytes
# and redundant_nb_time hold those rewrites at MPI-IO's time a byte
# (0.342 s x 7/8), below the 1 s floor in every run.  Blocking writes
# keep POSIX's time (r55-contig-indep), and a file overwritten whole
# once a period stays REDUNDANT's when its cost is material
# (r47-state-every, r15-ckpt-twice: labelled material).  The truth is
# awk's over `iolens parse`.
. "$(dirname "$0")/lib.sh"
DUMP=$TOP/t/unit/jobrow-dump
D=$TOP/t/data/triage-round55
truth() { # log: nonblocking writes, rewritten bytes, their MPI-IO seconds
	$RUN parse "$1" 2>/dev/null | awk '
		$4 == "MPIIO_NB_WRITES" { nb[$3] += $5 }
		$4 == "MPIIO_F_SLOWEST_RANK_TIME" && $2 == -1 { t[$3] = $5 }
		$1 == "POSIX" && $4 == "POSIX_BYTES_WRITTEN" { bw[$3] += $5 }
		$1 == "POSIX" && $4 == "POSIX_MAX_BYTE_WRITTEN" &&
			$5 > mw[$3] { mw[$3] = $5 }
		END { for (k in nb) if (nb[k] > 0 && bw[k] > mw[k] + 1) {
				n += nb[k]; rw = bw[k] - mw[k] - 1
				b += rw; s += t[k] * rw / bw[k] }
			printf "%d %d %.3f\n", n, b, s }'
}
field() { # log name: the job-row field's value
	"$DUMP" "$1" | awk -F'\t' -v k="$2" '$1 == k { print $2 }'
}
red() { # log: REDUNDANT's state and the seconds its detail stakes
	$RUN triage --all --format tsv "$1" 2>/dev/null | awk -F'\t' '
		$2 == "IOL-REDUNDANT" { s = $8; sub(/ s at stake.*/, "", s)
			sub(/.* /, "", s); print $3, s }'
}

f=$D/r55-iwall.darshan
is "$(truth "$f")" "32 234881024 0.299" "r55-iwall: awk: 32 nonblocking writes, 234881024 B rewritten, 0.299 s of MPI-IO"
is "$(field "$f" redundant_nb_bytes)" 234881024 "r55-iwall: redundant_nb_bytes"
is "$(printf '%.3f' "$(field "$f" redundant_nb_time)")" 0.299 "r55-iwall: redundant_nb_time at MPI-IO's time a byte"
is "$(red "$f")" "info 0.299" "r55-iwall: REDUNDANT below the floor at 0.299 s (main: warn, 1.023 s)"
$RUN triage --all --format tsv "$f" 2>/dev/null | grep IOL-REDUNDANT |
	grep -q "234881024 B rewritten (0.299 s; those written by nonblocking MPI-IO calls at MPI-IO's time"
ok $? "r55-iwall: the detail says the rewrites are timed at MPI-IO's"
for r in "$D"/reruns/r55-labels55-ab*-iwall.darshan; do
	s=$(red "$r")
	case $s in warn* | high*) v=1 ;; *) v=0 ;; esac
	ok $v "$(basename "$r"): REDUNDANT under the floor ($s)"
done

# blocking writes: the ranks waited POSIX's time, nothing moves
f=$D/r55-contig-indep.darshan
is "$(truth "$f")" "0 0 0.000" "r55-contig-indep: awk: no nonblocking writes"
is "$(field "$f" redundant_nb_bytes)" 0 "r55-contig-indep: redundant_nb_bytes 0"
is "$(red "$f")" "info 0.748" "r55-contig-indep: POSIX's 0.748 s as before"

# a file overwritten whole once a period is still a rewrite to judge
for f in "$TOP"/t/data/triage-round47/r47-state-every.darshan \
	"$TOP"/t/data/triage-round15/r15-ckpt-twice.darshan; do
	s=$(red "$f")
	is "${s%% *}" warn "$(basename "$f"): REDUNDANT warn, labelled material ($s)"
done
done_testing
