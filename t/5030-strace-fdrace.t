#!/bin/sh
# A descriptor number passed between threads, every way strace -f can
# show it: t/unit/fdgen.c walks every interleaving of the threads' calls
# (each call begins, takes effect, returns: a close frees its number and
# an open takes the lowest free one somewhere between its two lines) and
# writes each distinct trace as a case with files of its own, and the
# truth per file.  Two threads racing a close and an open for 3; three
# threads where 3 is freed, taken, freed and taken again while the first
# close is still unfinished.  Each call must count on its own file
# (opens, reads, writes, and the opens' and closes' time, which says
# whose calls they were), and replay-script must keep every call.  With
# -T durations that agree with the lines' times ("exact"), with
# durations of 1 us ("short"), as strace prints them under load, and as
# iolens trace writes them ("whole": each call one line, in the order the
# calls began, exact times: the reader orders their begins and ends).
. "$(dirname "$0")/lib.sh"

GEN=$TOP/t/unit/fdgen
[ -x "$GEN" ] || skip_all "t/unit/fdgen is not built"

# cases FILES-CSV TRUTH: the cases whose files the CSV does not show as
# the truth says ("path opens reads writes meta_us", meta_us "-" when the
# durations are not the truth's), the first few of them into $TMP/bad
cases() {
	awk -F, 'NR > 1 { printf "%s %d %d %d %.0f\n", $2, $10, $8, $9, $16 * 1e6 }' "$1" |
		sort > "$TMP/got"
	grep '^c' "$2" | sort > "$TMP/want"
	if grep -q ' -$' "$TMP/want"; then
		for f in got want; do
			cut -d' ' -f1-4 "$TMP/$f" > "$TMP/$f.4" && mv "$TMP/$f.4" "$TMP/$f"
		done
	fi
	diff "$TMP/want" "$TMP/got" > "$TMP/diff"
	sed -n 's/^[<>] c\([0-9]*\)[a-z] .*/\1/p' "$TMP/diff" | sort -nu > "$TMP/bad"
	wc -l < "$TMP/bad" | tr -d ' '
}

for v in exact short whole; do
	"$GEN" $v "$TMP/$v.trace" "$TMP/$v.truth" 2> /dev/null
	ok $? "$v: fdgen wrote the cases"
	is "$(tail -1 "$TMP/$v.truth")" "calls 72826 cases 10618" \
		"$v: 1500 cases of two threads and 9118 of three, 72826 calls"
	n=$(sed -n 's/.* cases //p' "$TMP/$v.truth")
	$RUN files --format csv "$TMP/$v.trace" > "$TMP/$v.csv" 2> "$TMP/err"
	ok $? "$v: iolens files reads them"
	is "$(cases "$TMP/$v.csv" "$TMP/$v.truth")" "0" \
		"$v: of $n cases, none has a call lost or on another file"
	if [ -s "$TMP/bad" ]; then
		diag "cases: $(head -5 "$TMP/bad" | tr '\n' ' ')"
		head -6 "$TMP/diff" | sed 's/^/# /'
	fi
	$RUN replay-script --overhead 0 -o "$TMP/$v.script" "$TMP/$v.trace" > "$TMP/$v.rs" 2> "$TMP/err"
	ok $? "$v: replay-script reads them"
	is "$(sed -n 's/.*, \([0-9]*\) calls kept.*/\1/p' "$TMP/$v.rs")" \
		"$(sed -n 's/^calls \([0-9]*\) .*/\1/p' "$TMP/$v.truth")" \
		"$v: replay-script keeps every call"
done

done_testing
