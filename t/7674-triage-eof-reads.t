#!/bin/sh
# IOL-SMALL-REQ: a read loop's 0-B read at end of file is no small
# request, and does not stop a file read whole from counting as whole
# (issue 34, round 116).  r116-cksumall: 4 ranks each read all 128 files
# of 512 KiB whole, one 512 KiB read an open then the 0-B read at EOF
# (shared records: 8 reads, 4 opens, 4 in the 0-100 B bin, the common
# sizes 4 x 512 KiB holding every byte).  main warned "1024 of 1024 POSIX
# operations under 1 MiB ... 3.48 s at stake" (labelled false).
# IOL-IO-TIME summed the 128 shared records' slowest ranks, 8.249 s in a
# 4.022 s run (205 %): no rank of an MPI job spends more than the run.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round116
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
eof() { # log: awk's 0-B reads, records whose common sizes hold all else
	$RUN parse "$1" 2>/dev/null | awk '$1 == "POSIX" {
		k = $2 " " $3
		if ($4 == "POSIX_OPENS") o[k] = $5
		if ($4 == "POSIX_READS") r[k] = $5
		if ($4 == "POSIX_WRITES") w[k] = $5
		if ($4 == "POSIX_BYTES_READ") br[k] = $5
		if ($4 == "POSIX_SIZE_READ_0_100") s[k] = $5
		if ($4 ~ /^POSIX_ACCESS[1-4]_ACCESS$/) { a = substr($4, 13, 1); sz[k, a] = $5 }
		if ($4 ~ /^POSIX_ACCESS[1-4]_COUNT$/) { a = substr($4, 13, 1); ct[k, a] = $5 } }
	END {
		for (k in o) {
			e = s[k] < o[k] ? s[k] : o[k]; c = 0; b = 0
			for (a = 1; a <= 4; a++) { c += ct[k, a]; b += ct[k, a] * sz[k, a] }
			if (e > 0 && w[k] == 0 && c == r[k] - e && b == br[k]) n += e
		}
		printf "%d\n", n
	}'
}
f=$D/r116-cksumall.darshan
is "$(eof "$f")" 512 "r116-cksumall: awk: 512 reads of 0 B at EOF"
$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
s=$(col "$TMP/t.tsv" IOL-SMALL-REQ 3)
ok "$([ "$s" != warn ] && echo 0 || echo 1)" "r116-cksumall: SMALL-REQ $s, not warn (main: warn, 3.48 s)"
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "^0 of 1024 POSIX operations under 1 MiB.*; 1024 whole-file requests not counted"
ok $? "r116-cksumall: 512 whole reads and their 512 EOF reads not counted"
v=$(col "$TMP/t.tsv" IOL-IO-TIME 5)
ok "$(awk -v v="$v" 'BEGIN { exit !(v > 99.9 && v <= 100.001) }' && echo 0 || echo 1)" "r116-cksumall: IO-TIME $v %, bounded by the run (main: 205 %)"
col "$TMP/t.tsv" IOL-IO-TIME 8 | grep -q "^slowest rank: 4.022 s in POSIX+STDIO of a 4.022 s run (POSIX+STDIO 8.249 s, shared records' slowest ranks summed: bounded by the run)"
ok $? "r116-cksumall: the detail says the sum and the bound"

# r62-couple4k (shared records, no overlap seen): 11.131 s in 6.482 s,
# bounded, IO-TIME a warning (labelled material; main: info at 49 %);
# r73-stepfile's threads are scaled by their wall time, not bounded too
$RUN triage --all --format tsv $TOP/t/data/triage-round62/r62-couple4k.darshan >"$TMP/t.tsv" 2>/dev/null
is "$(col "$TMP/t.tsv" IOL-IO-TIME 3)" warn "r62-couple4k: IO-TIME warn (main: info)"
col "$TMP/t.tsv" IOL-IO-TIME 8 | grep -q "^slowest rank: 6.482 s .*bounded by the run"
ok $? "r62-couple4k: bounded by the run"
$RUN triage --all --format tsv $TOP/t/data/triage-round73/r73-stepfile.darshan >"$TMP/t.tsv" 2>/dev/null
is "$(col "$TMP/t.tsv" IOL-IO-TIME 3)" warn "r73-stepfile: IO-TIME warn, its threads' wall time at stake"
col "$TMP/t.tsv" IOL-IO-TIME 8 | grep -q "bounded by the run"
is $? 1 "r73-stepfile: not bounded twice (the overlap scales it)"

# a 4 KiB stream has no EOF read and stays a finding
f=$TOP/t/data/triage-round16/r16-write4k.darshan
is "$(eof "$f")" 0 "r16-write4k: awk: no 0-B read"
$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "^65536 of 65536 POSIX operations under 1 MiB"
ok $? "r16-write4k: 65536 of 65536 counted"
done_testing
