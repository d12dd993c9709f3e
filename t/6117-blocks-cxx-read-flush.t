#!/bin/sh
# blocks --source on libstdc++'s file streams, as they behave on glibc
# systems: a read smaller than the 8191 B get area goes through it, each
# refill one read(2) of 8191 B (20 reads of 4096 B: 11 read(2), was 10),
# a larger one is one read(2) of its own (3 reads of 9000 B: 3, was 4);
# writes of 1 KiB or more in a helper the stream is passed to leave
# nothing for a flush() after it (0 write(2), was 1; issue 33 D4, D5).
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
cat > sr.cpp << 'END'
#include <fstream>
#include <vector>

static void fill(std::fstream &f, const std::vector<char> &b)
{
	for (int i = 0; i < 40; i++)
		f.write(b.data(), 4096);
}

static void small(std::fstream &f, const std::vector<char> &b)
{
	for (int i = 0; i < 10; i++)
		f.write(b.data(), 100);
}

int main()
{
	std::vector<char> b(16384);
	std::fstream f("sr.dat", std::ios::in | std::ios::out | std::ios::trunc | std::ios::binary);
	fill(f, b);
	f.flush();
	f.seekg(0);
	for (int i = 0; i < 20; i++)
		f.read(b.data(), 8192 / 2);
	std::ifstream g("sr.dat", std::ios::binary);
	for (int i = 0; i < 3; i++)
		g.read(b.data(), 9000);
	std::fstream h("sm.dat", std::ios::out | std::ios::trunc | std::ios::binary);
	small(h, b);
	h.flush();
	return 0;
}
END
col() { block_col "$@"; }
$RUN blocks --source --format=csv sr.cpp > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv main:23 sys_reads)" 11 "20 reads of 4096 B: 11 read(2) of 8191 B"
is "$(col s.csv main:26 sys_reads)" 3 "3 reads of 9000 B: 3 read(2), each its own"
is "$(col s.csv main:21 sys_writes)" 0 "flush() after a helper's writes of 4096 B: nothing left"
is "$(col s.csv main:30 sys_writes)" 1 "flush() after a helper's writes of 100 B: one write(2)"
if [ -f "$(dirname "$IOLENS")/iolens-trace.so" ] && command -v c++ > /dev/null &&
	c++ -g -O0 -o p sr.cpp 2> /dev/null; then
	$RUN trace --stacks -o p.it ./p 2> /dev/null
	$RUN blocks --source --format=csv sr.cpp p.it > j.csv 2> err
	is "$?:$(cat err)" "0:" "joined to its iolens trace"
	is "$(col j.csv main:23 reads)" 11 "the trace: 11 read(2) at the loop"
	is "$(col j.csv main:21 calls)" 0 "... none at the flush"
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["status"] != "exact" && $c["status"] != "calls exact" { print $1 ":" $c["status"] }' j.csv | tr '\n' ' ')" "" \
		"every block exact in calls"
else
	skip "no iolens-trace.so or no C++ compiler" 4
fi
done_testing
