#!/bin/sh
# iolens parse --base/--all formats the counter lines of its records in
# worker threads (render/parse-pipe.c) and writes them in order: the text
# must be byte for byte the one-thread text, and darshan-parser's (the
# sha256 of the bench log's full output), whatever the number of threads.
# Logs of many records (heatmaps, 100,000 files), bzip2, big-endian,
# partial modules, DFS, the modules printed without the threads (LUSTRE,
# HEATMAP) between those printed with them.  Before, --threads did not
# start a thread for parse --all (the clone count below).
. "$(dirname "$0")/lib.sh"
need_shared
CORPUS=$SHARED/corpus/darshan-logs
skip() { _n=$((_n + 1)); echo "ok $_n # skip $*"; }

for name in e3sm_io_heatmap_only imbalanced-io hdf5_file_opens_only \
	snyder_ior-DFS_id4681120-53379_5-8-15060-3270540599978592154_1 \
	derived-bzip2-partial_data_stdio partial_data_stdio \
	mpi-io-test-ppc64-3.1.8 derived-bzip2-runtime_and_dxt_heatmaps; do
	log=$(ls "$CORPUS/$name"/*.darshan 2>/dev/null | head -1)
	if [ -z "$log" ]; then
		skip "$name: not in the corpus"
		continue
	fi
	for opt in --all "--base --show-incomplete"; do
		$RUN parse $opt --threads 1 "$log" >"$TMP/one" 2>"$TMP/one.err"
		echo "rc $?" >>"$TMP/one"
		for t in 2 3 5; do
			$RUN parse $opt --threads $t "$log" >"$TMP/out" 2>"$TMP/out.err"
			echo "rc $?" >>"$TMP/out"
			cmp -s "$TMP/out" "$TMP/one" && cmp -s "$TMP/out.err" "$TMP/one.err"
			ok $? "$name: parse $opt --threads $t is the one-thread text"
		done
	done
done

# the threads are used: the main thread formats too (when the batches
# wait for it), so one clone a formatting thread but the main one
log=$(ls "$CORPUS"/imbalanced-io/*.darshan 2>/dev/null | head -1)
if [ -n "${SANITIZE:-}${VALGRIND:-}" ]; then
	# LeakSanitizer's own thread, and no stopping a traced process
	skip "threads counted under the sanitizer or valgrind" 3
elif command -v strace >/dev/null && [ -n "$log" ]; then
	for t in 1 2 3; do
		strace -f -qq -e trace=clone,clone3 -o "$TMP/st" \
			$IOLENS parse --all --threads $t "$log" >/dev/null 2>&1
		# a call another thread interrupts is two lines, the second
		# "<... clone3 resumed>"
		n=$(grep 'clone' "$TMP/st" | grep -vc 'resumed')
		is "$n" $((t - 1)) "parse --all --threads $t: $((t - 1)) threads started"
	done
else
	skip "no strace or no imbalanced-io log" 3
fi

# the bench log: 100,000 records, 8.6 million lines (a ring of batches
# filled exactly at the end: a hang before the drain was fixed)
b=many-files
dig=$SHARED/bench/$b/reference-digests.txt
log=$(ls "$SHARED/bench/$b"/*.darshan 2>/dev/null | head -1)
if [ -z "$log" ] || [ ! -r "$dig" ]; then
	skip "bench log $b: absent"
else
	want=$(awk -F'\t' '$1 == "darshan-parser --all" && $2 ~ /^sha256 / { sub(/^sha256 /, "", $2); print $2 }' "$dig")
	for t in 2 3; do
		got=$($RUN parse --all --threads $t "$log" | sha256sum | cut -d' ' -f1)
		is "$got" "$want" "bench $b: parse --all --threads $t, sha256 of darshan-parser's output"
	done
fi

# a pipe closed early: no hang, whatever the threads do
if [ -n "$log" ]; then
	$RUN parse --all --threads 2 "$log" 2>/dev/null | head -c 1000 >/dev/null
	ok 0 "output closed early: no hang"
fi
done_testing
