#!/bin/sh
# What the report says, read back from the PDF: shared files' balance as
# standard deviations against darshan-parser's own counters, files left
# out of the rankings said, sentences that read well for every source,
# no mostly empty sheet, legends of present modules only, non-UTF-8 file
# names drawn without warnings.
. "$(dirname "$0")/lib.sh"
for tool in pdftotext pdfinfo; do
	command -v $tool > /dev/null || skip_all "$tool (poppler-utils) is not installed"
done
cd "$TOP" || exit 1
N1=sample-logs/ior/ior_posix_n1_t4m/root_ior_id12611-12611_11-21-79789-814826986434855799_1
TR=sample-logs/ior/strace_ior_posix_n1_t4m

# a csv column by name
col() {
	awk -F, -v want="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == want) c = i; next } { print $c }'
}
# darshan-parser's value of a counter of the shared record of a module
ref() {
	awk -F'\t' -v m="$1" -v k="$2" '$1 == m && $2 == -1 && $4 == k { print $5; exit }' "$3"
}
# per sheet: how far down the lowest word above the footer reaches
fill() {
	pdftotext -bbox "$1" - | awk '
	/<page / { if (n) printf "%.2f\n", m / h; n++; m = 0
		match($0, /height="[0-9.]+"/); h = substr($0, RSTART + 8, RLENGTH - 9) }
	/<word / { match($0, /yMax="[0-9.]+"/); y = substr($0, RSTART + 6, RLENGTH - 7) + 0
		if (y < h - 40 && y > m) m = y }
	END { if (n) printf "%.2f\n", m / h }'
}

# 1. shared files: every one, with rank, bytes and sigma, as Darshan kept them
$RUN files --shared --format csv "$N1.darshan" > "$TMP/sh.csv"
is "$(col module < "$TMP/sh.csv" | tr '\n' ' ')" "POSIX STDIO " \
	"files --shared lists the shared POSIX file and the shared STDIO stream"
for m in POSIX STDIO; do
	row=$(awk -F, -v m=$m '$3 == m' "$TMP/sh.csv")
	got=$(printf '%s\n%s\n' "$(head -1 "$TMP/sh.csv")" "$row" | col fastest_rank)
	got="$got $(printf '%s\n%s\n' "$(head -1 "$TMP/sh.csv")" "$row" | col fastest_bytes)"
	got="$got $(printf '%s\n%s\n' "$(head -1 "$TMP/sh.csv")" "$row" | col slowest_rank)"
	got="$got $(printf '%s\n%s\n' "$(head -1 "$TMP/sh.csv")" "$row" | col slowest_bytes)"
	sd=$(printf '%s\n%s\n' "$(head -1 "$TMP/sh.csv")" "$row" | col time_sd)
	got="$got $(awk -v s="$sd" 'BEGIN { printf "%.6f", s * s }')"
	want=""
	for k in FASTEST_RANK FASTEST_RANK_BYTES SLOWEST_RANK SLOWEST_RANK_BYTES F_VARIANCE_RANK_TIME; do
		want="$want $(ref $m ${m}_$k "$N1.parser.txt")"
	done
	is "$got" "${want# }" "$m: fastest and slowest rank, their bytes, time_sd squared = darshan-parser's variance"
done

if [ -d "$SHARED/corpus/darshan-logs/imbalanced-io" ]; then
	IMB=$SHARED/corpus/darshan-logs/imbalanced-io/imbalanced-io.darshan
	# the log is incomplete: darshan-parser shows its records only with
	# --show-incomplete
	P=$TMP/imb.parser
	zcat_any "$SHARED/corpus/darshan-logs/imbalanced-io/parser_base_show_incomplete.out.xz" > "$P"
	$RUN report -o "$TMP/imb.pdf" "$IMB" 2> /dev/null
	pdftotext -layout "$TMP/imb.pdf" "$TMP/imb.txt"
	sd=$(awk -v v="$(ref POSIX POSIX_F_VARIANCE_RANK_TIME "$P")" 'BEGIN { printf "%.2f", sqrt(v) }')
	grep -q "σ time" "$TMP/imb.txt" && grep -q " $sd s " "$TMP/imb.txt"
	ok $? "imbalanced-io: the report shows sigma of time, $sd s = sqrt(darshan-parser's variance)"
	! grep -q "variance of time" "$TMP/imb.txt"
	ok $? "and no variance in s^2"
	grep -A3 "σ time" "$TMP/imb.txt" | grep -q "2.0 KiB.*98.6 GiB"
	ok $? "with the fastest rank's 2.0 KiB against the slowest rank's 98.6 GiB"
	low=$(fill "$TMP/imb.pdf" | sed '$d' | sort -n | head -1)
	awk -v l="$low" 'BEGIN { exit !(l >= 0.5) }'
	ok $? "imbalanced-io: every sheet but the last at least half full (lowest $low)"
else
	echo "# ../shared is not present: imbalanced-io checks skipped"
fi

# 2. top files: interpreter and library files left out, and said
$RUN report -o "$TMP/tr.pdf" "$TR" 2> "$TMP/err"
is "$? $(cat "$TMP/err")" "0 " "report of a strace trace: exit 0, nothing on stderr"
pdftotext -layout "$TMP/tr.pdf" "$TMP/tr.txt"
sed -n '/^Top files by bytes moved/,/excluded/p' "$TMP/tr.txt" > "$TMP/top.txt"
grep -v ' excluded (' "$TMP/top.txt" | grep -qE '\.so|/proc/|/etc/|/usr/'
[ $? -eq 1 ]
ok $? "top files of a strace trace: no .so, /proc, /etc or /usr"
grep -qE '^ *[0-9]+ files excluded \(' "$TMP/top.txt"
ok $? "and the count of files left out, with the patterns: $(grep excluded "$TMP/top.txt" | head -c 60)"
$RUN report --no-default-excludes -o "$TMP/tr2.pdf" "$TR"
pdftotext -layout "$TMP/tr2.pdf" - | sed -n '/^Top files by bytes moved/,/^First/p' | grep -q '/proc/cpuinfo'
ok $? "--no-default-excludes ranks them again"
$RUN report --exclude testfile -o "$TMP/tr3.pdf" "$TR"
pdftotext -layout "$TMP/tr3.pdf" - | sed -n '/^Top files by bytes moved/,/^First/p' > "$TMP/top3.txt"
! grep -q '/testfile ' "$TMP/top3.txt" && grep -q 'testfile 1' "$TMP/top3.txt"
ok $? "--exclude adds a pattern, counted by name"
$RUN summary "$TR" > "$TMP/s.txt"
grep -q '^[0-9]* files excluded from the top files' "$TMP/s.txt" &&
	! sed -n '/^Top files/,$p' "$TMP/s.txt" | grep -qE '/proc/|\.so'
ok $? "summary's top files leave them out too, and say so"
$RUN files --default-excludes "$TR" > "$TMP/f.txt"
n_all=$($RUN files --format csv "$TR" | sed 1d | wc -l)
n_kept=$($RUN files --format csv --default-excludes "$TR" | sed 1d | wc -l)
n_said=$(sed -n 's/^\([0-9]*\) files excluded.*/\1/p' "$TMP/f.txt")
is "$n_said" "$((n_all - n_kept))" "files --default-excludes says how many rows it dropped ($n_all - $n_kept)"
$RUN report --help | grep -q 'site|dist'
ok $? "report --help lists the default patterns"

# 3. sentences that read well with every source
for log in "$TR" "$N1.darshan" sample-logs/nonmpi/darshan/dd_bigfile/*.darshan; do
	$RUN report -o "$TMP/s.pdf" "$log" 2> /dev/null
	pdftotext "$TMP/s.pdf" - | tr '\n' ' ' > "$TMP/s.txt"
	! grep -qiE 'from unknown|strategy no I/O' "$TMP/s.txt"
	ok $? "$(basename "$log"): no 'nodes from unknown' or 'strategy no I/O' fragment"
done
if [ -f "$SHARED/corpus/darshan-logs/empty_log/empty_log.darshan" ]; then
	$RUN report -o "$TMP/e.pdf" "$SHARED/corpus/darshan-logs/empty_log/empty_log.darshan"
	pdftotext "$TMP/e.pdf" - | tr '\n' ' ' | grep -q 'No data was read or written through POSIX or STDIO'
	ok $? "empty log: says no data moved, not '0 B read ... in 0 s by the slowest rank'"
fi

# 4. no mostly empty sheet; legends of present modules only
$RUN report -o "$TMP/n1.pdf" "$N1.darshan"
pages=$(pdfinfo "$TMP/n1.pdf" | awk '/^Pages:/ { print $2 }')
# 4 sheets of panels flowed, one more since the triage findings came in
[ "$pages" -le 5 ]
ok $? "IOR N-1 report on $pages sheets (sections flow)"
low=$(fill "$TMP/n1.pdf" | sed '$d' | sort -n | head -1)
awk -v l="$low" 'BEGIN { exit !(l >= 0.5) }'
ok $? "every sheet but the last at least half full (lowest $low)"
# the operation counts panel only: the triage advice may name MPI-IO
pdftotext -f 1 -l 2 "$TMP/n1.pdf" - |
	sed -n '/Operation counts per interface/,/Findings of iolens triage/p' | grep -q 'MPI-IO'
is $? 1 "a log without MPI-IO names no MPI-IO in the operation counts' legend"

# 5. non-UTF-8 file names
if command -v strace > /dev/null && strace -o /dev/null true 2> /dev/null; then
	mkdir "$TMP/nu"
	(cd "$TMP/nu" && strace -f -tt -T -o trace.txt sh -c \
		'printf hello > "$(printf "bad\377name")"; cat "$(printf "bad\377name")" > /dev/null')
	$RUN report -o "$TMP/nu.pdf" "$TMP/nu/trace.txt" 2> "$TMP/err"
	is "$? $(cat "$TMP/err")" "0 " "a trace with a file named with byte 0xff: report exit 0, stderr empty"
	pdftotext "$TMP/nu.pdf" - | grep -q "bad$(printf '\357\277\275')name"
	ok $? "the name drawn with U+FFFD for the byte"
	$RUN report -o "$TMP/nu2.pdf" "$TMP/nu/trace.txt"
	cmp -s "$TMP/nu.pdf" "$TMP/nu2.pdf"
	ok $? "and the same bytes twice"
else
	echo "# strace cannot trace here: non-UTF-8 checks skipped"
fi
done_testing
