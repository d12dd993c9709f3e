#!/bin/sh
# iolens parse is byte-identical to darshan-parser / darshan-dxt-parser
# 3.5.0 on our own sample logs (outputs stored beside each log).
. "$(dirname "$0")/lib.sh"

for log in $(find "$SAMPLES" -name '*.darshan' | sort); do
	dir=$(dirname "$log")
	base=${log%.darshan}
	name=$(basename "$dir")
	for ref in "$base".*.txt "$base".*.txt.xz; do
		[ -e "$ref" ] || continue
		tag=${ref#"$base".}
		tag=${tag%.xz}
		tag=${tag%.txt}
		case $tag in
		parser) opts= ;;
		parser-perf) opts=--perf ;;
		parser-total) opts=--total ;;
		parser-file) opts=--file ;;
		parser-show-incomplete) opts=--show-incomplete ;;
		parser-perf-show-incomplete) opts="--perf --show-incomplete" ;;
		parser-total-show-incomplete) opts="--total --show-incomplete" ;;
		parser-file-show-incomplete) opts="--file --show-incomplete" ;;
		dxt-parser) opts=--dxt ;;
		*) continue ;;
		esac
		zcat_any "$ref" > "$TMP/ref"
		(cd "$dir" && $RUN parse $opts "$(basename "$log")") > "$TMP/out" 2> "$TMP/err"
		rc=$?
		# the reference exits 255 on an incomplete module without
		# --show-incomplete; its stdout then stops at the banner
		# these references were captured with 2>&1, and the
		# reference flushes stdout last when it fails
		[ $rc -eq 255 ] && cat "$TMP/err" "$TMP/out" > "$TMP/both" &&
			mv "$TMP/both" "$TMP/out"
		if cmp -s "$TMP/out" "$TMP/ref"; then st=0; else st=1; diff -u "$TMP/ref" "$TMP/out" | head -20 | sed 's/^/# /'; fi
		case "$rc" in 0|255) ;; *) st=1; diag "exit $rc: $(cat "$TMP/err")" ;; esac
		ok $st "$name: parse $opts"
	done
done

# exit statuses as darshan-parser: incomplete module without the option
zip=$(ls "$SAMPLES"/nonmpi/darshan/zip_r_manyfiles/*.darshan)
$RUN parse "$zip" > /dev/null 2> "$TMP/err"
is $? 255 "incomplete log without --show-incomplete exits 255"
grep -q 'contains incomplete data' "$TMP/err"
ok $? "and says which module is incomplete"
$RUN parse --show-incomplete "$zip" > /dev/null
is $? 0 "with --show-incomplete it exits 0"

done_testing
