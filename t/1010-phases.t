#!/bin/sh
# timeline --phases against the programs' own figures: IOR's per-iteration
# bandwidths (IOR's -e fsync is inside its write time; DXT does not trace
# it, so a write phase is compared by its "including sync" bandwidth) and
# dd's own rate (conv=fsync).  Multi-iteration IOR runs (readmostly: one
# write, then four read passes) must give one phase per iteration.
. "$(dirname "$0")/lib.sh"
need_shared

POP=$SHARED/corpus/population

# column of a TSV table by header name: tsvcol NAME < table
tsvcol() {
	awk -F'\t' -v want="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == want) c = i; next } { print $c }'
}

# the job's numbered phases: op, mib_s, mib_s_sync, one a line
job_phases() {
	$RUN timeline --phases --format tsv "$@" |
		awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
			$h["scope"] == "job" && $h["phase"] != "other" { print $h["op"], $h["mib_s"], $h["mib_s_sync"] }'
}

# within TOL (a fraction) of the reference: within GOT REF TOL
within() {
	awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = (a - b) / b; if (d < 0) d = -d; exit !(a != "" && d <= t) }'
}

# 1. our IOR runs (one iteration each): the write phase including sync
# within 6 % of IOR's write bandwidth (POSIX runs agree within 1 %; the
# MPI-IO run at its own layer within 6 %); the data transfer alone is
# faster than IOR's by the fsync DXT does not see
while read -r run layer wbw; do
	log=$(ls "$SAMPLES"/ior/$run/*.darshan)
	job_phases --layer "$layer" "$log" > "$TMP/p"
	is "$(awk '{ print $1 }' "$TMP/p" | tr '\n' ' ')" "write read " "$run: one write and one read phase"
	got=$(awk '$1 == "write" { print $3 }' "$TMP/p")
	xfer=$(awk '$1 == "write" { print $2 }' "$TMP/p")
	diag "$run: write including sync $got MiB/s, data transfer $xfer MiB/s, IOR $wbw MiB/s"
	within "$got" "$wbw" 0.06
	ok $? "$run: write bandwidth including sync within 6 % of IOR's"
	awk -v a="$xfer" -v b="$got" 'BEGIN { exit !(a > b) }'
	ok $? "$run: data transfer alone is faster than including sync"
done <<EOF_RUNS
ior_posix_n1_t4m posix 1454.43
ior_posix_n1_t4m_b256m posix 1229.83
ior_posix_n1_t4m_noreduction posix 1429.63
ior_posix_nn_t4m posix 1822.17
ior_posix_n1_t4k posix 1054.62
ior_mpiio_n1_coll_t1m mpiio 1029.72
EOF_RUNS

# 2. dd conv=fsync under Darshan: dd's own rate includes its fsync
dd=$SAMPLES/nonmpi/darshan/dd_bigfile
ref=$(sed -n 's/^\([0-9]*\) bytes .* copied, \([0-9.]*\) s,.*/\1 \2/p' "$dd/stderr.txt" | awk '{ print $1 / 1048576 / $2 }')
got=$(job_phases "$dd"/*.darshan | awk '$1 == "write" { print $3 }')
diag "dd: write including sync $got MiB/s, dd's own $ref MiB/s"
within "$got" "$ref" 0.05
ok $? "dd: write bandwidth including sync within 5 % of dd's own"

# 3. the population's DXT logs of POSIX IOR jobs: as many write and
# read phases as IOR iterations (gt_*_reps), and each phase's bandwidth
# against the mean of IOR's per-iteration figures (gt_*_MiBps): writes
# including sync within 6 %, reads within 12 % (4 KiB transfers in 20 ms
# phases, c08/c09, are the loosest)
awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
	$h["dxt"] == 1 && $h["gt_write_reps"] != "" && $h["config"] ~ /^c0[1-9]$|^c1[78]$|^c2[34]$/ {
		print $h["log_file"], $h["config"], $h["gt_write_reps"], ($h["gt_read_reps"] == "" ? 0 : $h["gt_read_reps"]),
			$h["gt_write_MiBps"], ($h["gt_read_MiBps"] == "" ? 0 : $h["gt_read_MiBps"])
	}' "$POP/manifest.tsv" > "$TMP/pop"
n=0
bad_count=0
bad_bw=0
while read -r log cfg wreps rreps wbw rbw; do
	n=$((n + 1))
	job_phases "$POP/logs/$log" > "$TMP/p"
	got="$(awk '$1 == "write" { w++ } $1 == "read" { r++ } END { print w + 0, r + 0 }' "$TMP/p")"
	if [ "$got" != "$wreps $rreps" ]; then
		diag "$cfg $log: phases $got, IOR iterations $wreps $rreps"
		bad_count=$((bad_count + 1))
	fi
	w=$(awk '$1 == "write" { s += $3; n++ } END { if (n) print s / n }' "$TMP/p")
	r=$(awk '$1 == "read" { s += $2; n++ } END { if (n) print s / n }' "$TMP/p")
	if ! within "$w" "$wbw" 0.06 || { [ "$rreps" -gt 0 ] && ! within "$r" "$rbw" 0.12; }; then
		diag "$cfg $log: write $w (IOR $wbw), read $r (IOR $rbw) MiB/s"
		bad_bw=$((bad_bw + 1))
	fi
done < "$TMP/pop"
[ "$n" -ge 25 ]
ok $? "population: $n DXT logs of POSIX IOR jobs"
is "$bad_count" 0 "population: one phase per IOR iteration in every log"
is "$bad_bw" 0 "population: phase bandwidths agree with IOR's per-iteration mean"

# 4. a run of four read iterations (readmostly, IOR -i 4): each read
# phase against IOR's own figure for that iteration, within 2 %
log=$POP/logs/dave_readmostly_id8672-8672_11-21-82599-12228403003238851110_1.darshan
# IOR's results table: access bw ... total iter (the summary has more)
awk '$1 == "read" && NF == 11 { print $2 }' "$POP/jobs/0449_dave_readmostly_c23.stdout.txt" > "$TMP/ior"
job_phases "$log" | awk '$1 == "read" { print $2 }' > "$TMP/got"
is "$(wc -l < "$TMP/got")" 4 "readmostly: four read phases"
paste -d ' ' "$TMP/got" "$TMP/ior" | while read -r g i; do
	echo "# readmostly: read phase $g MiB/s, IOR iteration $i MiB/s"
	within "$g" "$i" 0.02 || echo "# bad"
done > "$TMP/cmp"
cat "$TMP/cmp"
! grep -q bad "$TMP/cmp"
ok $? "readmostly: every read phase within 2 % of IOR's iteration"

# 5. the text says the rule and both bandwidths
$RUN timeline "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan > "$TMP/t"
grep -q 'split at gaps' "$TMP/t" && grep -q 'incl sync' "$TMP/t" && grep -q 'transfer' "$TMP/t"
ok $? "text: the gap rule and both bandwidths are named"

done_testing
