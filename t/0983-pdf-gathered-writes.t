#!/bin/sh
# The PDF writers gather cairo's stream into 64 KiB writes (issue 38: the
# e3sm report made 1,143 write()s): the same bytes reach a file, the
# standard output and a FIFO, in one piece and in order, for a PDF of
# more than one block (the job report of an HDF5 IOR log, 69 KB) and one of less (the
# population report of the sample store, 52 KB, written at the close
# only); a device that refuses the bytes is an error, said once, exit 1,
# whether it refuses the first block or the last.
. "$(dirname "$0")/lib.sh"
command -v mkfifo > /dev/null || skip_all "no mkfifo"
cd "$TOP" || exit 1
H5=sample-logs/ior/ior_hdf5_n1_t1m/root_ior_id12863-12863_11-21-79793-18355565206193171414_1.darshan
cp sample-logs/population/pop.db "$TMP/pop.db"

# ways NAME CMD...: CMD's PDF (its -o last) to a file, stdout and a FIFO
ways() {
	name=$1
	shift
	"$@" "$TMP/$name.pdf" > /dev/null 2> "$TMP/err"
	st=$?
	if [ $st -ne 0 ] && grep -q "drawing" "$TMP/err"; then
		skip "no drawing libraries: $(head -1 "$TMP/err")" 5
		return
	fi
	ok $st "$name: to a file"
	size=$(wc -c < "$TMP/$name.pdf" | tr -d ' ')
	head -c 5 "$TMP/$name.pdf" | grep -q '^%PDF-' && tail -c 6 "$TMP/$name.pdf" | grep -q '%%EOF'
	ok $? "$name: a whole PDF ($size bytes)"
	"$@" /dev/stdout > "$TMP/$name.out" 2> /dev/null
	cmp -s "$TMP/$name.pdf" "$TMP/$name.out"
	ok $? "$name: the same bytes to the standard output"
	rm -f "$TMP/fifo"
	mkfifo "$TMP/fifo"
	cat "$TMP/fifo" > "$TMP/$name.fifo" &
	reader=$!
	"$@" "$TMP/fifo" > /dev/null 2>&1
	st=$?
	wait $reader
	[ $st -eq 0 ] && cmp -s "$TMP/$name.pdf" "$TMP/$name.fifo"
	ok $? "$name: the same bytes through a FIFO"
	if [ -w /dev/full ]; then
		"$@" /dev/full > "$TMP/out" 2> "$TMP/err"
		st=$?
		[ $st -eq 1 ] && [ "$(wc -l < "$TMP/err" | tr -d ' ')" = 1 ] &&
			grep -q "cannot write '/dev/full'" "$TMP/err" && [ ! -s "$TMP/out" ]
		ok $? "$name: /dev/full refuses it: exit $st, '$(cat "$TMP/err")'"
	else
		skip "no writable /dev/full"
	fi
}

ways report $RUN report "$H5" -o
ways population-report $RUN population-report --db "$TMP/pop.db" -o
# the sizes on each side of the 64 KiB block
big=$(wc -c < "$TMP/report.pdf" 2> /dev/null || echo 0)
small=$(wc -c < "$TMP/population-report.pdf" 2> /dev/null || echo 70000)
[ "$big" -gt 65536 ] && [ "$small" -lt 65536 ]
ok $? "one PDF over a block ($big bytes), one under ($small)"
done_testing
