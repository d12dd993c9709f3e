#!/bin/sh
# IOL-STDIO-SHARE told by IOL-SMALL-FILES when STDIO's time is spent in
# the storm's files (issue 34, round 76).  r76-obs-slow: 8 ranks read
# 3000 station files with fgets from cold, throttled storage, 12 calls
# and about 830 B an open, 5.3 s a rank; labelled SMALL-FILES material,
# STDIO-SHARE trivial (its bundled twin reads the same lines through the
# same calls in 0.21-0.44 s).  STDIO-SHARE is info "same cause as
# IOL-SMALL-FILES" in the first run and both reruns, SMALL-FILES still
# warns.  The same program on the local disk (obs-files: an open's time
# far under stdio_wait_us) is left as it was; STDIO-SHARE labelled
# material keeps warning: flushed rank files (r59-rankfiles-flush), a
# parse a call (r11-fscanf-50m), bulk STDIO time (imbalanced-io, from
# ../shared).  Truths by awk over `iolens parse`.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
truth() { # log: STDIO opens, reads, flushes, bytes an open
	$RUN parse "$1" 2>/dev/null | awk -F'\t' '$1 == "STDIO" {
		if ($4 == "STDIO_OPENS") o += $5; if ($4 == "STDIO_READS") r += $5
		if ($4 == "STDIO_FLUSHES") f += $5
		if ($4 ~ /^STDIO_BYTES_(READ|WRITTEN)$/) b += $5 }
		END { printf "%d %d %d %d\n", o, r, f, o ? b / o : 0 }'
}
row() { # log code: the code's state and detail
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' -v k="$2" '$2 == k { print $3 "\t" $8 }'
}
state() { row "$1" "$2" | cut -f1; }

is "$(truth "$D/triage-round76/r76-obs-slow.darshan")" "3016 36000 0 832" \
	"obs-slow: awk: 3016 STDIO opens, 36000 reads (12 an open), no flush, 832 B an open"
for r in "$D/triage-round76/r76-obs-slow.darshan" \
	"$D"/triage-round76/reruns/r76-labels76-ab[12]-obs-slow.darshan; do
	b=$(basename "$r")
	is "$(state "$r" IOL-STDIO-SHARE)" info "$b: STDIO-SHARE info (labelled trivial; main: warn)"
	row "$r" IOL-STDIO-SHARE | grep -q "same cause as IOL-SMALL-FILES: .*told by IOL-SMALL-FILES; not two problems"
	ok $? "$b: STDIO-SHARE's detail names SMALL-FILES as the cause"
	is "$(state "$r" IOL-SMALL-FILES)" warn "$b: SMALL-FILES warns (labelled material)"
done
f=$D/triage-round76/r76-obs-files.darshan
row "$f" IOL-STDIO-SHARE | grep -q "told by"
ok "$([ $? -ne 0 ]; echo $?)" "obs-files (local disk): STDIO-SHARE not told by the storm"
for f in "$D/triage-round59/r59-rankfiles-flush.darshan" \
	"$D/triage-round11/r11-fscanf-50m.darshan"; do
	is "$(state "$f" IOL-STDIO-SHARE)" warn "$(basename "$f"): STDIO-SHARE warns (labelled material)"
done
f=$SHARED/corpus/darshan-logs/imbalanced-io/imbalanced-io.darshan
if [ -f "$f" ]; then
	is "$(state "$f" IOL-STDIO-SHARE)" warn "imbalanced-io: STDIO-SHARE warns (labelled material)"
else
	skip "../shared is not present (imbalanced-io)" 1
fi
done_testing
