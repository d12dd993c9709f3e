#!/bin/sh
# IOL-SMALL-REQ and IOL-SHARED-SMALL judge the MPI-IO layer's small calls
# too (issue 34, round 4): r4-mpiio-coll-small's 2000 collective calls of
# 4 KiB a rank cost 7.3 s a rank in MPI-IO, while POSIX sees 32 KiB
# aggregated writes of 0.03 s, so the rule read only POSIX and said info,
# 0.004 s at stake.  The truth here is computed by awk from `iolens parse`:
# each MPI-IO record's read + write time (a shared record: a rank's share,
# no more than its slowest rank's time) times its share of calls under
# 1 MiB; a mostly collective record's call is small when its round over
# the ranks is (bin's upper bound x nprocs <= 1 MiB).  The stake is that
# less what larger calls keep (round 13, t/7372): at most the job's bytes
# at write_rate_mibs, 256 MiB/s.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round4
truth() { # log: the slowest rank's seconds in small MPI-IO calls
	$RUN parse "$1" | awk '
	/^# nprocs:/ { np = $3 }
	$1 == "MPI-IO" { k = $2 " " $3; rank[k] = $2; v[k, $4] = $5 }
	END {
		split("0_100 100_1K 1K_10K 10K_100K 100K_1M 1M_4M 4M_10M 10M_100M 100M_1G 1G_PLUS", b, " ")
		split("100 1024 10240 102400 1048576", up, " ")
		for (k in rank) {
			c = v[k, "MPIIO_COLL_READS"] + v[k, "MPIIO_COLL_WRITES"] + v[k, "MPIIO_SPLIT_READS"] + v[k, "MPIIO_SPLIT_WRITES"]
			i = v[k, "MPIIO_INDEP_READS"] + v[k, "MPIIO_INDEP_WRITES"] + v[k, "MPIIO_NB_READS"] + v[k, "MPIIO_NB_WRITES"]
			fold = (c > i && np > 1) ? np : 1
			small = all = 0
			for (j = 1; j <= 10; j++) {
				x = v[k, "MPIIO_SIZE_READ_AGG_" b[j]] + v[k, "MPIIO_SIZE_WRITE_AGG_" b[j]]
				all += x
				if (j <= 5 && up[j] * fold <= 1048576) small += x
			}
			if (fold == 1) {
				m = 0
				for (a = 1; a <= 4; a++)
					if (v[k, "MPIIO_ACCESS" a "_ACCESS"] == 1048576) m += v[k, "MPIIO_ACCESS" a "_COUNT"]
				top = v[k, "MPIIO_SIZE_READ_AGG_100K_1M"] + v[k, "MPIIO_SIZE_WRITE_AGG_100K_1M"]
				small -= (m < top ? m : top)
			}
			rw = v[k, "MPIIO_F_READ_TIME"] + v[k, "MPIIO_F_WRITE_TIME"]
			if (small <= 0 || all <= 0 || rw <= 0) continue
			if (rank[k] < 0) {
				rw /= np
				if (rw > v[k, "MPIIO_F_SLOWEST_RANK_TIME"]) rw = v[k, "MPIIO_F_SLOWEST_RANK_TIME"]
				sh += rw * small / all
			} else t[rank[k]] += rw * small / all
		}
		for (r in t) if (t[r] > mx) mx = t[r]
		printf "%.3f\n", mx + sh
	}'
}
bytes() { # log: the POSIX bytes read and written
	$RUN parse "$1" | awk '$1 == "POSIX" && ($4 == "POSIX_BYTES_READ" || $4 == "POSIX_BYTES_WRITTEN") { b += $5 }
	END { printf "%.0f\n", b }'
}
# stake truth bytes: the truth less at most the bytes at 256 MiB/s
kept_ok() {
	awk -v s="$1" -v w="$2" -v b="$3" 'BEGIN { exit !(s <= w + 0.0005 && s >= w - b / 1048576 / 256 - 0.0005) }'
}
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
C=$D/r4-mpiio-coll-small.darshan
want=$(truth "$C")
diag "r4-mpiio-coll-small: small MPI-IO calls by awk $want s a rank"
ok "$(awk -v w="$want" 'BEGIN { exit !(w > 7) }'; echo $?)" "the awk truth is the 7.3 s in MPI-IO"
$RUN triage --all --format tsv "$C" >"$TMP/c.tsv" 2>/dev/null
is "$(col "$TMP/c.tsv" IOL-SMALL-REQ 3)" warn "SMALL-REQ warns (was info: POSIX's 0.004 s)"
b=$(bytes "$C")
s=$(col "$TMP/c.tsv" IOL-SMALL-REQ 10)
kept_ok "$s" "$want" "$b"
ok $? "SMALL-REQ's stake ($s s) is the MPI-IO layer's, less at most its $b bytes at 256 MiB/s"
col "$TMP/c.tsv" IOL-SMALL-REQ 8 | grep -q "the MPI-IO layer's small calls carry the time (POSIX: 2001 of 2001"
ok $? "the detail says the MPI-IO layer, and what POSIX saw"
col "$TMP/c.tsv" IOL-SMALL-REQ 9 | grep -q "collective already.*Aggregate more data per call"
ok $? "the advice fits collective calls (more data per call, not cb_buffer_size)"
s=$(col "$TMP/c.tsv" IOL-SHARED-SMALL 10)
kept_ok "$s" "$want" "$b"
ok $? "SHARED-SMALL's stake ($s s) is the MPI-IO layer's too"
col "$TMP/c.tsv" IOL-SHARED-SMALL 8 | grep -q "IOL-SMALL-REQ's"
ok $? "SHARED-SMALL: the same calls, told once by SMALL-REQ"

# the store holds the fields, so triage --db judges alike
if command -v sqlite3 >/dev/null; then
	$RUN ingest --db "$TMP/p.db" "$C" >/dev/null 2>&1
	is "$(sqlite3 "$TMP/p.db" 'SELECT printf("%.3f", mpiio_small_time), mpiio_small_ops, mpiio_ops FROM jobs')" "$want|16000|16000" \
		"the store: mpiio_small_time, mpiio_small_ops, mpiio_ops"
	$RUN triage --db "$TMP/p.db" --top all --format tsv >"$TMP/d.tsv" 2>/dev/null
	awk -F'\t' 'NR > 1 { print $12 }' "$TMP/d.tsv" | grep -q "IOL-SMALL-REQ"
	ok $? "triage --db: the job is flagged for SMALL-REQ"
	# a store from before the fields is not judged silently (t/7425)
	cp "$TMP/p.db" "$TMP/old.db"
	if sqlite3 "$TMP/old.db" 'ALTER TABLE jobs DROP COLUMN mpiio_small_time' 2>/dev/null; then
		$RUN triage --db "$TMP/old.db" 2>&1 | tr '\n' ' ' | grep -q "the store lacks mpiio_small_time: rules reading them judge without them, or are not evaluated where they need them (iolens ingest --refresh)"
		ok $? "a store without mpiio_small_time says so, and the command"
	else
		skip "sqlite3 cannot drop a column"
	fi
else
	skip "sqlite3 is not installed" 3
fi

# an independent case of our own: 1,000,000 MPI-IO reads of 1 byte
# (darshan-logs' partial_data_dxt), 0.537 s in MPI-IO, 0.249 s in POSIX
if [ -d "$SHARED/corpus" ]; then
	P=$SHARED/corpus/darshan-logs/partial_data_dxt/partial_data_dxt.darshan
	want=$(truth "$P")
	diag "partial_data_dxt: small MPI-IO calls by awk $want s"
	$RUN triage --all --format tsv "$P" >"$TMP/p.tsv" 2>/dev/null
	s=$(col "$TMP/p.tsv" IOL-SMALL-REQ 10)
	kept_ok "$s" "$want" "$(bytes "$P")"
	ok $? "partial_data_dxt: the stake ($s s) is MPI-IO's, less at most its bytes at 256 MiB/s"
	col "$TMP/p.tsv" IOL-SMALL-REQ 9 | grep -q "^Many reads/writes are under 1 MiB. Buffer"
	ok $? "independent calls: the advice to buffer them or go collective"
	# 496 ranks' collective calls of 240 KiB are rounds of 120 MB: not
	# small; SMALL-REQ stays POSIX's (labelled trivial in round 1)
	I=$SHARED/corpus/darshan-logs/imbalanced-io/imbalanced-io.darshan
	$RUN triage --all --format tsv "$I" >"$TMP/i.tsv" 2>/dev/null
	col "$TMP/i.tsv" IOL-SMALL-REQ 8 | grep -q "^17539 of 118693 POSIX operations under 1 MiB"
	ok $? "imbalanced-io: 5336 small MPI-IO calls of 104536 (5 %) leave SMALL-REQ to POSIX"
	is "$(col "$TMP/i.tsv" IOL-SMALL-REQ 3)" info "imbalanced-io: SMALL-REQ stays below the floor (labelled trivial)"
	# nor, since round 20 (t/7406), a third file's 2482 collective calls
	# of 0-100 B a rank, shares of 16 rounds of 93 MB (1.49 GB written)
	is "$($RUN ingest --db "$TMP/i.db" "$I" >/dev/null 2>&1; sqlite3 "$TMP/i.db" 'SELECT mpiio_small_ops FROM jobs' 2>/dev/null)" 2856 \
		"imbalanced-io: the 92378 collective calls of 100K-1M are not small (496 ranks: rounds of 120 MB)"
	# e3sm: 200 writes of 100 B beside 102,400 collective ones of 560 KiB
	# (1.1 %): their count share of a 683 s record is no time of theirs
	E=$SHARED/corpus/darshan-logs/e3sm_io_heatmap_only/e3sm_io_heatmap_only.darshan
	$RUN triage --all --format tsv "$E" >"$TMP/e.tsv" 2>/dev/null
	col "$TMP/e.tsv" IOL-SHARED-SMALL 8 | grep -q "^7682 of 7682 operations on shared files"
	ok $? "e3sm: SHARED-SMALL stays POSIX's"
else
	skip "../shared is not present" 6
fi
done_testing
