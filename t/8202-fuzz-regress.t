#!/bin/sh
# The crashers make fuzz found, kept under t/fuzz-regress/<target>/ (the
# target is the fuzz/<target>.c harness that found them): each goes
# through the harness's own calls (t/unit/fuzz-run, built like every unit
# test: under make check SANITIZE=1 with ASan and UBSan, so undefined
# behaviour fails here), and, where a command reads that format, through
# the command, strictly and with --lenient: exit 0 or 1, one line on
# standard error when it fails, never a crash or a sanitizer report.
. "$(dirname "$0")/lib.sh"

FR=$TOP/t/unit/fuzz-run
TO=
command -v timeout > /dev/null 2>&1 && TO="timeout -k 2 30"

# commands of a target, one a line, the input appended
cmds() {
	case $1 in
	strace) printf '%s\n' "summary --merge-traces" \
		"summary --merge-traces --lenient" \
		"timeline --merge-traces --lenient --phases" ;;
	trace) printf '%s\n' "summary" "summary --lenient" "files --lenient" ;;
	darshan) printf '%s\n' "summary" "parse" "timeline" ;;
	iostat-*|diskstats) printf '%s\n' "iostat --interval 13s --idle --format=csv" \
		"iostat --lenient --format=csv" ;;
	esac
}

# one command on one input; prints what was wrong, nothing if all is well
run1() {
	strict=1
	case $1 in *--lenient*) strict=0 ;; esac
	# shellcheck disable=SC2086
	$TO $RUN $1 "$2" > /dev/null 2> "$TMP/err"
	rc=$?
	lines=$(wc -l < "$TMP/err")
	if [ $rc -gt 1 ] || grep -Eq 'Sanitizer|runtime error' "$TMP/err" ||
		{ [ $rc = 1 ] && [ $strict = 1 ] && [ "$lines" != 1 ]; }; then
		echo "$1: rc=$rc $(head -c 300 "$TMP/err")"
	fi
}

n=0
for dir in "$TOP"/t/fuzz-regress/*/; do
	target=$(basename "$dir")
	for f in "$dir"*; do
		[ -f "$f" ] || continue
		n=$((n + 1))
		name="$target/$(basename "$f")"
		$TO "$FR" "$target" "$f" > "$TMP/out" 2>&1
		rc=$?
		grep -Eq 'Sanitizer|runtime error' "$TMP/out" && rc=99
		[ $rc = 0 ] || sed 's/^/# /' "$TMP/out" | head -5
		ok $rc "$name: the $target harness's calls run clean"
		cmds "$target" > "$TMP/cmds"
		[ -s "$TMP/cmds" ] || continue
		bad=
		while read -r c; do
			bad="$bad$(run1 "$c" "$f")"
		done < "$TMP/cmds"
		is "$bad" "" "$name: $(wc -l < "$TMP/cmds") commands exit 0 or 1, one line"
	done
done
[ $n -gt 0 ]
ok $? "there are regression inputs ($n)"

done_testing
