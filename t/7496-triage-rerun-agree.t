#!/bin/sh
# The same job, the same verdict (issue 34, reruns): small reads in no
# order that cover their file keep its span at a large read's pace out
# of IOL-SMALL-REQ's stake, as sparse reads do (a larger request reads
# the same span).  Round 45's sqlite-lookup (50125 random 4 KiB page
# reads of a 196 MiB table, one process; SMALL-REQ labelled trivial)
# took 0.464 s in its first run and 0.559 s in rerun ab1: the whole
# read time was at stake, 4.01 % of the first run (info) and 5.35 % of
# the rerun (warn, the 4 KiB structural clause): the same I/O either
# side of min_stake_pct.  Both are inside the 0.77 s the span takes at
# read_rate_mibs (256 MiB/s): nothing to save, info, one verdict.  The
# truth is awk's over `iolens parse`: reads, sequential reads, bytes
# read, highest byte read, read time.
# And tiny POSIX requests made by HDF5 datasets stake the dataset
# layer's time with them: round 12's h5-meta (1000 datasets of 16
# doubles, 1072 POSIX writes; SMALL-REQ labelled material, ~0.03 s)
# staked only POSIX's share, 6.2 ms in the first run (7.3 %, warn) and
# 1.8 ms in reruns ab1 and ab2 (2.2 %, info), while H5D held
# 0.040-0.055 s of each: every run now warns, staking H5D's time (awk:
# the slowest rank's H5D read, write and metadata time, one process).
# Every log is ours.
. "$(dirname "$0")/lib.sh"

D=$TOP/t/data/triage-round45
# LOG: the stake by awk: the read time less the span at 256 MiB/s when
# the reads are in no order (sequential < reads - reads / 10) or sparse
truth() {
	$RUN parse "$1" 2>/dev/null | awk '$1 == "POSIX" {
		if ($4 == "POSIX_READS") n += $5
		if ($4 == "POSIX_SEQ_READS") q += $5
		if ($4 == "POSIX_BYTES_READ") b += $5
		if ($4 == "POSIX_MAX_BYTE_READ") e += $5 + 1
		if ($4 == "POSIX_F_READ_TIME") r += $5 }
		END { k = 0; if (b <= e / 2 || (n >= 2 && q < n - int(n / 10))) {
			k = e / 1048576 / 256; if (k > r) k = r }
		      printf "%.3f %d %d\n", r - k, n, q }'
}
# LOG: the warn and high codes, as bench/triage-reruns.sh's verdict
verdict() {
	$RUN triage --format tsv "$1" 2>/dev/null |
		awk -F'\t' '$3 == "high" || $3 == "warn" { print $2 }' |
		sort -u | tr '\n' ' '
}
# LOG: SMALL-REQ's severity and stake
small() {
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' '$2 == "IOL-SMALL-REQ" { printf "%s %.3f", $3, $10 }'
}

first=$D/r45-sqlite-lookup.darshan
for f in "$first" "$D"/reruns/r45-labels45-ab1-sqlite-lookup.darshan; do
	b=$(basename "$f" .darshan)
	set -- $(truth "$f")
	is "$(small "$f")" "info $1" "$b: SMALL-REQ info, stake $1 s (awk: $3 of $2 reads sequential; main: the whole read time)"
done
v1=$(verdict "$first")
v2=$(verdict "$D"/reruns/r45-labels45-ab1-sqlite-lookup.darshan)
is "$v2" "$v1" "rerun ab1 gets its first run's verdict (${v1:-none}; main: IOL-SMALL-REQ)"

# LOG: H5D's time (one process): read, write and metadata
h5d() {
	$RUN parse "$1" 2>/dev/null | awk '$1 == "H5D" && ($4 == "H5D_F_READ_TIME" ||
		$4 == "H5D_F_WRITE_TIME" || $4 == "H5D_F_META_TIME") { t += $5 }
		END { printf "%.3f", t }'
}
H=$TOP/t/data/triage-round12
v1=$(verdict "$H"/r12-h5-meta.darshan)
for f in "$H"/r12-h5-meta.darshan "$H"/reruns/r12-h5-meta-ab1.darshan \
	"$H"/reruns/r12-h5-meta-ab2.darshan; do
	b=$(basename "$f" .darshan)
	set -- $(small "$f")
	t=$(h5d "$f")
	diag "$b: SMALL-REQ $1 $2 s, H5D $t s"
	[ "$1" = warn ] && awk -v s="$2" -v t="$t" 'BEGIN { d = s - t; exit !(d >= -0.002 && d <= 0.002) }'
	ok $? "$b: SMALL-REQ warns, its stake H5D's time ($t s; main: 1.8-6.2 ms)"
	is "$(verdict "$f")" "$v1" "$b: the first run's verdict (${v1:-none})"
done
done_testing
