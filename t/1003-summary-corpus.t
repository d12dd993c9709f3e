#!/bin/sh
# summary's per-module bytes and time by slowest equal darshan-parser
# --perf (the reference outputs in ../shared) for every corpus log, and
# every analysis command runs cleanly on every corpus log in every format.
. "$(dirname "$0")/lib.sh"
need_shared
CORPUS=$SHARED/corpus/darshan-logs
checked=0
for dir in "$CORPUS"/*/; do
	dir=${dir%/}
	name=$(basename "$dir")
	log=$(ls "$dir"/*.darshan 2>/dev/null | head -1)
	[ -n "$log" ] || continue
	ref=$dir/parser_perf_show_incomplete.out
	[ -e "$ref" ] || ref=$dir/parser_perf.out
	[ -e "$ref" ] || continue
	# reference: module, total_bytes, agg_time_by_slowest
	awk '/^# [A-Z-]+ module data$/ { m = $2 }
	     /^# total_bytes:/ { b[m] = $3 }
	     /^# agg_time_by_slowest:/ { print m, b[m], $3 }' "$ref" > "$TMP/ref"
	$RUN summary --format tsv "$log" > "$TMP/s.tsv" 2> "$TMP/err"
	rc=$?
	awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
		function out(m, k) {
			if ($(h[k "_bytes_read"]) == "") return
			printf "%s %.0f %.6f\n", m, $(h[k "_bytes_read"]) + $(h[k "_bytes_written"]), $(h[k "_time_by_slowest"])
		}
		{ out("POSIX", "posix"); out("MPI-IO", "mpiio"); out("STDIO", "stdio"); out("DFS", "dfs"); out("DAOS", "daos") }' \
		"$TMP/s.tsv" | sort > "$TMP/got"
	sort "$TMP/ref" > "$TMP/want"
	cmp -s "$TMP/got" "$TMP/want"
	st=$?
	[ $st -eq 0 ] || diff "$TMP/want" "$TMP/got" | sed 's/^/# /'
	[ $rc -eq 0 ] || { st=1; diag "exit $rc: $(cat "$TMP/err")"; }
	ok $st "$name: per-module bytes and time by slowest equal darshan-parser --perf"
	checked=$((checked + 1))
done
diag "$checked logs compared with darshan-parser --perf"

# every command, every format, every corpus log: exit 0, no stderr; the
# JSON kept for one parser below (json_bad: a python3 a document took
# 48 of the 67 CPU seconds of this file)
bad=0
mkdir "$TMP/json"
k=0
for log in "$CORPUS"/*/*.darshan; do
	for c in summary files hist meta timeline "timeline --phases" "timeline --bins 16"; do
		for f in text csv tsv json; do
			out=/dev/null
			[ $f = json ] && k=$((k + 1)) && out=$TMP/json/$k.json
			$RUN $c --format $f "$log" > "$out" 2> "$TMP/err"
			rc=$?
			# incomplete logs get a one-line warning, nothing else
			grep -v "^iolens ${c%% *}: warning: '.*' is incomplete" "$TMP/err" > "$TMP/err2"
			if [ $rc -ne 0 ] || [ -s "$TMP/err2" ]; then
				bad=$((bad + 1))
				[ $bad -le 5 ] && diag "$c --format $f $(basename "$log"): exit $rc $(head -c 200 "$TMP/err")"
			fi
		done
	done
done
is $bad 0 "every command runs cleanly on every corpus log in every format"

# JSON is well formed where a parser is at hand: every command's, a
# file each (an empty file is no JSON)
if command -v python3 > /dev/null; then
	json_bad "$TMP"/json/*.json >"$TMP/jbad" 2>&1
	head -5 "$TMP/jbad" | sed 's/^/# /'
	is "$(wc -l <"$TMP/jbad"):$(ls "$TMP/json" | wc -l)" "0:$k" "JSON output parses for every command on every corpus log ($k outputs)"
fi

done_testing
