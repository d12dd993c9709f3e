#!/bin/sh
# Lone reads on a shared record (issue 34, round 6): POSIX reads under
# 1 MiB each alone in its open cannot grow; on a record shared by the
# job's ranks each rank reads its own request, so the reads span at most
# one mean request a rank (highest byte read + 1 <= mean read x ranks).
# main asked for one request in all (highest byte below the mean read):
# r6-open-storm (4 ranks x 5000 opens of one file, a pread of 64 B at
# rank x 64 each, highest byte 255; labelled trivial) kept SMALL-REQ
# warn at 100 %.  The truth is computed by awk over `iolens parse`.
. "$(dirname "$0")/lib.sh"
R6=$TOP/t/data/triage-round6
OWN=$TOP/t/data/triage10
# lone: "lone_reads small_ops all_ops" of the job's POSIX records
lone() {
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk -F'\t' '
	/^# nprocs:/ { split($0, a, ": "); np = a[2] + 0 }
	$1 != "POSIX" { next }
	{ rk[$3] = $2 }
	$4 == "POSIX_OPENS" { op[$3] += $5 }
	$4 == "POSIX_READS" { rd[$3] += $5; all += $5 }
	$4 == "POSIX_WRITES" { all += $5 }
	$4 == "POSIX_BYTES_READ" { br[$3] += $5 }
	$4 == "POSIX_MAX_BYTE_READ" { mx[$3] = $5 }
	$4 ~ /^POSIX_SIZE_(READ|WRITE)_(0_100|100_1K|1K_10K|10K_100K|100K_1M)$/ { sm += $5 }
	END {
		for (k in rd) {
			if (rd[k] <= 0 || op[k] < rd[k] || br[k] <= 0 || mx[k] < 0) continue
			m = int(br[k] / rd[k]); n = (rk[k] < 0 && np > 1) ? np : 1
			if (m < 1048576 && mx[k] < m * n) l += rd[k]
		}
		printf "%d %d %d\n", l, sm, all
	}'
}
tri() { $RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null; }
col() { awk -F'\t' -v c="$1" -v k="$2" '$2 == c { print $k }' "$TMP/t.tsv"; }

check() { # name log lone_expected
	set -- "$1" "$2" "$3" $(lone "$2")
	is "$4" "$3" "$1: awk: $4 lone reads of $5 small operations"
	tri "$2"
	want=$(awk -v l="$4" -v s="$5" -v a="$6" 'BEGIN { printf "%.4g", 100 * (s - l) / a }')
	got=$(col IOL-SMALL-REQ 5 | awk '{ printf "%.4g", $1 }')
	is "$got" "$want" "$1: SMALL-REQ counts $(($5 - $4)) of $6 operations ($want %)"
	if [ "$4" -gt 0 ]; then
		col IOL-SMALL-REQ 8 | grep -q "; $4 reads not counted: each alone in its open"
		ok $? "$1: the detail names the $4 lone reads"
	fi
}

check r6-open-storm "$R6/r6-open-storm.darshan" 20000
case $(col IOL-SMALL-REQ 3) in high | warn) r=1 ;; *) r=0 ;; esac
ok $r "r6-open-storm: SMALL-REQ is no finding (main: warn; the cost is the opens)"
check open-storm-3 "$OWN/open-storm-3.darshan" 9000
# reads that are not lone keep their count
check r6-seek-read "$R6/r6-seek-read.darshan" 0
done_testing
