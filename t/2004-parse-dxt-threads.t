#!/bin/sh
# iolens parse --dxt formats DXT segments in worker threads and writes them
# in order: its output must be darshan-dxt-parser's (the reference outputs
# stored beside the corpus logs, and the sha256 of the bench logs' full
# outputs) byte for byte, whatever the number of threads.
. "$(dirname "$0")/lib.sh"
need_shared
CORPUS=$SHARED/corpus/darshan-logs
skip() { _n=$((_n + 1)); echo "ok $_n # skip $*"; }

# corpus logs with several DXT records, both modules, bzip2, no thread ids
# (3.1 logs), a partial module and big-endian (ppc64) input
for name in nonmpi_dxt_anonymized hdf5_diagonal_write_1_byte_dxt \
	derived-bzip2-hdf5_diagonal_write_1_byte_dxt mpi-io-test-x86_64-3.1.6 \
	mpi-io-test-ppc64-3.1.3 partial_data_dxt treddy_mpi-io-test_id4373053_6-2-60198-9815401321915095332_1 \
	 treddy_h5d_no_h5f; do
	dir=$CORPUS/$name
	log=$(ls "$dir"/*.darshan 2>/dev/null | head -1)
	ref=$(ls "$dir"/dxt_parser.out "$dir"/dxt_parser.out.xz 2>/dev/null | head -1)
	if [ -z "$log" ] || [ -z "$ref" ]; then
		skip "$name: not in the corpus"
		continue
	fi
	zcat_any "$ref" >"$TMP/ref"
	for t in 1 2 3; do
		(cd "$dir" && $RUN parse --dxt --threads $t "$(basename "$log")") >"$TMP/out" 2>/dev/null
		cmp -s "$TMP/out" "$TMP/ref"
		ok $? "$name: parse --dxt --threads $t is darshan-dxt-parser's output"
	done
	(cd "$dir" && IOLENS_THREADS=4 $RUN parse --dxt "$(basename "$log")") >"$TMP/out" 2>/dev/null
	cmp -s "$TMP/out" "$TMP/ref"
	ok $? "$name: IOLENS_THREADS=4"
done

# the bench logs: a million segments in 4 records, and 262,144 in 512
for b in dxt-1m many-ranks; do
	dig=$SHARED/bench/$b/reference-digests.txt
	log=$(ls "$SHARED/bench/$b"/*.darshan 2>/dev/null | head -1)
	if [ -z "$log" ] || [ ! -r "$dig" ]; then
		skip "bench log $b: absent"
		continue
	fi
	want=$(awk -F'\t' '$1 == "darshan-dxt-parser" && $2 ~ /^sha256 / { sub(/^sha256 /, "", $2); print $2 }' "$dig")
	for t in 1 2; do
		got=$($RUN parse --dxt --threads $t "$log" | sha256sum | cut -d' ' -f1)
		is "$got" "$want" "bench $b: parse --dxt --threads $t, sha256 of darshan-dxt-parser's output"
	done
done

# a full pipe: the writer must report a failed write, not hang
if [ -r "$CORPUS/nonmpi_dxt_anonymized/nonmpi_dxt_anonymized.darshan" ]; then
	$RUN parse --dxt "$(ls "$CORPUS"/nonmpi_dxt_anonymized/*.darshan | head -1)" 2>"$TMP/err" | head -c 1000 >/dev/null
	ok 0 "output closed early: no hang"
fi
$RUN parse --dxt --threads 0 x.darshan >/dev/null 2>"$TMP/err"
is $? 2 "--threads 0 is a usage error"
grep -q "threads wants 1 to 64" "$TMP/err"
ok $? "--threads 0: says what it wants"
done_testing
