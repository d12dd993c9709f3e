#!/bin/sh
# blocks --source on C++ file streams (issue 33: "C++ streams
# (std::ofstream::write) as stdio-like, not POSIX write"): write, read,
# put, <<, >>, flush, open and close of a std::ofstream, std::ifstream or
# std::fstream -- by value, reference or pointer, and the constructor
# that opens a file -- are stdio calls with the sizes their arguments
# fix; std::cout is a message, and a member called write of another
# class is no I/O call.
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/streams.cpp
cd "$TMP" || exit 1
$RUN blocks --source --format=csv "$SRC" > out.csv 2> err
ok $? "blocks --source on C++ streams runs"
# the row of a block id: calls,opens,reads,writes,syncs,bytes_read,bytes_written
row() { awk -F, -v b="$1" '$1 == b { print $7 "," $8 "," $9 "," $10 "," $11 "," $12 "," $13 }' out.csv; }

is "$(row main:16)" "10,0,0,10,0,0,5120" "out.write(buf, 512) ten times: 10 writes of 512 B"
is "$(row main:18)" "2,0,0,2,0,0,6" "out << \"hello\" << 'x': two writes, 5 B and 1 B"
is "$(row main:19)" "1,0,0,1,0,0," "out << 42: a write of a size the source does not fix"
is "$(row main:20)" "1,0,0,1,0,0,1" "out.put('y'): 1 B"
is "$(row main:21)" "1,0,0,0,1,0,0" "out.flush(): a sync"
is "$(row dump)" "2,0,0,2,0,0,96" "through a reference and a pointer: 64 B and 32 B"
is "$(row main:25)" "1,0,1,0,0,256,0" "in.read(buf, 256): a read of 256 B"
is "$(row main:27)" "1,0,1,0,0,,0" "in >> v: a read of unknown size"
is "$(row main:15)" "1,1,0,0,0,0,0" "std::ofstream out(\"data.bin\"): an open"
is "$(row main:30)" "1,1,0,0,0,0,0" "f.open(\"x.txt\"): an open"
is "$(row main:32)" "1,0,0,0,0,0,0" "f.close(): a call"
is "$(awk -F, '$1 == "main:35"' out.csv)" "" "std::cout is no I/O call"
is "$(row main:34)" ",,,,,," "Log::write, declared without a body: unknown, not a POSIX write (issue 33 D6)"
$RUN blocks --source "$SRC" > out.txt
grep -q '^      std::ofstream::write (stdio, 512 B, buffer 8.0 KiB)$' out.txt
ok $? "text: std::ofstream::write is a stdio call"
grep -q '^    std::ifstream::ifstream (stdio)$' out.txt
ok $? "text: the constructor with a file name is an open"
grep -c 'POSIX' out.txt > n
is "$(cat n)" "0" "text: no call is POSIX"
done_testing
