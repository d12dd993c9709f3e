#!/bin/sh
# strace -k's times, taken as medians less strace's overhead (t/6160),
# keep a floor: strace's overhead measured without -k (replay
# --calibrate: 27-37 us) exceeds a whole small call under -k (7-10 us),
# so each group of calls keeps 10 % of its median (0.9 us untraced is
# 11 % of such a write's 8 us) and every call its order.  Not
# calibrated, strace's times are not ranked, saying so, even where
# blocks --calibrate saved a cost model: the model predicts, it does
# not measure (issue 33 D3).  The trace: t/data/strace/loop-fsync-k.sh.
. "$(dirname "$0")/lib.sh"
cd "$TMP" || exit 1
sh "$TOP/t/data/strace/loop-fsync-k.sh" > k.strace || exit 1
iocost_handmade
t() { awk -F, -v f="$1" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$3 == f { printf "%.6g\n", $c["io_time_s"] }' "$2"; }
# not calibrated
$RUN blocks --sort time k.strace > /dev/null 2> err
is "$?:$(grep -c '^iolens blocks: cannot rank by time' err)" 1:1 \
	"not calibrated, a cost model saved: --sort time refused, said"
$RUN blocks --format=csv k.strace > n.csv 2> err
is "$?:$(grep -c 'note: ranked by bytes' err)" 0:1 "... blocks ranked by bytes, said"
is "$(grep -c "medians less\|costed at this machine" err)" 0 "... neither medians nor the model's costs"
# an overhead of 1 ms, above every call: 10 % of each median
mkdir -p "$XDG_CACHE_HOME/iolens"
echo "0.00001 0.001" > "$XDG_CACHE_HOME/iolens/strace-overhead"
$RUN blocks --format=csv k.strace > f.csv 2> err
is "$?:$(grep -c "medians less strace's own 1000.00 us" err)" 0:1 "1 ms calibrated: medians, said"
is "$(t loop f.csv)" 0.00016 "the loop: 200 x 10 % of 8 us, not 0"
is "$(t flushit f.csv)" 1.999 "the fsync: 2 s less 1 ms"
is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["calls"] > 0 && $c["io_time_s"] == 0 { n++ } END { print n + 0 }' f.csv)" 0 \
	"no block with calls and no time"
done_testing
