#!/bin/sh
# IOL-SMALL-REQ: small requests whose own time the log measures (issue
# 34, round 113).  The share of the write time that 100 KiB-1 MiB writes
# hold by bytes (small_mid_secs()) kept every second of r113-bprew's
# small requests, also the 100 index records of 64 B rank 0 wrote to
# md.idx on a sync mount (POSIX_F_WRITE_TIME 1.64 s of a 15.6-s run;
# labelled material, 1.5 s): "too few to matter".  The slowest rank's
# time in its own unsynced records whose every request is under 100 KiB,
# less their bytes at the write pace, stays at stake whatever the count.
# The truth is awk's over `iolens parse`; no timing of this machine is
# measured.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
col() { tsv_col "$TMP/t.tsv" "$1" "$2"; }
# log: the most seconds a rank spent in its own records that made
# requests, all under 100 KiB, and synced none
truth() {
	$RUN parse "$1" 2>/dev/null | awk '
		$1 == "POSIX" && $2 >= 0 { k = $2 " " $3; r[k] = $2
			if ($4 ~ /^POSIX_SIZE_(READ|WRITE)_(0_100|100_1K|1K_10K|10K_100K)$/) n[k] += $5
			else if ($4 ~ /^POSIX_SIZE_(READ|WRITE)_/) big[k] += $5
			if ($4 == "POSIX_FSYNCS" || $4 == "POSIX_FDSYNCS") sy[k] += $5
			if ($4 == "POSIX_F_READ_TIME" || $4 == "POSIX_F_WRITE_TIME") t[k] += $5 }
		END { for (k in r) if (n[k] > 0 && !big[k] && !sy[k]) s[r[k]] += t[k]
			for (q in s) if (s[q] > m) m = s[q]
			printf "%.3f\n", m }'
}

f=$D/triage-round113/r113-bprew.darshan
$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
is $? 0 "bprew: triage"
is "$(col IOL-SMALL-REQ 3)" warn "bprew: md.idx's 64-B writes found (main: ok, too few to matter)"
t=$(truth "$f") s=$(col IOL-SMALL-REQ 10)
awk -v s="$s" -v t="$t" 'BEGIN { exit !(t > 1.5 && s <= t + 0.001 && s >= t - 0.05) }'
ok $? "bprew: $s s at stake, the measured $t s less their 6400 B (main: 0)"
col IOL-SMALL-REQ 8 | grep -q 'not the 1.641 s measured in records of requests all under 100 KiB'
ok $? "bprew: the detail says what the share did not keep"
for f in $D/triage-round113/reruns/r113-labels113-ab[12]-bprew.darshan; do
	$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
	is "$(col IOL-SMALL-REQ 3)" warn "$(basename "$f"): rerun found too"
done

# a rank's own record synced after every write: DXT times the writes
# alone (Darshan's write time holds the fsyncs).  r111-resfsync: 800
# lines of < 100 B on a sync mount, each fsynced: 0.025 s a rank from
# the write time over the syncs, 7.38 s of rank 0's 8.50 s in DXT
# (labelled material)
dxt_truth() { # the most DXT write seconds of a rank in writes < 100 KiB
	$RUN parse --dxt "$1" 2>/dev/null | awk '
		$1 == "X_POSIX" && $3 == "write" && $6 < 102400 { s[$2] += $8 - $7 }
		END { for (r in s) if (s[r] > m) m = s[r]; printf "%.3f\n", m }'
}
for f in $D/triage-round111/r111-resfsync.darshan \
	$D/triage-round111/reruns/r111-labels111-ab[12]-resfsync.darshan; do
	b=$(basename "$f")
	$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
	is "$(col IOL-SMALL-REQ 3)" warn "$b: the synchronous small writes found (main: 0.025 s a rank)"
	is "$(col IOL-FSYNC 3)" warn "$b: the fsyncs stay found"
	t=$(dxt_truth "$f") s=$(col IOL-SMALL-REQ 10)
	awk -v s="$s" -v t="$t" 'BEGIN { exit !(t > 2 && s <= t + 0.01 && s >= t / 2) }'
	ok $? "$b: $s s at stake, at most DXT's $t s of writes"
done
# its twin keeps the files open and writes through stdio: no fsync, few
# POSIX writes, nothing at stake
for f in $D/triage-round111/reruns/r111-labels111*-tw-resfsync-stdio.darshan; do
	$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
	is "$(col IOL-SMALL-REQ 3)" ok "$(basename "$f"): twin: ok"
done

# a store keeps no per-record time: the row's share, as before; the
# fields given by hand judge the count by its time either way
U=$TOP/t/unit/triage-row J=$TOP/t/unit/jobrow-dump
if [ -x "$U" ] && [ -x "$J" ]; then
	"$J" "$D/triage-round113/r113-bprew.darshan" >"$TMP/row"
	grep -q '^small_own_time' "$TMP/row"
	is $? 1 "a stored row has no small_own_time"
	is "$("$U" <"$TMP/row" | awk -F'\t' '$1 == "IOL-SMALL-REQ" { print $2 }')" ok \
		"bprew's row: the share keeps it all, as before"
	is "$("$U" small_own_time=1.64 small_own_bytes=6400 <"$TMP/row" |
		awk -F'\t' '$1 == "IOL-SMALL-REQ" { print $2, $3 }')" "warn 1.640" \
		"bprew's row told the log's 1.64 s: warn"
	is "$("$U" small_own_time=0.02 small_own_bytes=6400 <"$TMP/row" |
		awk -F'\t' '$1 == "IOL-SMALL-REQ" { print $2 }')" ok \
		"a handful of cheap calls (0.02 s) stays trivial"
	is "$("$U" small_own_time=1.64 small_own_bytes=1073741824 <"$TMP/row" |
		awk -F'\t' '$1 == "IOL-SMALL-REQ" { print $2 }')" ok \
		"1 GiB in 1.64 s is its bytes' transfer: not at stake"
fi
done_testing
