#!/bin/sh
# "small" is two measures: blocks counts accesses under 4 KiB (Vidya's
# P13), triage requests under 1 MiB; the text names each with its bound.
. "$(dirname "$0")/lib.sh"

K=$TOP/t/data/strace/stack-k.trace
$RUN blocks --wide "$K" > "$TMP/out" 2> /dev/null
is $? 0 "blocks text"
grep -q '  random  small (< 4 KiB)  procs  ' "$TMP/out"
ok $? "blocks' column is 'small (< 4 KiB)'"
# the CSV columns are unchanged
is "$($RUN blocks --format csv "$K" 2> /dev/null | head -1)" \
	"block,kind,function,file,line,trip_count,calls,opens,reads,writes,syncs,bytes_read,bytes_written,files,io_time_s,intensity,random,small,procs,path" \
	"blocks' CSV columns are as before"
man_text() {	# the page as one line of words
	mandoc -Tascii "$TOP/man/$1" 2> /dev/null | col -bx | tr -s ' \n' '  '
}
man_text iolens-blocks.1 > "$TMP/m"
grep -q 'small (< 4 KiB)' "$TMP/m" && grep -q 'under 1 MiB' "$TMP/m"
ok $? "iolens-blocks(1) names the column and tells it from triage's"
man_text iolens-triage.1 > "$TMP/m"
grep -q "small requests (< 1 MiB)'; iolens-blocks(1) counts accesses under 4 KiB" "$TMP/m"
ok $? "iolens-triage(1) names its bound and tells it from blocks'"
done_testing
