#!/bin/sh
# summary and timeline against IOR's own ground truth for our IOR runs
# (sample-logs/ior, from shared/corpus/runs): bytes, node count, per-rank
# intervals against IOR's -vvv timestamps, and phase bandwidths.
. "$(dirname "$0")/lib.sh"

# column of a TSV table by header name: tsvcol NAME < table
tsvcol() {
	awk -F'\t' -v want="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == want) c = i; next } { print $c }'
}

# run  layer  aggregate bytes per phase  IOR write MiB/s  IOR read MiB/s
# IOR read phase seconds (ground_truth_ior.json: bw_MiBps, total_s)
while read -r run layer agg wbw rbw rtot; do
	dir=$SAMPLES/ior/$run
	log=$(ls "$dir"/*.darshan)
	$RUN summary --format tsv "$log" > "$TMP/s.tsv"
	is $? 0 "$run: summary runs"
	is "$(tsvcol nodes < "$TMP/s.tsv")" 1 "$run: 1 node"
	is "$(tsvcol nodes_source < "$TMP/s.tsv")" "DXT hostnames" "$run: nodes from DXT hostnames"
	if [ "$layer" = h5d ]; then
		# HDF5 adds its own metadata I/O below the datasets, so
		# IOR's bytes are the H5D module's; MPI-IO reads of that
		# metadata at open come before IOR's "read start", so the
		# interval check below does not apply
		is "$(tsvcol h5d_bytes_read < "$TMP/s.tsv")" "$agg" "$run: H5D bytes read equal IOR's"
		is "$(tsvcol h5d_bytes_written < "$TMP/s.tsv")" "$agg" "$run: H5D bytes written equal IOR's"
		continue
	fi
	# the test file's bytes: every phase moves the aggregate once
	$RUN files --format tsv --module "$layer" --include '/testfile(\.[0-9]+)?$' "$log" > "$TMP/f.tsv"
	got=$(tsvcol bytes_read < "$TMP/f.tsv" | awk '{ s += $1 } END { print s }')
	is "$got" "$agg" "$run: $layer bytes read from the test file equal IOR's"
	got=$(tsvcol bytes_written < "$TMP/f.tsv" | awk '{ s += $1 } END { print s }')
	is "$got" "$agg" "$run: $layer bytes written to the test file equal IOR's"

	# per-rank intervals against IOR's per-rank timestamps: the
	# durations directly; the starts after removing one job-wide
	# offset (Darshan's relative clock starts a few ms after the
	# start time stored in the header)
	t0=$(tsvcol start_time < "$TMP/s.tsv")
	$RUN timeline --layer "$layer" --phases --format tsv "$log" |
		awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
			$h["scope"] == "rank" { print $h["rank"], $h["op"], $h["start"], $h["end"] }' > "$TMP/dxt"
	sed -n 's/.*Task=\([0-9]*\), Time=\([0-9.]*\), \(write\|read\) \(start\|stop\)$/\1 \3 \4 \2/p' \
		"$dir/ior.stdout.txt" > "$TMP/ior"
	awk -v t0="$t0" '
		NR == FNR { s[$1 " " $2] = $3; e[$1 " " $2] = $4; next }
		{ t[$1 " " $2 " " $3] = $4 - t0 }
		END {
			n = 0
			for (k in s) {
				split(k, a, " ")
				if (!((a[1] " " a[2] " start") in t))
					continue
				d[n++] = s[k] - t[a[1] " " a[2] " start"]
				if (a[2] == "read") {
					dur = (e[k] - s[k]) - (t[a[1] " read stop"] - t[a[1] " read start"])
					if (dur < 0) dur = -dur
					if (dur > maxdur) maxdur = dur
				}
			}
			# the median offset, then the largest deviation from it
			for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) if (d[j] < d[i]) { x = d[i]; d[i] = d[j]; d[j] = x }
			med = d[int(n / 2)]
			for (i = 0; i < n; i++) { x = d[i] - med; if (x < 0) x = -x; if (x > dev) dev = x }
			printf "%d %.6f %.6f %.6f\n", n, med, dev, maxdur
		}' "$TMP/dxt" "$TMP/ior" > "$TMP/cmp"
	read -r n med dev maxdur < "$TMP/cmp"
	diag "$run: $n rank starts, clock offset $med s, deviation $dev s, read durations off by $maxdur s"
	[ "$n" -ge 8 ] && awk -v d="$dev" -v m="$maxdur" -v o="$med" 'BEGIN { exit !(d < 0.001 && m < 0.001 && o >= 0 && o < 0.05) }'
	ok $? "$run: per-rank write/read starts and read durations agree with IOR's within 1 ms"

	# phase bandwidth: reads lasting 0.1 s or more within 5 % of IOR's;
	# writes including sync (IOR's -e fsync is inside its write phase;
	# Darshan counts it in the write time, DXT does not trace it) within
	# 6 %, and the data transfer alone not below IOR's
	$RUN timeline --layer "$layer" --phases --format tsv "$log" |
		awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
			$h["scope"] == "job" && $h["phase"] != "other" { print $h["op"], $h["mib_s"], $h["mib_s_sync"] }' > "$TMP/bw"
	got_w=$(awk '$1 == "write" { print $2 }' "$TMP/bw")
	got_ws=$(awk '$1 == "write" { print $3 }' "$TMP/bw")
	got_r=$(awk '$1 == "read" { print $2 }' "$TMP/bw")
	diag "$run: write $got_w MiB/s, including sync $got_ws (IOR $wbw), read $got_r MiB/s (IOR $rbw, phase $rtot s)"
	if awk -v t="$rtot" 'BEGIN { exit !(t >= 0.1) }'; then
		awk -v a="$got_r" -v b="$rbw" 'BEGIN { d = (a - b) / b; if (d < 0) d = -d; exit !(d < 0.05) }'
		ok $? "$run: read bandwidth within 5 % of IOR's"
	fi
	awk -v a="$got_w" -v b="$wbw" 'BEGIN { exit !(a >= b * 0.95) }'
	ok $? "$run: DXT write bandwidth is not below IOR's (which adds fsync)"
	awk -v a="$got_ws" -v b="$wbw" 'BEGIN { d = (a - b) / b; if (d < 0) d = -d; exit !(d < 0.06) }'
	ok $? "$run: write bandwidth including sync within 6 % of IOR's"
done <<EOF_RUNS
ior_posix_n1_t4m posix 268435456 1454.43 7134 0.035884
ior_posix_n1_t4m_b256m posix 1073741824 1229.83 7928 0.129167
ior_posix_n1_t4m_noreduction posix 268435456 1429.63 7597 0.033696
ior_posix_nn_t4m posix 268435456 1822.17 4331 0.059111
ior_posix_n1_t4k posix 67108864 1054.62 2990.09 0.021404
ior_mpiio_n1_coll_t1m mpiio 268435456 1029.72 1181.53 0.216668
ior_hdf5_n1_t1m h5d 268435456 1453.69 6094 0.042006
EOF_RUNS

# strategies: one shared file (N:1) and a file per process (N:N)
is "$($RUN summary --format tsv "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan | tsvcol strategy)" "N:1" "N-1 run is N:1"
is "$($RUN summary --format tsv "$SAMPLES"/ior/ior_posix_nn_t4m/*.darshan | tsvcol strategy)" "N:N" "file-per-process run is N:N"

done_testing
