#!/bin/sh
# A scratch cycle's reopens are no redundant rewriting (issue 34, round
# 69).  r69-scratch-many: 8 ranks each re-create 40 scratch files
# (O_TRUNC) and read each back once, 20 iterations: every pass writes
# new data, read back before the next pass overwrites it: POSIX's
# BYTES_READ equals its BYTES_WRITTEN.  IOL-REDUNDANT staked the 94 MB
# "rewritten" with 4.57 s of reopens, the open/close time IOL-META-BOUND
# tells (labelled false).  Leaving them out, REDUNDANT is below the
# impact floor in the first run and all four reruns, META-BOUND still
# warns (high).  r46-scratch-files (40 files of one name, each unlinked
# and re-created, read back: labelled false) likewise.  A file rewritten
# pass after pass and never read keeps its reopens (r7-config-rewrite:
# REDUNDANT material, same root cause as META-BOUND), and so does a
# cycle whose metadata no code tells (r65-verify: checkpoints read back
# to compare, META-BOUND no finding; REDUNDANT material).  Truths by awk
# over `iolens parse`.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
truth() { # log: POSIX opens, bytes read, bytes written
	$RUN parse "$1" 2>/dev/null | awk '
		$4 == "POSIX_OPENS" { o += $5 } $4 == "POSIX_BYTES_READ" { r += $5 }
		$4 == "POSIX_BYTES_WRITTEN" { w += $5 }
		END { printf "%d %d %d\n", o, r, w }'
}
row() { # log code: the code's state and detail
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' -v k="$2" '$2 == k { print $3 "\t" $8 }'
}
state() { row "$1" "$2" | cut -f1; }

# 8 ranks x 40 files x 20 iterations x 16 KiB, a write open and a read open each
is "$(truth "$D/triage-round69/r69-scratch-many.darshan")" \
	"12800 104857600 104857600" \
	"scratch-many: awk: 12800 opens, 104857600 B read and written"
for r in "$D/triage-round69/r69-scratch-many.darshan" \
	"$D"/triage-round69/reruns/r69-labels69-ab*-scratch-many.darshan \
	"$D/triage-round46/r46-scratch-files.darshan"; do
	b=$(basename "$r")
	is "$(state "$r" IOL-REDUNDANT)" info "$b: REDUNDANT below the floor (labelled false; main: warn)"
	row "$r" IOL-REDUNDANT | grep -q "a scratch cycle ([0-9]* B read back of [0-9]* B written, each pass its own open): the reopens' [0-9.]* s serve new data, IOL-META-BOUND's metadata"
	ok $? "$b: REDUNDANT's detail says whose the reopens' time is"
	is "$(state "$r" IOL-META-BOUND)" high "$b: META-BOUND still high"
done
for f in "$D/triage-round7/r7-config-rewrite.darshan" \
	"$D/triage-round65/r65-verify.darshan"; do
	b=$(basename "$f")
	is "$(state "$f" IOL-REDUNDANT)" warn "$b: REDUNDANT warns (labelled material)"
	row "$f" IOL-REDUNDANT | grep -q "a scratch cycle"
	ok "$([ $? -ne 0 ]; echo $?)" "$b: no scratch cycle told"
done
done_testing
