#!/bin/sh
# iolens iostat on damaged recordings: the bundled text, JSON and
# diskstats recordings with one byte overwritten at spread offsets, some
# also cut short.  Each run exits 0 or 1, within 20 s, with at most one
# line on standard error when it fails; under make check SANITIZE=1 a
# sanitizer report fails the test too.
. "$(dirname "$0")/lib.sh"

TO=
command -v timeout > /dev/null 2>&1 && TO="timeout -k 2 20"
for f in iostat-x-5s.txt iostat-x-5s.json diskstats-5s.txt; do
	xz -dc "$SAMPLES/iostat/$f.xz" > "$TMP/$f"
	sz=$(wc -c < "$TMP/$f")
	bad=
	for i in $(seq 1 40); do
		cp "$TMP/$f" "$TMP/in"
		off=$(( (i * 7919 * 31 + i * i * 101) % sz ))
		printf "\\$(printf %03o $(( (i * 37 + 11) % 256 )))" |
			dd of="$TMP/in" bs=1 seek=$off conv=notrunc 2> /dev/null
		[ $((i % 5)) = 0 ] && truncate -s $(( (i * 104729) % sz )) "$TMP/in"
		$TO $RUN iostat --interval 13s --idle --format=csv "$TMP/in" \
			> /dev/null 2> "$TMP/err"
		rc=$?
		lines=$(wc -l < "$TMP/err")
		if [ $rc -gt 1 ] || { [ $rc = 1 ] && [ "$lines" -gt 1 ]; } ||
			grep -Eq 'Sanitizer|runtime error' "$TMP/err"; then
			bad="$bad $i(rc=$rc)"
			sed 's/^/# /' "$TMP/err" | head -3
		fi
	done
	is "${bad# }" "" "$f: 40 damaged copies exit 0 or 1 with one line"
done

done_testing
