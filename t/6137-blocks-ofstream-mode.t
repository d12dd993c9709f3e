#!/bin/sh
# An std::ofstream opened with a mode that truncates (std::ios::binary,
# out|trunc) makes its file, as one of the default mode does: a create in
# the cost model, where it was an open (p24_cxx_small of blocksho4:
# Spearman 0.76, its open costed 2 us against a create's 283, measured
# 30 us the first of its blocks); app and in|out keep the file: an open
# (issue 33; t/data/blocks/ofs-mode.cpp).
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/ofs-mode.cpp" . || exit 1
# the hand-made model of t/6025 (an open 1 ms) with a create of 20 ms
iocost_handmade
echo "create 0.02" >> "$XDG_CONFIG_HOME/iolens/iocost"
$RUN blocks --source --format=csv ofs-mode.cpp > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source ofs-mode.cpp"
t() { block_col s.csv "main:$1" predicted_io_time_s | awk 'NF { printf "%.6g\n", $1 }'; }
is "$(t 13)" 0.02 "ofstream(name, std::ios::binary): a create"
is "$(t 14)" 0.02 "ofstream(name, out | trunc): a create"
is "$(t 15)" 0.001 "ofstream(name, std::ios::app): an open"
is "$(t 16)" 0.001 "ofstream(name, in | out): an open"
is "$(t 17)" 0.02 "ofstream(name): a create, as before"
if command -v c++ > /dev/null &&
	command -v strace > /dev/null && c++ -g -O0 -o prog ofs-mode.cpp 2> /dev/null; then
	strace -f -e trace=openat -o st.txt ./prog
	is "$(grep -c 'O_TRUNC' st.txt)" 3 "strace: binary, out|trunc and the default truncate (3 opens with O_TRUNC)"
else
	skip "no C++ compiler or strace" 1
fi
done_testing
