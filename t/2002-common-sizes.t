#!/bin/sh
# The most common access sizes and size bins of `iolens hist --format=csv`
# against (1) the values PyDarshan's own test suite asserts on the corpus
# logs it shares with ../shared, and (2) on every corpus log, the exact
# sum over records of the ACCESS1..4 counters that darshan-parser prints
# for each record (computed here with awk, as darshan-job-summary.pl and
# PyDarshan sum them).  `parse --total` keeps darshan-util's lossy merge.
# Disagreements and logs PyDarshan covers that are not in the corpus:
# docs/pydarshan-expectations.md.
. "$(dirname "$0")/lib.sh"
need_shared
CORPUS=$SHARED/corpus/darshan-logs

logpath() { ls "$CORPUS/$1"/*.darshan 2>/dev/null | head -1; }

# "module rank size count" per common-size row of one log (rank 1..4)
commons() {
	$RUN hist --format=csv "$1" 2>/dev/null |
		awk -F, '$3 == "common" { sub(/^#/, "", $4); print $2, $4, $5, $7 }'
}

# ---- (1) PyDarshan's expectations --------------------------------------
# Transcribed from darshan-hpc/darshan, darshan-util/pydarshan/darshan/
# tests/test_plot_common_access_table.py, test_common_access_table
# (commit 45bcba8e): log, module, then the table's rows "size:count" in
# order.  PyDarshan sorts by count with a stable sort of sizes in
# ascending order, so equal counts list the smaller size first; iolens
# keeps Darshan's four sizes, so only the first four rows are compared
# (hdf5_diagonal_write_bytes_range_dxt lists ten sizes of count 1).
# ior_hdf5_example and hdf5_diagonal_write_half_ranks_dxt are not in the
# corpus.  derived-bzip2-hdf5_diagonal_write_1_byte_dxt is the 1-byte log
# recompressed with bzip2: the same expectation.
cat > "$TMP/pyd-common" <<'EOF'
nonmpi_dxt_anonymized POSIX 1024:7692 32:276 100:269 92:265
imbalanced-io POSIX 1048576:100968 8162:14664 512:1003 328:545
imbalanced-io MPI-IO 241664:71400 294912:18806 483328:4862 512:1003
hdf5_diagonal_write_1_byte_dxt H5D 1:10
hdf5_diagonal_write_bytes_range_dxt H5D 10:1 20:1 30:1 40:1
hdf5_diagonal_write_half_flush_dxt H5D 1:10
derived-bzip2-hdf5_diagonal_write_1_byte_dxt H5D 1:10
EOF
while read -r name mod rows; do
	log=$(logpath "$name")
	if [ -z "$log" ]; then
		ok 1 "$name: in the corpus"
		continue
	fi
	got=$(commons "$log" | awk -v m="$mod" '$1 == m { printf "%s%s:%s", s, $3, $4; s = " " }')
	is "$got" "$rows" "$name $mod: PyDarshan's most common access sizes"
done < "$TMP/pyd-common"

# The size bins, from the same suite's test_plot_exp_common.py,
# test_bar_heights: ten read bins then ten write bins.
cat > "$TMP/pyd-bins" <<'EOF'
imbalanced-io POSIX 18 2492 14679 0 50486 186 0 0 0 0 43 301 2 0 50486 0 0 0 0 0
imbalanced-io MPI-IO 11 2492 2 0 0 0 0 410 86 0 2526 303 2 0 97812 396 0 410 86 0
hdf5_diagonal_write_1_byte_dxt H5D 0 0 0 0 0 0 0 0 0 0 10 0 0 0 0 0 0 0 0 0
hdf5_diagonal_write_bytes_range_dxt H5D 0 0 0 0 0 0 0 0 0 0 10 0 0 0 0 0 0 0 0 0
EOF
while read -r name mod bins; do
	log=$(logpath "$name")
	got=$($RUN hist --format=csv "$log" 2>/dev/null |
		awk -F, -v m="$mod" '$2 == m && ($3 == "read" || $3 == "write") { printf "%s%s", s, $7; s = " " }')
	is "$got" "$bins" "$name $mod: PyDarshan's access-size bins"
done < "$TMP/pyd-bins"

# ---- (2) the exact sum on every corpus log -----------------------------
# darshan-parser prints every record's counters; sum each module's
# (ACCESSn_ACCESS, ACCESSn_COUNT) pairs by size, order by count then
# size, keep four.  Partial logs: the records --show-incomplete prints.
exact() {
	awk -F'\t' '
	$4 ~ /_ACCESS[1-4]_(ACCESS|COUNT)$/ {
		n = $4; sub(/_(ACCESS|COUNT)$/, "", n); sub(/.*_ACCESS/, "", n)
		k = $1 SUBSEP $2 SUBSEP $3 SUBSEP n
		if ($4 ~ /_COUNT$/) c[k] = $5; else v[k] = $5
	}
	END {
		for (k in c) {
			split(k, p, SUBSEP)
			if (c[k] > 0 && v[k] >= 0)
				t[p[1] " " v[k]] += c[k]
		}
		for (s in t)
			print s, t[s]
	}' | sort -k1,1 -k3,3nr -k2,2n |
		awk '{ if ($1 != m) { m = $1; r = 0 } if (++r <= 4) print $1, r, $2, $3 }'
}
checked=0 bad=0
for dir in "$CORPUS"/*/; do
	log=$(ls "$dir"*.darshan 2>/dev/null | head -1)
	ref=$(ls "$dir"parser_base_show_incomplete.out* 2>/dev/null | head -1)
	[ -n "$ref" ] || ref=$(ls "$dir"parser_base.out* 2>/dev/null | head -1)
	[ -n "$log" ] && [ -n "$ref" ] || continue
	zcat_any "$ref" | exact > "$TMP/want"
	# modules iolens draws no histogram for (no size bins) are not shown
	commons "$log" | awk '$1 != "job"' | sort -k1,1 -k2,2n > "$TMP/have"
	awk 'NR == FNR { m[$1] = 1; next } m[$1]' "$TMP/have" "$TMP/want" |
		sort -k1,1 -k2,2n > "$TMP/want2"
	checked=$((checked + 1))
	if ! cmp -s "$TMP/want2" "$TMP/have"; then
		bad=$((bad + 1))
		diag "$(basename "$dir"): exact sum differs"
		diff "$TMP/want2" "$TMP/have" | head -6 | sed 's/^/# /'
	fi
done
ok $((checked < 70)) "the exact sum checked on $checked corpus logs (>= 70)"
is "$bad" 0 "hist's common sizes are the exact sum of darshan-parser's records"

# files: each file's most common size, summed over its records (ranks)
# the same way: the largest sum, for equal sums the smaller size
file_exact() {
	awk -F'\t' '
	$4 ~ /_ACCESS[1-4]_(ACCESS|COUNT)$/ {
		n = $4; sub(/_(ACCESS|COUNT)$/, "", n); sub(/.*_ACCESS/, "", n)
		k = $1 SUBSEP $2 SUBSEP $3 SUBSEP n
		if ($4 ~ /_COUNT$/) c[k] = $5; else v[k] = $5
	}
	END {
		for (k in c) {
			split(k, p, SUBSEP)
			if (c[k] > 0 && v[k] >= 0)
				t[p[1] " " p[3] " " v[k]] += c[k]
		}
		for (s in t)
			print s, t[s]
	}' | sort -k1,1 -k2,2 -k4,4nr -k3,3n |
		awk '{ if ($1 " " $2 != m) { m = $1 " " $2; print } }'
}
fchecked=0 fbad=0
for name in nonmpi_dxt_anonymized imbalanced-io hdf5_diagonal_write_1_byte_dxt \
	hdf5_diagonal_write_bytes_range_dxt skew-app e3sm_io_heatmap_only \
	snyder_python3_id3116902-2110483_12-19-66980-15861026832475351160_1; do
	log=$(logpath "$name")
	ref=$(ls "$CORPUS/$name"/parser_base_show_incomplete.out* 2>/dev/null | head -1)
	[ -n "$ref" ] || ref=$(ls "$CORPUS/$name"/parser_base.out* | head -1)
	zcat_any "$ref" | file_exact | sort > "$TMP/fwant"
	$RUN files --format=tsv "$log" 2>/dev/null |
		awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
		$h["common_access_size"] != "" {
			print $h["module"], $h["record_id"], $h["common_access_size"], $h["common_access_count"] }' |
		sort > "$TMP/fhave"
	fchecked=$((fchecked + $(wc -l < "$TMP/fwant")))
	if ! cmp -s "$TMP/fwant" "$TMP/fhave"; then
		fbad=$((fbad + 1))
		diag "$name: files' common sizes differ"
		diff "$TMP/fwant" "$TMP/fhave" | head -4 | sed 's/^/# /'
	fi
done
ok $((fchecked < 200)) "files: $fchecked file rows checked (>= 200)"
is "$fbad" 0 "files: each file's common size is the exact sum over its records"

# the job's row (POSIX) is POSIX's, and every module recorded shows up
log=$(logpath nonmpi_dxt_anonymized)
is "$(commons "$log" | awk '$1 == "job" { print $3, $4 }' | paste -sd' ' -)" \
	"1024 7692 32 276 100 269 92 265" "the job row is POSIX's exact sum"
log=$(logpath hdf5_diagonal_write_1_byte_dxt)
is "$(commons "$log" | awk '{ print $1 }' | sort -u | paste -sd' ' -)" \
	"H5D POSIX job" "the 1-byte HDF5 log has an H5D row"

# summary's job row (and so the store) carries the same sums
log=$(logpath nonmpi_dxt_anonymized)
got=$($RUN summary --format=csv "$log" >/dev/null && "$TOP/t/unit/jobrow-dump" "$log" |
	awk -F'\t' '$1 ~ /^posix_common[12]_/ { print $2 }' | paste -sd' ' -)
is "$got" "1024 7692 32 276" "job row: posix_common1/2 size and count"

# parse --total stays darshan-util's merge, byte for byte
is "$($RUN parse --total "$log" | awk '$1 == "total_POSIX_ACCESS1_COUNT:" || $1 == "total_POSIX_ACCESS4_COUNT:" { print $2 }' | paste -sd' ' -)" \
	"7682 248" "parse --total keeps darshan-parser's lossy merge (7682, 248)"
done_testing
