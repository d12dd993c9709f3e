#!/bin/sh
# iolens diff: a log against itself changes nothing; two different logs
# give, row for row, the numbers summary, files and hist give for each
# (compared here as text, and the change and ratio recomputed), in the
# order the man page states; a Darshan log and an strace trace of the
# same program agree on the files both saw; every corpus log against the
# next gives valid JSON; bad input and usage errors exit 1 and 2.
. "$(dirname "$0")/lib.sh"

IOR=$SAMPLES/ior
A=$(ls "$IOR"/ior_posix_n1_t4m/*.darshan)
B=$(ls "$IOR"/ior_posix_n1_t4k/*.darshan)
STRACE=$IOR/strace_ior_posix_n1_t4m

# nonzero <tsv>: rows past the job section whose change is not 0 or
# whose ratio is not 1, and job rows whose A and B differ
nonzero() {
	awk -F'\t' 'NR > 1 && (($1 == "job" && $5 != $6) ||
		($1 != "job" && ($7 != "0" || $8 != "1")))' "$1" | wc -l
}

# ---- a log against itself ----
for f in "$A" "$STRACE" "$SAMPLES"/nonmpi/darshan/sqlite3_inserts/*.darshan; do
	$RUN diff --format tsv "$f" "$f" > "$TMP/self.tsv" 2> "$TMP/err"
	is "$?" 0 "self diff of ${f##*/} exits 0"
	rows=$(awk 'END { print NR - 1 }' "$TMP/self.tsv")
	test "$rows" -gt 50
	ok $? "self diff of ${f##*/} has rows ($rows)"
	is "$(nonzero "$TMP/self.tsv")" 0 \
		"self diff of ${f##*/}: change 0 and ratio 1 everywhere"
	$RUN diff --format csv --threshold 0 "$f" "$f" > "$TMP/self0.csv"
	is "$(cat "$TMP/self0.csv")" "section,key,metric,unit,a,b,change,ratio" \
		"self diff of ${f##*/} with --threshold 0: no rows"
done
$RUN diff "$A" "$A" > "$TMP/self.txt"
grep -q -- '^change = B - A, ratio = B / A$' "$TMP/self.txt" &&
	! grep -E '(^| )[+-][0-9]' "$TMP/self.txt" > /dev/null
ok $? "self diff as text: no signed change anywhere"

# ---- two different logs: the numbers of summary, files and hist ----
$RUN diff --format tsv "$A" "$B" > "$TMP/ab.tsv"
is "$?" 0 "diff of the 4 MiB and 4 KiB IOR runs exits 0"
$RUN summary --format tsv "$A" > "$TMP/sa.tsv"
$RUN summary --format tsv "$B" > "$TMP/sb.tsv"
# every summary row: a and b are summary's own columns, text for text
check_summary=$(awk -F'\t' '
	FILENAME == ARGV[1] { if (FNR == 1) for (i = 1; i <= NF; i++) ca[$i] = i
			      else for (i = 1; i <= NF; i++) va[i] = $i; next }
	FILENAME == ARGV[2] { if (FNR == 1) for (i = 1; i <= NF; i++) cb[$i] = i
			      else for (i = 1; i <= NF; i++) vb[i] = $i; next }
	$1 == "summary" {
		n++
		if (!($3 in ca)) { extra++; next }
		if ($5 != va[ca[$3]] || $6 != vb[cb[$3]]) {
			bad++; print $3 ": " $5 "/" $6 " vs " va[ca[$3]] "/" vb[cb[$3]] > "/dev/stderr"
		}
	}
	END { print n - extra, bad + 0 }' "$TMP/sa.tsv" "$TMP/sb.tsv" "$TMP/ab.tsv")
ncols=$(awk -F'\t' 'NR == 1 { print NF }' "$TMP/sa.tsv")
is "${check_summary#* }" 0 "summary rows: a and b are summary's values"
test "${check_summary% *}" -ge 40 && test "${check_summary% *}" -lt "$ncols"
ok $? "summary rows: ${check_summary% *} of summary's $ncols columns (numbers)"
# the ground truth of these runs (IOR's own figures): 256 MiB against 64
# MiB written through POSIX, in 4 x 64 MiB / 4 MiB = 64 writes against
# 4 x 16 MiB / 4 KiB = 16384
is "$(awk -F'\t' '$1 == "summary" && $3 == "posix_bytes_written" { print $5, $6, $7, $8 }' "$TMP/ab.tsv")" \
	"268435456 67108864 -201326592 0.25" "POSIX bytes written: 256 MiB to 64 MiB, ratio 0.25"
is "$(awk -F'\t' '$1 == "summary" && $3 == "posix_writes" { print $5, $6, $7, $8 }' "$TMP/ab.tsv")" \
	"64 16384 16320 256" "POSIX writes: 64 to 16384, ratio 256"
# change is b - a and ratio b / a on every numeric row
is "$(awk -F'\t' 'NR > 1 && $1 != "job" && $5 != "" && $6 != "" {
	c = $6 - $5; e = (c < 0 ? -c : c) * 1e-12 + 1e-15
	if ($7 - c > e || c - $7 > e) { print "change " $2 " " $3; next }
	if ($5 != 0 && $8 != "") { r = $6 / $5; if ($8 - r > 1e-9 * r || r - $8 > 1e-9 * r) print "ratio " $3 }
	if ($5 == 0 && $6 != 0 && $8 != "") print "ratio of 0 " $3
}' "$TMP/ab.tsv" | head -3)" "" "change = b - a and ratio = b / a on every row"
# summary rows by relative change, largest first
is "$(awk -F'\t' '$1 == "summary" {
	a = ($5 == "" ? 0 : $5); b = ($6 == "" ? 0 : $6)
	d = b - a; if (d < 0) d = -d
	m = (a < 0 ? -a : a); if ((b < 0 ? -b : b) > m) m = (b < 0 ? -b : b)
	r = ($7 == "" && ($5 == "" || $6 == "")) ? 1 : (m ? d / m : 0)
	if (seen && r > last + 1e-12) print "out of order: " $3
	last = r; seen = 1 }' "$TMP/ab.tsv" | head -1)" "" \
	"summary rows: largest relative change first"
# per-API rows: opens and metadata time per module, as iolens meta counts
$RUN meta --format tsv "$A" > "$TMP/ma.tsv"
$RUN meta --format tsv "$B" > "$TMP/mb.tsv"
is "$(awk -F'\t' '
	function near(x, y) { return (x - y <= 1e-12 * (y < 0 ? -y : y) + 1e-15) && (y - x <= 1e-12 * (y < 0 ? -y : y) + 1e-15) }
	FILENAME == ARGV[1] && $2 == "module" { ma[tolower($3) "_" $4] = $5; next }
	FILENAME == ARGV[2] && $2 == "module" { mb[tolower($3) "_" $4] = $5; next }
	FILENAME == ARGV[3] && $1 == "summary" && $3 ~ /^(posix|stdio)_(opens|meta_time)$/ {
		n++; if (!near($5, ma[$3]) || !near($6, mb[$3])) print "differs: " $3 }
	END { print n + 0 }' "$TMP/ma.tsv" "$TMP/mb.tsv" "$TMP/ab.tsv")" 4 \
	"per-API rows: POSIX and STDIO opens and metadata time of iolens meta"
# the files: iolens files --merge of each, by path
$RUN files --merge --format tsv "$A" > "$TMP/fa.tsv"
$RUN files --merge --format tsv "$B" > "$TMP/fb.tsv"
is "$(awk -F'\t' '
	FILENAME == ARGV[1] { if (FNR == 1) { for (i = 1; i <= NF; i++) h[$i] = i; next }
			      ra[$h["path"]] = $h["bytes_read"]; wa[$h["path"]] = $h["bytes_written"]; next }
	FILENAME == ARGV[2] { if (FNR == 1) next
			      rb[$h["path"]] = $h["bytes_read"]; wb[$h["path"]] = $h["bytes_written"]; next }
	$1 == "files" && $3 == "bytes_read" { n++; if ($5 != ra[$2] || $6 != rb[$2]) print "read " $2 }
	$1 == "files" && $3 == "bytes_written" { n++; if ($5 != wa[$2] || $6 != wb[$2]) print "written " $2 }
	END { print n + 0 }' "$TMP/fa.tsv" "$TMP/fb.tsv" "$TMP/ab.tsv")" 6 \
	"files rows: bytes of iolens files --merge (two test files, one in each, and stdout)"
# the file-per-file order: by change in bytes, largest first
is "$(awk -F'\t' '$1 == "files" && $3 ~ /^bytes_/ {
	d = $7 < 0 ? -$7 : $7; s[$2] += d; if (!($2 in o)) o[$2] = ++k; p[k] = $2 }
	END { for (i = 2; i <= k; i++) if (s[p[i]] > s[p[i - 1]]) print p[i] }' "$TMP/ab.tsv")" "" \
	"files: largest change in bytes first"
# the histograms: iolens hist of each
$RUN hist --format tsv "$A" > "$TMP/ha.tsv"
$RUN hist --format tsv "$B" > "$TMP/hb.tsv"
is "$(awk -F'\t' '
	FILENAME == ARGV[1] { if ($2 != "job" && $3 != "common") ha[$2 " " $3 "|" $4] = $7; next }
	FILENAME == ARGV[2] { if ($2 != "job" && $3 != "common") hb[$2 " " $3 "|" $4] = $7; next }
	$1 == "hist" { n++; k = $2 "|" $3; if ($5 != ha[k] || $6 != hb[k]) print "bin " k }
	END { print n + 0 }' "$TMP/ha.tsv" "$TMP/hb.tsv" "$TMP/ab.tsv")" 20 \
	"hist rows: the POSIX bins of iolens hist for both"
is "$(awk -F'\t' '$1 == "hist" && NR > 1 { print $2, $3, $5, $6, $7; exit }' "$TMP/ab.tsv")" \
	"POSIX read 1K-10K 0 16384 16384" "hist: the largest change first (4 KiB reads)"

# ---- --match-names, --top, --threshold, -o ----
$RUN diff --format tsv --match-names "$A" "$B" > "$TMP/mn.tsv"
is "$(awk -F'\t' '$1 == "files" && $3 ~ /^bytes_/ && $2 ~ /testfile/ { print $2, $3, $5, $6, $8 }' "$TMP/mn.tsv")" \
"/tmp/gen/data/ior_posix_n1_t4m/testfile -> /tmp/gen/data/ior_posix_n1_t4k/testfile bytes_read 268435456 67108864 0.25
/tmp/gen/data/ior_posix_n1_t4m/testfile -> /tmp/gen/data/ior_posix_n1_t4k/testfile bytes_written 268435456 67108864 0.25" \
	"--match-names: the two runs' test files compared as one"
$RUN diff --match-names "$A" "$B" | grep -q '2 in both (1 by name), 0 only in A, 0 only in B'
ok $? "--match-names as text: the files counted"
$RUN diff --format csv --top 1 "$SAMPLES"/nonmpi/darshan/dd_bigfile/*.darshan \
	"$SAMPLES"/nonmpi/darshan/sqlite3_inserts/*.darshan > "$TMP/top.csv"
is "$(awk -F, '$1 == "files" { print $2 }' "$TMP/top.csv" | sort -u | wc -l)" 1 \
	"--top 1: one file"
$RUN diff --top 1 "$SAMPLES"/nonmpi/darshan/dd_bigfile/*.darshan \
	"$SAMPLES"/nonmpi/darshan/sqlite3_inserts/*.darshan | grep -q 'more files past --top'
ok $? "--top 1 as text: the others counted"
$RUN diff --format csv --threshold 50 "$A" "$B" > "$TMP/t50.csv"
is "$(awk -F, 'NR > 1 && $1 != "job" && $5 != "" && $6 != "" {
	a = $5 < 0 ? -$5 : $5; b = $6 < 0 ? -$6 : $6; m = a > b ? a : b
	d = $7 < 0 ? -$7 : $7; if (m && d / m <= 0.5) print $3 }' "$TMP/t50.csv" | head -1)" "" \
	"--threshold 50: no row changed by 50 % or less"
$RUN diff -o "$TMP/out.json" --format json "$A" "$B"
python3 -m json.tool "$TMP/out.json" > /dev/null 2>&1
ok $? "-o writes valid JSON"

# ---- a Darshan log and an strace trace of the same program ----
RUNS=$SHARED/corpus/runs/nonmpi
if [ -d "$RUNS/darshan/dd_bigfile" ] && [ -d "$RUNS/strace/dd_bigfile" ]; then
	$RUN diff --format tsv "$RUNS"/darshan/dd_bigfile/*.darshan \
		"$(ls "$RUNS"/strace/dd_bigfile/trace.txt*)" > "$TMP/ds.tsv" 2> "$TMP/err"
	is "$?" 0 "dd: Darshan log against strace trace exits 0"
	is "$(awk -F'\t' '$1 == "files" && $3 ~ /^bytes_/ && $5 != "" && $6 != "" { print $2, $3, $5, $6, $7 }' "$TMP/ds.tsv" | sort)" \
"/tmp/gen/data/inputs/big.bin bytes_read 536870912 536870912 0
/tmp/gen/data/inputs/big.bin bytes_written 0 0 0
/tmp/gen/data/work/big.dd bytes_read 0 0 0
/tmp/gen/data/work/big.dd bytes_written 536870912 536870912 0" \
		"dd: the two data files match by path, bytes equal"
	is "$(awk -F'\t' '$1 == "summary" && $3 ~ /^(posix_bytes_written|posix_writes)$/ { print $3, $7 }' "$TMP/ds.tsv")" \
		"posix_bytes_written 0
posix_writes 0" "dd: the same bytes written in as many writes"
	# the trace read more: exactly the files Darshan leaves out
	is "$(awk -F'\t' '$1 == "summary" && $3 == "bytes_read" { print $7 }
		$1 == "files" && $3 == "bytes_read" && $5 == "" { s += $6 }
		END { print s + 0 }' "$TMP/ds.tsv" | tr '\n' ' ')" "5396 5396 " \
		"dd: bytes read change = bytes of the files only in the trace"
	# files only in the trace are the system files Darshan leaves out
	is "$(awk -F'\t' '$1 == "files" && $5 == "" && $3 == "io_time" { print $2 }' "$TMP/ds.tsv" |
		grep -cv -E '^/(usr|lib|etc)/')" 0 "dd: files only in the trace are system files"
	$RUN diff --format tsv "$RUNS"/darshan/sqlite3_inserts/*.darshan \
		"$(ls "$RUNS"/strace/sqlite3_inserts/trace.txt*)" > "$TMP/sq.tsv"
	is "$(awk -F'\t' '$1 == "files" && $2 == "/tmp/gen/data/work/test.db" && $3 ~ /^bytes_/ { print $3, $5, $6 }' "$TMP/sq.tsv")" \
"bytes_read 24150848 24150848
bytes_written 13811712 13811712" "sqlite3: test.db the same bytes in both"
	# cp copies in the kernel: Darshan sees no byte, the trace its
	# copy_file_range of 512 MiB
	$RUN diff --format tsv "$RUNS"/darshan/cp_bigfile/*.darshan \
		"$(ls "$RUNS"/strace/cp_bigfile/trace.txt*)" > "$TMP/cp.tsv"
	is "$(awk -F'\t' '$1 == "files" && $2 == "/tmp/gen/data/work/big.copy" && $3 == "bytes_written" { print $5, $6 }' "$TMP/cp.tsv")" \
		"0 536870912" "cp: the copy written, seen by the trace only"
else
	skip "no Darshan and strace runs in ../shared" 7
fi

# ---- every corpus log against the next ----
LOGS=$SHARED/corpus/darshan-logs
if [ -d "$LOGS" ]; then
	bad=0 n=0 prev=
	mkdir "$TMP/cj"
	for f in "$LOGS"/*/*.darshan; do
		if [ -n "$prev" ]; then
			n=$((n + 1))
			if ! $RUN diff --format json "$prev" "$f" > "$TMP/cj/$n.json" 2> "$TMP/c.err"; then
				bad=$((bad + 1))
				diag "failed: ${prev##*/} ${f##*/}: $(head -1 "$TMP/c.err")"
			fi
		fi
		prev=$f
	done
	json_bad "$TMP"/cj/*.json >"$TMP/cbad"
	sed 's/^/# not JSON: /' "$TMP/cbad"
	bad=$((bad + $(wc -l <"$TMP/cbad")))
	test "$n" -gt 50
	ok $? "corpus: $n pairs of neighbouring logs"
	is "$bad" 0 "corpus: every pair exits 0 with valid JSON"
else
	skip "no corpus in ../shared" 2
fi

# ---- the fuzz crashers of the readers, against a good log ----
bad=
mkdir "$TMP/fz"
for f in "$TOP"/t/fuzz-regress/darshan/* "$TOP"/t/fuzz-regress/strace/*; do
	[ -f "$f" ] || continue
	$RUN diff --format json "$A" "$f" > "$TMP/fz/${f##*/}" 2> "$TMP/fz.err"
	rc=$?
	if [ $rc -gt 1 ] || grep -Eq 'Sanitizer|runtime error' "$TMP/fz.err" ||
		{ [ $rc = 1 ] && [ "$(wc -l < "$TMP/fz.err")" != 1 ]; }; then
		bad="$bad ${f##*/}:$rc"
	fi
	[ $rc = 0 ] || rm -f "$TMP/fz/${f##*/}"
done
# those that exit 0 print valid JSON
[ -z "$(ls "$TMP/fz")" ] ||
for f in $(json_bad "$TMP"/fz/* 2>/dev/null | sed 's/: .*//'); do
	bad="$bad ${f##*/}:0"
done
is "$bad" "" "fuzz crashers: exit 0 with valid JSON or 1 with one line"

# ---- bad input and usage ----
$RUN diff "$A" "$TMP/nonexistent" > "$TMP/o" 2> "$TMP/e"
is "$?" 1 "a missing log exits 1"
is "$(cat "$TMP/e")" "iolens diff: cannot open '$TMP/nonexistent': No such file or directory" \
	"a missing log: one line"
printf 'not a log\n' > "$TMP/junk"
$RUN diff "$TMP/junk" "$A" > "$TMP/o" 2> "$TMP/e"
is "$?" 1 "a file that is no log exits 1"
# cut in its header: nothing intact (a log cut in its last regions is
# read without them, t/8002)
head -c 1000 "$A" > "$TMP/trunc.darshan"
$RUN diff -o "$TMP/never" "$A" "$TMP/trunc.darshan" > "$TMP/o" 2> "$TMP/e"
is "$?" 1 "a log cut in its header exits 1"
test ! -e "$TMP/never"
ok $? "a failed diff writes no -o file"
$RUN diff "$A" "$SAMPLES/ior" > "$TMP/o" 2> "$TMP/e"
is "$?" 1 "a directory of several jobs exits 1"
grep -q "holds [0-9]* jobs" "$TMP/e"
ok $? "a directory of several jobs: said so"
$RUN diff "$A" > "$TMP/o" 2> "$TMP/e"
is "$?" 2 "one log exits 2"
$RUN diff "$A" "$A" "$A" > "$TMP/o" 2> "$TMP/e"
is "$?" 2 "three logs exit 2"
$RUN diff --top -3 "$A" "$A" > "$TMP/o" 2> "$TMP/e"
is "$?" 2 "a bad --top exits 2"
$RUN diff --threshold x "$A" "$A" > "$TMP/o" 2> "$TMP/e"
is "$?" 2 "a bad --threshold exits 2"

done_testing
