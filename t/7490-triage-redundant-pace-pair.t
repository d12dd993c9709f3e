#!/bin/sh
# IOL-REDUNDANT on a crafted rerun pair (issue 34: the same verdict for
# the same job).  One rank writes a 16 MiB file once, then in 6 passes
# reads it all again and rewrites its first half, in one open: 96 MiB
# re-read, 32 MiB rewritten in both runs.  Run a reads at 0.4 ms and
# writes at 0.2 ms a 64 KiB call, run b the other way round (as the load
# moves one pace or the other): 0.61 s of re-reads against 0.10 s of
# rewrites, then 0.15 against 0.41.  Judged by which part took longer,
# a's re-reads were structural (warn, 9.3 % of an 8 s run) and b's were
# not (info, under min_stake_s); judged by bytes both warn, with one
# verdict.  Run c really is another job: each pass reads a quarter and
# rewrites the whole file (24 MiB re-read, 92 MiB rewritten), at a's
# paces: the rewrites lead, judged by the floors, info.  Converted from
# strace text; no timing of this machine is measured.
. "$(dirname "$0")/lib.sh"

# state_trace OUT READ_S WRITE_S READS WRITES: each pass READS 64 KiB
# preads and WRITES 64 KiB pwrites from the file's start, 3 ms apart
state_trace() {
	awk -v rd="$2" -v wr="$3" -v rn="$4" -v wn="$5" '
	function ts(t) { return sprintf("12:00:%02d.%06d", int(t), (t - int(t)) * 1e6 + 0.5) }
	function call(name, i, s) {
		printf "%d %s %s(3, \"x\"..., 65536, %d) = 65536 <%.6f>\n", 6000, ts(t), name, i * 65536, s
		t += 0.003
	}
	BEGIN {
		t = 0
		printf "6000 %s openat(AT_FDCWD, \"/data/state.bin\", O_RDWR|O_CREAT, 0644) = 3 <0.000100>\n", ts(t)
		t += 0.003
		for (i = 0; i < 256; i++)
			call("pwrite64", i, wr)
		for (p = 0; p < 6; p++) {
			for (i = 0; i < rn; i++)
				call("pread64", i, rd)
			for (i = 0; i < wn; i++)
				call("pwrite64", i, wr)
		}
		printf "6000 %s close(3) = 0 <0.000010>\n", ts(t)
	}' >"$1"
}
verdict() {
	awk -F'\t' '$3 == "warn" || $3 == "high" { print $2 }' "$1" | sort | tr '\n' ' '
}

for run in a:0.0004:0.0002:256:128 b:0.0001:0.0008:256:128 c:0.0004:0.0002:64:256; do
	IFS=: read -r d rs ws rn wn <<EOR
$run
EOR
	state_trace "$TMP/$d.txt" "$rs" "$ws" "$rn" "$wn"
	$RUN convert -o "$TMP/$d.darshan" "$TMP/$d.txt" 2>"$TMP/err"
	is $? 0 "run $d: convert"
	$RUN triage --all --format tsv "$TMP/$d.darshan" >"$TMP/$d.tsv" 2>"$TMP/err"
	is $? 0 "run $d: triage"
done
re() {
	awk -F'\t' '$2 == "IOL-REDUNDANT" { print $3 }' "$TMP/$1.tsv"
}
is "$(re a)" warn "run a: re-reads lead, structural: REDUNDANT warns"
is "$(re b)" warn "run b: the same bytes, the writes slower: REDUNDANT still warns"
grep -q 'IOL-REDUNDANT.*about 100663296 B of data re-read (0\.154 s.*33554432 B rewritten (0\.410 s' "$TMP/b.tsv"
ok $? "run b: the rewrites took longer (0.41 s against 0.154 s of re-reads)"
is "$(verdict "$TMP/a.tsv")" "$(verdict "$TMP/b.tsv")" "runs a and b: one verdict ($(verdict "$TMP/a.tsv"))"
is "$(re c)" info "run c: the rewrites lead by bytes: judged by the floors, info"
ok "$([ "$(verdict "$TMP/a.tsv")" != "$(verdict "$TMP/c.tsv")" ]; echo $?)" \
	"run c, another job, gets another verdict ($(verdict "$TMP/c.tsv"))"
done_testing
