#!/bin/sh
# IOL-SMALL-REQ's stake is what larger requests would save, and larger
# requests read the span sparse reads lie in (issue 34, round 11): the
# stake of a record's small reads whose bytes are at most half their
# span (highest byte read + 1) is their time less the span at
# read_rate_mibs (256 MiB/s), zero when negative.  main staked the whole
# read time: r11-rand-pread and its two reruns (20000 random 2 KiB
# reads, 3.8 % of a 1 GiB span, 2.24-2.40 s) warned SMALL-REQ and
# IO-TIME, labelled trivial (the GiB takes longer than the reads; the
# sorted twin was not faster).  Round 4's rand-read (40000 random 4 KiB
# reads, 30 % of 512 MiB, 2.5 s; labelled material) keeps its 0.52 s
# beyond the span's 2 s, a 4 KiB pattern.  The truth is awk's over
# `iolens parse`: POSIX reads, bytes read, highest byte read, read time.
# Our own cases, traces made by t/data/triage-trace-gen.awk and
# `iolens convert`: 4000 random 4 KiB reads over 4 GiB (sparse, 2 s:
# info) and over 16 MiB (dense, 2 s: warn).  Since triage44 (issue 34,
# reruns) reads in no order (under nine in ten sequential) keep their
# span at that pace too, dense or not: the dense case's 16 MiB, 0.06 s.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
# log (one file, small requests only): the stake by awk, the read and
# write time less, for sparse reads (bytes <= span / 2) or reads in no
# order (sequential < reads - reads / 10), the span at 256 MiB/s (no
# more than the read time); and the density
truth() {
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '$1 == "POSIX" {
		if ($4 == "POSIX_BYTES_READ") b += $5
		if ($4 == "POSIX_MAX_BYTE_READ") e += $5 + 1
		if ($4 == "POSIX_F_READ_TIME") r += $5
		if ($4 == "POSIX_F_WRITE_TIME") w += $5
		if ($4 == "POSIX_READS") n += $5
		if ($4 == "POSIX_SEQ_READS") q += $5 }
		END { k = 0; if (b <= e / 2 || (n >= 2 && q < n - int(n / 10))) {
			k = e / 1048576 / 256; if (k > r) k = r }
		      printf "%.3f %.3f\n", r + w - k, (e > 0 ? b / e : 0) }'
}
tri() { $RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null; }
sev() { echo "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3) $(col "$TMP/t.tsv" IOL-IO-TIME 3)"; }
stake() { printf '%.3f' "$(col "$TMP/t.tsv" IOL-SMALL-REQ 10)"; }

D=$TOP/t/data
for b in r11-rand-pread r11-rand-pread-2 r11-rand-pread-3; do
	L=$D/triage-round11/$b.darshan
	set -- $(truth "$L")
	tri "$L"
	is "$(sev) $(stake)" "info info $1" "$b: SMALL-REQ and IO-TIME info, stake $1 s (awk: density $2; main: warn warn)"
done
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -q "reads over a 1024 MiB span ([0-9.]* s at 256 MiB/s not saved"
ok $? "... the detail says the span is not saved"

# labelled material: random 4 KiB reads over 512 MiB keep the time beyond the span's
L=$D/triage-round4/r4-rand-read.darshan
set -- $(truth "$L")
tri "$L"
is "$(sev) $(stake)" "warn warn $1" "r4-rand-read: SMALL-REQ and IO-TIME warn, stake $1 s (awk: density $2)"

# our own: the same 4000 random 4 KiB reads, over 4 GiB and over 16 MiB
G=$TOP/t/data/triage-trace-gen.awk
awk -f "$G" s.dat:rand:4000:4096:4294967296:0.0005 >"$TMP/sparse.trace"
awk -f "$G" d.dat:rand:4000:4096:16777216:0.0005 >"$TMP/dense.trace"
for c in sparse:info dense:warn; do
	k=${c%%:*}
	$RUN convert -o "$TMP/$k.darshan" "$TMP/$k.trace" 2>/dev/null
	set -- $(truth "$TMP/$k.darshan")
	tri "$TMP/$k.darshan"
	is "$(col "$TMP/t.tsv" IOL-SMALL-REQ 3) $(stake)" "${c##*:} $1" "own $k: SMALL-REQ ${c##*:}, stake $1 s (awk: density $2)"
done
done_testing
