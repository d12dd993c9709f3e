#!/bin/sh
# timeline --layer mpiio on a log without MPI-IO DXT draws the POSIX
# layer and says so (a note in text, a warning with machine formats,
# whose source column names the layer); a trace iolens trace wrote is
# named as such, not as strace's.
. "$(dirname "$0")/lib.sh"

cat > "$TMP/a.trace" << 'END'
# iolens-trace 1 (iolens 0.1.0, times UTC) of cat f
# started 2026-11-28 17:36:11 UTC
# tracer cost: 3 calls, 900 ns
100 17:36:11.250000000 openat(AT_FDCWD, "f", O_RDONLY) = 3 <0.000010000>
100 17:36:11.500000000 read(3, "ab", 2) = 2 <0.000010000>
100 17:36:12.750000000 close(3) = 0 <0.000010000>
END
sed 1,3d "$TMP/a.trace" > "$TMP/s.trace"
$RUN convert -o "$TMP/a.darshan" "$TMP/s.trace"
is $? 0 "a Darshan log with POSIX DXT only"

$RUN timeline --layer mpiio "$TMP/a.darshan" > "$TMP/out" 2> "$TMP/err"
is $? 0 "--layer mpiio without MPI-IO DXT: exit 0"
is "$(sed -n 2,3p "$TMP/out")" "timeline from DXT (POSIX layer)
note: --layer mpiio: no MPI-IO DXT in this log: the POSIX layer is used" \
	"text says the POSIX layer is used instead"
is "$(cat "$TMP/err")" "" "and nothing on stderr"
$RUN timeline --layer mpiio --format json "$TMP/a.darshan" > "$TMP/out" 2> "$TMP/err"
is $? 0 "json: exit 0"
grep -q '"source":"DXT_POSIX"' "$TMP/out"
ok $? "json: the source field names the layer used"
is "$(cat "$TMP/err")" "iolens timeline: warning: '$TMP/a.darshan': --layer mpiio: no MPI-IO DXT in this log: the POSIX layer is used" \
	"json: a warning on stderr"
$RUN timeline --layer posix "$TMP/a.darshan" > "$TMP/out" 2> "$TMP/err"
grep -q '^note:' "$TMP/out"
ok $((!$?)) "--layer posix, which the log has: no note"

# the iolens trace is named by its source
$RUN timeline "$TMP/a.trace" > "$TMP/out"
is "$(sed -n 2p "$TMP/out")" "timeline from the iolens trace" "text: from the iolens trace"
$RUN timeline --format csv "$TMP/a.trace" > "$TMP/out"
is "$(awk -F, 'NR == 2 { print $2 }' "$TMP/out")" "iolens-trace" "csv: source iolens-trace"
$RUN timeline "$TMP/s.trace" > "$TMP/out"
is "$(sed -n 2p "$TMP/out")" "timeline from the strace trace" "a plain strace trace: from the strace trace"
$RUN timeline --layer mpiio "$TMP/s.trace" > "$TMP/out"
is "$(sed -n 3p "$TMP/out")" "note: --layer mpiio: a trace has no MPI-IO layer: its system calls are used" \
	"--layer mpiio on a trace: says its calls are used"
done_testing
