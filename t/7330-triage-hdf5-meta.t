#!/bin/sh
# HDF5's file metadata counts as metadata and as HDF5 time (issue 34,
# round 5): H5F META (file opens, closes, flushes) and H5D META (dataset
# opens) where they are above POSIX's metadata, as the HDF5 time by
# slowest is counted above POSIX's (summary's layer_perf, t/7315).
# main took metadata from POSIX alone and HDF5's time from H5D alone:
# r5-h5-meta (2000 groups of 10 attributes a rank, H5F META 0.672 s on
# rank 0, H5D META 0.381 s) said "0.000 s metadata a rank" and missed
# META-BOUND, labelled material.  The truth is computed by awk from
# `iolens parse --show-incomplete`: the slowest rank's H5F + H5D META
# time, a shared record's by the mean rank's share.
. "$(dirname "$0")/lib.sh"
R5=$TOP/t/data/triage-round5
h5meta() { # log: awk's HDF5 metadata of the slowest rank
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '
	/^# nprocs:/ { np = $3 }
	($1 == "H5F" || $1 == "H5D") && $4 ~ /_F_META_TIME$/ { m[$2] += $5 }
	END {
		if (np < 1) np = 1
		for (r in m) if (r + 0 >= 0 && m[r] > mm) mm = m[r]
		printf "%.3f\n", mm + m[-1] / np
	}'
}
tri() { $RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null; }
col() { awk -F'\t' -v c="$1" -v k="$2" '$2 == c { print $k }' "$TMP/t.tsv"; }
near() { # a b: within 0.002 s (awk sums parse's 6-decimal values)
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; exit !(d < 0.002 && d > -0.002) }'
}

f=$R5/r5-h5-meta.darshan
m=$(h5meta "$f")
is "$m" 1.054 "r5-h5-meta: awk: 1.054 s of H5F + H5D metadata on the slowest rank"
tri "$f"
got=$(col IOL-META-BOUND 8 | sed -n 's/^\([0-9.]*\) s metadata a rank.*/\1/p')
near "$got" "$m"
ok $? "r5-h5-meta: META-BOUND counts $got s (awk $m; main: 0.000)"
col IOL-META-BOUND 8 | grep -q "HDF5's H5F and H5D, above POSIX's) of 1.069 s I/O a rank in HDF5"
ok $? "r5-h5-meta: the detail names HDF5's metadata and its 1.069 s"
case $(col IOL-META-BOUND 3) in high | warn) r=0 ;; *) r=1 ;; esac
ok $r "r5-h5-meta: META-BOUND is a finding (main: ok)"
col IOL-IO-TIME 8 | grep -q "^slowest rank: 1.069 s in HDF5"
ok $? "r5-h5-meta: IO-TIME counts H5F's time in HDF5's (main: 0.397 s, H5D's)"

# a case of our own (corpus/runs, IOR -a HDF5 on our VM): 0.120 s of HDF5
# metadata a rank, under the 1 s floor: counted, and not a finding
if [ -d "$SHARED/corpus" ]; then
	f=$(ls "$SHARED"/corpus/runs/ior/ior_hdf5_n1_t1m/*.darshan)
	m=$(h5meta "$f")
	is "$m" 0.120 "ior_hdf5_n1_t1m: awk: 0.120 s of HDF5 metadata on the slowest rank"
	tri "$f"
	got=$(col IOL-META-BOUND 8 | sed -n 's/^\([0-9.]*\) s metadata a rank.*/\1/p')
	near "$got" "$m"
	ok $? "ior_hdf5_n1_t1m: META-BOUND counts $got s (awk $m; main: 0.001)"
	is "$(col IOL-META-BOUND 3)" info "ior_hdf5_n1_t1m: below the impact floor, info (labelled NONE)"
	# HDF5 metadata under POSIX's leaves POSIX's: hdf5_file_opens_only
	f=$(ls "$SHARED"/corpus/darshan-logs/hdf5_file_opens_only/*.darshan)
	tri "$f"
	col IOL-META-BOUND 8 | grep -q "^0.141 s metadata a rank (the most of any rank) of"
	ok $? "hdf5_file_opens_only: POSIX's 0.141 s is above HDF5's $(h5meta "$f") s: kept"
else
	skip "../shared is not present" 4
fi
done_testing
