#!/bin/sh
# iolens parse against darshan-parser / darshan-dxt-parser 3.5.0 on every
# log of the public corpus in ../shared: stdout byte-identical and the same
# exit status, except for the reference bugs listed, with reasons, in
# t/data/parse-exceptions.tsv.
. "$(dirname "$0")/lib.sh"
need_shared
CORPUS=$SHARED/corpus/darshan-logs
EXC=$TOP/t/data/parse-exceptions.tsv
identical=0
excepted=0
logs=0

for dir in "$CORPUS"/*/; do
	dir=${dir%/}
	name=$(basename "$dir")
	log=$(ls "$dir"/*.darshan 2>/dev/null | head -1)
	[ -n "$log" ] || continue
	logs=$((logs + 1))
	allow=$(awk -F'\t' -v n="$name" '!/^#/ && n ~ $1 { printf "%s%s", sep, $2; sep="|" }' "$EXC")
	for ref in "$dir"/*.out "$dir"/*.out.xz; do
		[ -e "$ref" ] || continue
		tag=$(basename "$ref")
		tag=${tag%.xz}
		tag=${tag%.out}
		case $tag in
		parser_base) opts= ;;
		parser_all) opts=--all ;;
		parser_total) opts=--total ;;
		parser_perf) opts=--perf ;;
		parser_file) opts=--file ;;
		parser_*_show_incomplete) o=${tag#parser_}; o=${o%_show_incomplete}
			opts="--show-incomplete"; [ "$o" = base ] || opts="--$o --show-incomplete" ;;
		dxt_parser) opts=--dxt ;;
		dxt_parser_show_incomplete) opts="--dxt --show-incomplete" ;;
		*) continue ;;
		esac
		want_rc=$(awk -v t="$tag" '$1 == t { print $2 }' "$dir/rc.txt")
		zcat_any "$ref" > "$TMP/ref"
		(cd "$dir" && $RUN parse $opts "$(basename "$log")") > "$TMP/out" 2> "$TMP/err"
		rc=$?
		st=0
		if cmp -s "$TMP/out" "$TMP/ref"; then
			identical=$((identical + 1))
		elif [ -n "$allow" ]; then
			diff "$TMP/ref" "$TMP/out" | grep '^[<>]' > "$TMP/d"
			if grep -Evq "$allow" "$TMP/d"; then
				st=1
				grep -Ev "$allow" "$TMP/d" | head -5 | sed 's/^/# /'
			else
				excepted=$((excepted + 1))
			fi
		else
			st=1
			diff -u "$TMP/ref" "$TMP/out" | head -15 | sed 's/^/# /'
		fi
		[ "$rc" = "$want_rc" ] || { st=1; diag "exit $rc, reference $want_rc"; }
		ok $st "$name: parse $opts"
	done
done
# logs made by darshan-merge and darshan-convert (_other_tools)
OT=$CORPUS/_other_tools
while read -r log tag opts; do
	[ -e "$OT/$log" ] || continue
	logs=$((logs + 1))
	want_rc=$(cat "$OT/$tag.rc")
	ref=$OT/$tag.out
	[ -e "$ref" ] || ref=$ref.xz
	zcat_any "$ref" > "$TMP/ref"
	(cd "$OT" && $RUN parse $opts "$log") > "$TMP/out" 2> /dev/null
	rc=$?
	cmp -s "$TMP/out" "$TMP/ref"
	st=$?
	[ $st -eq 0 ] && identical=$((identical + 1))
	[ "$rc" = "$want_rc" ] || { st=1; diag "exit $rc, reference $want_rc"; }
	ok $st "_other_tools/$log: parse $opts"
done <<LIST
merged_dlio4.darshan merge_dlio4_parser_default
merged_dlio4.darshan merge_dlio4_parser_all --all
merged_dlio4_redux.darshan merge_dlio4_redux_parser_all --all
converted_3.1.7.darshan convert_3.1.7_parser_all --all
obfuscated_3.1.7.darshan convert_obfuscate_3.1.7_parser_base
onefile_3.1.7.darshan convert_file_3.1.7_parser_base
LIST

diag "$logs logs: $identical outputs byte-identical, $excepted differ only by listed reference bugs"
[ "$logs" -ge 83 ]
ok $? "all corpus logs were visited ($logs)"

# bzip2 copies decode to the same records as their zlib originals
for b in "$CORPUS"/derived-bzip2-*/; do
	b=${b%/}
	orig=$CORPUS/$(basename "$b" | sed 's/^derived-bzip2-//')
	[ -d "$orig" ] || continue
	$RUN parse --show-incomplete "$orig"/*.darshan 2>/dev/null | grep -v '^#' > "$TMP/o"
	$RUN parse --show-incomplete "$b"/*.darshan 2>/dev/null | grep -v '^#' > "$TMP/b"
	cmp -s "$TMP/b" "$TMP/o"
	ok $? "$(basename "$b"): same records as the zlib log"
done

done_testing
