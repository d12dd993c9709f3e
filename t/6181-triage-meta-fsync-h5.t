#!/bin/sh
# IO-TIME's causes count a job's metadata once (issue 34): the metadata
# of opens that each write and sync their file (r62-manifest) is
# IOL-FSYNC's part when META-BOUND leaves it (info), but when HDF5's
# metadata, above POSIX's, is META-BOUND's own finding, that time holds
# POSIX's opens, and adding them to FSYNC's part counted them twice
# (r62-manifest's row with hdf5_meta_by_slowest 0.01 s over its POSIX
# metadata: IO-TIME 3.82 s at stake, the run's I/O time, for FSYNC's 2.32
# and META-BOUND's 1.33).
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null 2>&1 || skip_all "no sqlite3 to change the store"
mkdir "$TMP/logs"
cp "$TOP/t/data/triage-round62/r62-manifest.darshan" "$TMP/logs/"
$RUN ingest --db "$TMP/s.db" "$TMP/logs" >/dev/null 2>&1
ok $? "ingest r62-manifest"
stakes() { # the stakes of IO-TIME, FSYNC and META-BOUND (0: not flagged)
	$RUN triage --db "$TMP/s.db" --top all --format tsv 2>/dev/null |
		awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "findings") c = i; next }
			{ n = split($c, f, "; ")
			  for (i = 1; i <= n; i++) if (match(f[i], /\(([0-9.]+) s at stake/)) {
				code = f[i]; sub(/=.*/, "", code)
				s[code] = substr(f[i], RSTART + 1, RLENGTH - 12) + 0 }
			  printf "%.2f %.2f %.2f\n", s["IOL-IO-TIME"], s["IOL-FSYNC"], s["IOL-META-BOUND"] }'
}
set -- $(stakes)
is "$1 $2 $3" "3.64 2.32 0.00" "manifest: IO-TIME holds FSYNC's 2.32 s and the metadata it leaves to FSYNC (META-BOUND info)"
sqlite3 "$TMP/s.db" 'UPDATE jobs SET hdf5_meta_by_slowest = meta_time_by_slowest + 0.01'
set -- $(stakes)
is "$3" 1.33 "HDF5's metadata above POSIX's: META-BOUND a finding of its own (1.33 s)"
sum=$(echo "$2 $3" | awk '{ printf "%.2f", $1 + $2 }')
is "$1" "$sum" "IO-TIME's causes: FSYNC's and META-BOUND's once each, not POSIX's metadata again"
done_testing
