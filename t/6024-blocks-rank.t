#!/bin/sh
# iolens blocks ranks its tree (issue 33): the roots and each block's
# children by measured I/O time (default), bytes or calls, largest first,
# a block still before its children; --top N rows in every format, the
# text saying how many more; --depth the old depth cut; the CIOC score,
# which ranked blocks backwards, is gone from the columns and the help.
# t/data/blocks-rank/rank.trace (strace -k's form, made by hand): main()
# calls bulk (one write of 1 MiB, 10 ms), chatty (an open and 20 writes
# of 10 B, 20 ms) and syncer (one fsync, 500 ms); a thread's worker()
# reads for 900 ms.
. "$(dirname "$0")/lib.sh"

R=$TOP/t/data/blocks-rank/rank.trace
# the trace is strace's form: its times rank once strace's own cost of a
# call is known (iolens replay --calibrate; here none, as if measured 0)
mkdir -p "$XDG_CACHE_HOME/iolens"
echo "0 0" > "$XDG_CACHE_HOME/iolens/strace-overhead"
order() { $RUN blocks --format=csv "$@" "$R" 2> /dev/null | awk -F, 'NR > 1 { printf "%s%s", s, $3; s = " " } END { print "" }'; }

is "$(order)" "worker main syncer chatty bulk" "default: by I/O time, roots and children"
is "$(order --sort time)" "worker main syncer chatty bulk" "--sort time"
is "$(order --sort bytes)" "main bulk chatty syncer worker" "--sort bytes"
is "$(order --sort calls)" "main chatty bulk syncer worker" "--sort calls"
is "$(order --sort line)" "main bulk chatty syncer worker" "--sort line: source order"
is "$($RUN blocks --sort bytes --format=csv "$R" | cut -d, -f1 | tr '\n' ' ')" \
	"block 1 1.1 1.2 1.3 2 " "the block ids name the same blocks whatever the sort"
is "$(order --top 3)" "worker main syncer" "--top 3: the first three rows of the ranked tree"
is "$($RUN blocks --format=json --top 2 "$R" | perl -MJSON::PP -e 'local $/; print scalar @{decode_json(<STDIN>)}')" 2 \
	"--top applies to JSON"
$RUN blocks --top 2 "$R" > "$TMP/t.txt"
is "$(sed -n '3,4p' "$TMP/t.txt" | awk '{ print $1 }' | tr '\n' ' ')" "worker() main() " "text: ranked rows"
is "$(tail -1 "$TMP/t.txt")" "3 more blocks past --top" "... and what --top left out"
is "$(order --depth 1)" "worker main" "--depth 1: the roots only"
is "$($RUN blocks --format=csv "$R" | head -1)" \
	"block,kind,function,file,line,trip_count,calls,opens,reads,writes,syncs,bytes_read,bytes_written,files,io_time_s,intensity,random,small,procs,path" \
	"no cioc column"
$RUN blocks "$R" | grep -q CIOC
is "$?" 1 "no CIOC in the text"
$RUN blocks --help | grep -q "means more I/O-intensive"
is "$?" 1 "--help no longer says CIOC ranks by I/O intensity"
$RUN blocks --sort size "$R" > /dev/null 2> "$TMP/err"
is "$?:$(cat "$TMP/err")" "2:iolens blocks: --sort wants time, bytes, calls or line, not 'size'
iolens blocks: try 'iolens blocks --help'" "a bad --sort: usage error"
$RUN blocks --top 0 "$R" > /dev/null 2>&1
is "$?" 2 "--top 0: usage error"
done_testing
