#!/bin/sh
# What people read first in summary and meta, against figures computed
# here from the counters alone (`iolens parse`, darshan-parser's format,
# summed with awk) on every corpus log:
#  - meta's slowest rank is summary's: its I/O time is the job's time by
#    slowest (METRICS.md 2: max over ranks of its own records' time, plus
#    the shared records' F_SLOWEST_RANK_TIME), and logs whose records are
#    all shared still get a per-rank table (a "shared" row);
#  - the metadata time of MPI-IO, H5F, H5D and PnetCDF, beside POSIX+STDIO;
#  - read and write time by slowest and MiB/s from the counters;
#  - the I/O strategy comes from the files that carry the bytes;
#  - no time without a unit that shows it (no "0.0000 s").
. "$(dirname "$0")/lib.sh"
need_shared
CORPUS=$SHARED/corpus/darshan-logs

# Per log from `parse`: time by slowest, read and write time by slowest,
# bytes read and written (POSIX + STDIO), and Sum META time per module.
truth() {
	$RUN parse --show-incomplete "$1" 2> /dev/null | awk -F'\t' '
	function p(v) { return v > 0 ? v : 0 }
	/^#/ || NF < 5 { next }
	{ k = $1 SUBSEP $2 SUBSEP $3 }
	$4 ~ /_F_META_TIME$/ { meta[$1] += p($5) }
	$1 != "POSIX" && $1 != "STDIO" { next }
	{ rank[k] = $2; nrec[k] = 1 }
	$4 ~ /_BYTES_READ$/ { br += p($5) }
	$4 ~ /_BYTES_WRITTEN$/ { bw += p($5) }
	$4 ~ /_F_READ_TIME$/ { tr[k] = p($5) }
	$4 ~ /_F_WRITE_TIME$/ { tw[k] = p($5) }
	$4 ~ /_F_META_TIME$/ { tm[k] = p($5) }
	$4 ~ /_F_SLOWEST_RANK_TIME$/ { ts[k] = p($5) }
	END {
		for (k in nrec) {
			r = rank[k]; n++
			if (r >= 0) {
				io[r] += tr[k] + tw[k] + tm[k]
				rd[r] += tr[k]; wr[r] += tw[k]
				continue
			}
			all = tr[k] + tw[k] + tm[k]
			sh += ts[k]
			if (all > 0) { shr += ts[k] * tr[k] / all; shw += ts[k] * tw[k] / all }
		}
		for (r in io) {
			if (io[r] > mio) mio = io[r]
			if (rd[r] > mrd) mrd = rd[r]
			if (wr[r] > mwr) mwr = wr[r]
		}
		printf "slowest %.9f\nread %.9f\nwrite %.9f\nbr %.0f\nbw %.0f\nn %d\n",
			mio + sh, mrd + shr, mwr + shw, br, bw, n
		split("MPI-IO H5F H5D PNETCDF_FILE PNETCDF_VAR", m, " ")
		for (i = 1; i <= 5; i++)
			if (m[i] in meta) printf "meta_%s %.9f\n", m[i], meta[m[i]]
	}'
}

# a summary TSV column by name
col() {
	awk -F'\t' -v c="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i; next }
		{ print (k ? $k : "missing") }' "$1"
}

# near a b tolerance: 0 when |a - b| <= tol
near() {
	awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN {
		if (a == "" || b == "" || a == "missing") exit 1
		d = a - b; if (d < 0) d = -d; exit !(d <= t) }'
}

checked=0 shared_logs=0 bad1=0 bad2=0 bad5=0 nmeta=0
for dir in "$CORPUS"/*/; do
	log=$(ls "$dir"*.darshan 2>/dev/null | head -1)
	[ -n "$log" ] || continue
	name=$(basename "$dir")
	$RUN summary --format=tsv "$log" > "$TMP/s.tsv" 2> /dev/null || continue
	$RUN meta --format=csv "$log" > "$TMP/m.csv" 2> /dev/null || continue
	truth "$log" > "$TMP/t"
	tv() { awk -v k="$1" '$1 == k { print $2 }' "$TMP/t"; }
	n=$(tv n)
	tol=$(awk -v n="$n" 'BEGIN { printf "%.9f", 1e-6 * (n + 1) }')
	checked=$((checked + 1))

	# 1. one slowest rank: summary's, meta's and the counters' agree
	s=$(col "$TMP/s.tsv" io_time_by_slowest)
	m=$(awk -F, '$2 == "slowest rank" && $4 == "io_time" { print $5 }' "$TMP/m.csv")
	[ -n "$m" ] || m=0
	if ! near "$s" "$(tv slowest)" "$tol" || ! near "$m" "$s" 1e-9; then
		bad1=$((bad1 + 1))
		diag "$name: time by slowest: counters $(tv slowest), summary $s, meta $m"
	fi
	if awk -F, '$2 == "job" && $3 == "shared files" && $4 == "io_time" && $5 > 0 { f = 1 } END { exit !f }' "$TMP/m.csv"; then
		shared_logs=$((shared_logs + 1))
	fi

	# 2. metadata time of the layers above POSIX, summary and meta
	for mod in MPI-IO H5F H5D PNETCDF_FILE PNETCDF_VAR; do
		want=$(tv "meta_$mod")
		c=$(echo "$mod" | tr 'A-Z-' 'a-z_' | sed 's/mpi_io/mpiio/')_meta_time
		got=$(col "$TMP/s.tsv" "$c")
		mg=$(awk -F, -v m="$mod" '$2 == "module" && $3 == m && $4 == "meta_time" { print $5 }' "$TMP/m.csv")
		if [ -z "$want" ]; then
			[ -z "$got" ] || { bad2=$((bad2 + 1)); diag "$name: $c '$got' for a module without meta time"; }
			continue
		fi
		nmeta=$((nmeta + 1))
		if ! near "$got" "$want" "$tol" || ! near "$mg" "$want" "$tol"; then
			bad2=$((bad2 + 1))
			diag "$name: $mod meta time: counters $want, summary '$got', meta '$mg'"
		fi
	done

	# 5. read and write time by slowest, and MiB/s over them
	for rw in read write; do
		t=$(col "$TMP/s.tsv" ${rw}_time_by_slowest)
		b=$(col "$TMP/s.tsv" bytes_$( [ $rw = read ] && echo read || echo written))
		bw=$(col "$TMP/s.tsv" ${rw}_mib_s)
		want=$(tv $rw)
		wb=$(tv $( [ $rw = read ] && echo br || echo bw))
		if ! near "$t" "$want" "$tol" || [ "$b" != "$wb" ]; then
			bad5=$((bad5 + 1))
			diag "$name: $rw: counters $wb B in $want s, summary $b B in '$t' s"
			continue
		fi
		exp=$(awk -v b="$b" -v t="$t" 'BEGIN { if (t > 0) printf "%.6f", b / 1048576 / t }')
		if [ -z "$exp" ]; then
			[ -z "$bw" ] || { bad5=$((bad5 + 1)); diag "$name: $rw MiB/s '$bw' without time"; }
		elif ! near "$bw" "$exp" "$(awk -v e="$exp" 'BEGIN { print e * 1e-6 + 1e-6 }')"; then
			bad5=$((bad5 + 1))
			diag "$name: $rw MiB/s $bw, expected $exp"
		fi
	done
done
diag "$checked logs, $shared_logs with shared records, $nmeta module metadata times"
ok $((checked < 60)) "at least 60 corpus logs checked ($checked)"
ok $((shared_logs < 10)) "at least 10 of them have shared records ($shared_logs)"
is "$bad1" 0 "meta's slowest rank I/O time = summary's = the counters' time by slowest"
ok $((nmeta < 40)) "at least 40 upper-layer metadata times compared ($nmeta)"
is "$bad2" 0 "MPI-IO/H5F/H5D/PnetCDF metadata time in summary and meta = sum of *_F_META_TIME"
is "$bad5" 0 "read and write time by slowest and MiB/s = the counters'"

# 5. the store row carries the same read and write bandwidth
log=$(ls "$CORPUS"/mpi-io-test-ppc64-3.1.3/*.darshan)
truth "$log" > "$TMP/t"
if command -v sqlite3 > /dev/null; then
	mkdir "$TMP/logs" && cp "$log" "$TMP/logs/"
	$RUN ingest --db "$TMP/pop.db" "$TMP/logs" > /dev/null 2>&1
	got=$(sqlite3 -batch -noheader -separator ' ' "$TMP/pop.db" \
		"SELECT read_time_by_slowest, write_time_by_slowest, read_mib_s, write_mib_s FROM jobs")
	want=$(awk '$1 == "read" { r = $2 } $1 == "write" { w = $2 } $1 == "br" { br = $2 } $1 == "bw" { bw = $2 }
		END { printf "%.4f %.4f %.1f %.1f", r, w, br / 1048576 / r, bw / 1048576 / w }' "$TMP/t")
	is "$(echo "$got" | awk '{ printf "%.4f %.4f %.1f %.1f", $1, $2, $3, $4 }')" "$want" \
		"mpi-io-test-ppc64-3.1.3: the store's read/write time by slowest and MiB/s are the counters'"
else
	ok 0 "# skip sqlite3 (the CLI) is not installed"
fi

# 1. the texts agree, and shared records are shown, not dropped
log=$(ls "$CORPUS"/mpi-io-test-ppc64-3.1.3/*.darshan)
$RUN summary "$log" > "$TMP/s.txt"
$RUN meta "$log" > "$TMP/m.txt"
st=$(sed -n 's/^  I\/O time, slowest rank \([0-9.]* [mµ]*s\) .*/\1/p' "$TMP/s.txt")
mt=$(sed -n 's/^slowest rank 0: .* in \([0-9.]* [mµ]*s\) of I\/O .*/\1/p' "$TMP/m.txt")
is "$mt" "$st" "mpi-io-test-ppc64-3.1.3: meta's slowest rank spent summary's I/O time ($st)"
log=$(ls "$CORPUS"/mpi-io-test/*.darshan)
$RUN meta "$log" > "$TMP/m.txt"
rows=$(sed -n '/^Metadata time per rank/,/^$/p' "$TMP/m.txt" | grep -c '^shared ')
is "$rows" 1 "mpi-io-test (all records shared): the per-rank table has its shared row"

# 2. the text shows the layers above POSIX beside POSIX+STDIO's figure
log=$(ls "$CORPUS"/hdf5_diagonal_write_1_byte_dxt/*.darshan)
$RUN summary "$log" > "$TMP/s.txt"
$RUN meta "$log" > "$TMP/m.txt"
grep -q '^  metadata above POSIX   H5F 53.40 ms, H5D 1.15 ms' "$TMP/s.txt"
ok $? "hdf5_diagonal_write_1_byte_dxt: summary shows H5F and H5D metadata time"
grep -q '^layers above it: H5F 53.40 ms, H5D 1.15 ms of metadata' "$TMP/m.txt"
ok $? "hdf5_diagonal_write_1_byte_dxt: meta shows them beside POSIX+STDIO"

# 3. the strategy: every rank writes its own .h5 while all ranks read the
# same .pyc files (N:N, not N:1); only <STDOUT> written (no file I/O).
# The truth from the counters: every file written (not a stream) has one
# record, of one rank, and the ranks are all different.
log=$(ls "$CORPUS"/hdf5_diagonal_write_1_byte_dxt/*.darshan)
fpp=$($RUN parse "$log" | awk -F'\t' '$1 == "POSIX" && $4 == "POSIX_BYTES_WRITTEN" && $5 > 0 && $6 !~ /^</ {
		n[$3]++; if ($2 < 0) bad = 1; r[$2]++ }
	END { for (f in n) { files++; if (n[f] > 1) bad = 1 }
	      for (k in r) { ranks++; if (r[k] > 1) bad = 1 }
	      print (bad ? "no" : "yes"), files, ranks }')
is "$fpp" "yes 10 10" "hdf5_diagonal_write_1_byte_dxt: counters say one file per rank, 10 ranks"
$RUN summary --format=tsv "$log" > "$TMP/c.tsv"
is "$(col "$TMP/c.tsv" strategy) $(col "$TMP/c.tsv" strategy_basis)" "N:N bytes written" \
	"hdf5_diagonal_write_1_byte_dxt: N:N, decided by bytes written"
log=$(ls "$CORPUS"/snyder_ior-DFS_*/*.darshan)
only=$($RUN parse "$log" | awk -F'\t' '($1 == "POSIX" || $1 == "STDIO") && $4 ~ /_BYTES_(READ|WRITTEN)$/ && $5 > 0 { print $6 }' | sort -u)
is "$only" "<STDOUT>" "snyder_ior-DFS: the counters' only POSIX/STDIO bytes are <STDOUT>'s"
$RUN summary --format=tsv "$log" > "$TMP/c.tsv"
is "$(col "$TMP/c.tsv" strategy)" "no file I/O" "snyder_ior-DFS: no file I/O, not N:1"

# only rank 0 read files (MILC's inputs); every rank wrote <STDOUT>
log=$(ls "$CORPUS"/darshan-apmpi-2nodes-64mpi/*.darshan)
ranks=$($RUN parse "$log" 2> /dev/null | awk -F'\t' '$4 ~ /_BYTES_(READ|WRITTEN)$/ && $5 > 0 && $6 !~ /^</ { print $2 }' | sort -u)
is "$ranks" "0" "darshan-apmpi: the counters' file bytes (streams aside) are all rank 0's"
$RUN summary --format=tsv "$log" > "$TMP/c.tsv" 2> /dev/null
is "$(col "$TMP/c.tsv" strategy)" "rank 0 I/O" "darshan-apmpi: rank 0 I/O, not N:1"

# 4. units: no "0.0000 s", small ratios shown, sums over ranks said
: > "$TMP/all.txt"
for dir in "$CORPUS"/*/; do
	log=$(ls "$dir"*.darshan 2>/dev/null | head -1)
	[ -n "$log" ] || continue
	$RUN summary "$log" >> "$TMP/all.txt" 2> /dev/null
	$RUN meta "$log" >> "$TMP/all.txt" 2> /dev/null
done
is "$(grep -c ' 0\.0000* s' "$TMP/all.txt")" 0 "no time printed as 0.0000 s in summary and meta"
is "$(grep -c 'per process  *0\.00 ' "$TMP/all.txt")" 0 "no ratio printed as 0.00"
log=$(ls "$CORPUS"/e3sm_io_heatmap_only/*.darshan)
$RUN summary "$log" > "$TMP/s.txt"
grep -q '^  files per process      0.008 (4 files / 512 processes)$' "$TMP/s.txt"
ok $? "e3sm_io_heatmap_only: 4 files over 512 ranks is 0.008 per process"
grep -q '^  metadata cost .*sums over ranks)$' "$TMP/s.txt"
ok $? "the metadata cost says its times are sums over ranks"
log=$(ls "$CORPUS"/laytonjb_test1_*/*.darshan)
$RUN summary "$log" > "$TMP/s.txt"
grep -q '^  I/O time, slowest rank 34.1 µs ' "$TMP/s.txt"
ok $? "laytonjb_test1: a 34 µs I/O time is shown in µs"
done_testing
