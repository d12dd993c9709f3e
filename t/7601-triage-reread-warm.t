#!/bin/sh
# IOL-REDUNDANT's re-reads the page cache served, in logs without DXT
# (issue 34, round 85).  The counters split a record's read time by
# bytes, so a file read cold once and again from memory lends its
# re-read half the cold read's time: r85-storm (2400 cold 4 KiB files,
# two epochs) warned "1.36 s at stake, 39.6 % of the run"; labelled
# trivial (the packed twin reads both epochs in 0.153 s; the cost is the
# cold files, IOL-SMALL-FILES's).  A pass makes at least one read of a
# file's bytes, so a record's re-reads took at most its read time less
# POSIX_F_MAX_READ_TIME: the re-reads' seconds are scaled by what those
# bounds leave of the bytes' split.  The truth is awk's over `iolens
# parse`; no timing of this machine is measured.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
col() { tsv_col "$TMP/t.tsv" "$1" "$2"; }
# log: the data records' re-read seconds, each the smaller of its read
# time split by bytes and its read time less its slowest read (read
# more than twice over, or the slowest read not the whole extent: the
# split)
truth() {
	$RUN parse "$1" 2>/dev/null | awk '
		$1 == "POSIX" { k = $3; p[k] = $6
			if ($4 == "POSIX_BYTES_READ") br[k] = $5
			if ($4 == "POSIX_MAX_BYTE_READ") mr[k] = $5
			if ($4 == "POSIX_F_READ_TIME") t[k] = $5
			if ($4 == "POSIX_F_MAX_READ_TIME") m[k] = $5
			if ($4 == "POSIX_MAX_READ_TIME_SIZE") z[k] = $5 }
		END { for (k in br) { if (p[k] ~ /\.(py|pyc|pyo|so)$/ ||
				br[k] <= mr[k] + 1) continue
			s = t[k] * (br[k] - mr[k] - 1) / br[k]
			w = br[k] > 2 * (mr[k] + 1) || z[k] <= mr[k] ||
				s < t[k] - m[k]
			b += w ? s : t[k] - m[k] }
			printf "%.3f\n", b }'
}
rr_secs() { # the data re-reads' seconds the detail prints
	col IOL-REDUNDANT 8 | sed -n 's/.* B of data re-read (\([0-9.]*\) s.*/\1/p'
}

for f in $D/triage-round85/r85-storm.darshan \
	$D/triage-round85/reruns/r85-labels85-ab[12]-storm.darshan; do
	b=$(basename "$f")
	$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
	is $? 0 "$b: triage"
	is "$(col IOL-REDUNDANT 3)" info "$b: epoch 2 from the page cache: below the floor (main: warn)"
	t=$(truth "$f") s=$(rr_secs)
	awk -v s="$s" -v t="$t" 'BEGIN { exit !(s != "" && s <= t + 0.002) }'
	ok $? "$b: re-reads $s s, at most the records' bound $t s (main: 1.36 s)"
	is "$(col IOL-SMALL-FILES 3)" warn "$b: the storm is told by SMALL-FILES"
done

# a second epoch that meets the device again stays found; files read
# pass after pass keep the bytes' split (their passes' opens and calls:
# r4-stat-storm's 64 B read 20 times a file, r46-rescan-every's header
# 200 times, labelled material; bound, they fell under the floor)
for f in $D/triage-round41/r41-files-cold.darshan \
	$D/triage-round26/r26-reread-each.darshan \
	$D/triage-round4/r4-stat-storm.darshan \
	$D/triage-round46/r46-rescan-every.darshan; do
	$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
	is "$(col IOL-REDUNDANT 3)" warn "$(basename "$f"): true re-reads: warn"
done

# of many reads a pass, the slowest read is a piece of one: no bound
# (r41-label-all's twin, 2 epochs of 1 MiB reads: a slow first-epoch
# read took it to 4.73 % while its rerun kept 5.22 %)
$RUN triage --all --format tsv "$D/triage-round41/reruns/r41-labels41-ab1-label-all.darshan" >"$TMP/t.tsv" 2>/dev/null
is "$(col IOL-REDUNDANT 3)" warn "r41 label-all ab1: many reads a pass: the split, warn as its rerun"
col IOL-REDUNDANT 8 | grep -q 'slowest read leaves'
is $? 1 "r41 label-all ab1: the detail says no bound"

# a store keeps no per-read bound: the row's byte estimate, and the
# field given by hand scales the re-reads as the log does
U=$TOP/t/unit/triage-row J=$TOP/t/unit/jobrow-dump
if [ -x "$U" ] && [ -x "$J" ]; then
	"$J" "$D/triage-round85/r85-storm.darshan" >"$TMP/row"
	grep -q '^redundant_warm_share' "$TMP/row"
	is $? 1 "a stored row has no redundant_warm_share"
	is "$("$U" <"$TMP/row" | awk -F'\t' '$1 == "IOL-REDUNDANT" { print $2 }')" warn \
		"storm's row: the byte estimate, warn"
	is "$("$U" redundant_warm_share=0.0045 <"$TMP/row" |
		awk -F'\t' '$1 == "IOL-REDUNDANT" { print $2, $3 }')" "info 0.009" \
		"storm's row told the log's share: 0.009 s, info"
fi
done_testing
