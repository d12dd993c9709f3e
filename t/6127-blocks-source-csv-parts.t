#!/bin/sh
# blocks --source --format=csv|json carries every number of the text:
# main's "calls 646+1/iter ... written 32.2 MiB+100 B/iter" had its
# calls, writes and bytes_written empty, the 646, the 1 and the 100 in
# no column (issue 33 "Complete machine formats").  The parts go in
# *_once and *_per_iter columns after sys_writes, with the calls under a
# condition, the reads and writes of unknown size and what the counts
# leave out (t/data/blocks-src/posix.c, stdio.c).
. "$(dirname "$0")/lib.sh"
need_code
D=$TOP/t/data/blocks-src
cd "$TMP" || exit 1
c() { block_col p.csv "$1" "$2"; }
$RUN blocks --source "$D/posix.c" --format=csv > p.csv 2> err
is "$?:$(cat err)" "0:" "posix.c"
$RUN blocks --source "$D/posix.c" > p.txt 2> /dev/null
grep -q ': calls 646+1/iter, opens 2, reads 16, writes 608+1/iter, syncs 18, under a condition 16, read 8.0 KiB, written 32.2 MiB+100 B/iter' p.txt
ok $? "the text: main's counts, once and per iteration"
is "$(c main calls):$(c main calls_once):$(c main calls_per_iter)" ":646:1" \
	"main's calls: no total, 646 once and 1 an iteration"
is "$(c main writes_once):$(c main writes_per_iter):$(c main syncs_once):$(c main conditional)" "608:1:18:16" \
	"its writes, syncs and calls under a condition"
is "$(c main bytes_written_per_iter):$(c main bytes_read_once):$(c main opens_per_iter)" "100:8192:0" \
	"its bytes per iteration, and 0 where no part is per iteration"
is "$(c write_records:46 calls_per_iter):$(c write_records:46 trip_count)" "1:" \
	"the loop of unknown trip count: 1 call an iteration"
is "$(c write_blocks calls_once):$(c write_blocks calls_per_iter):$(c write_blocks calls)" "257:0:257" \
	"a count the source fixes: the same once, 0 an iteration"
$RUN blocks --source "$D/stdio.c" --format=csv > p.csv 2> /dev/null
$RUN blocks --source "$D/stdio.c" > s.txt 2> /dev/null
grep -q '^function write_text .*: calls 11, writes 11, written 4 B + 10 of unknown size' s.txt
ok $? "the text: write_text()'s 10 writes of unknown size (fprintf)"
is "$(c write_text unsized_writes):$(c write_text bytes_written):$(c write_text bytes_written_once)" "10::4" \
	"CSV: the 10 of unknown size, no total of bytes, the 4 B known"
$RUN blocks --source "$D/posix.c" --format=json > p.json 2> /dev/null
perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>);
	my ($b) = grep { $_->{block} eq "main" } @$j;
	exit !($b->{calls_per_iter} == 1 && $b->{not_counted} eq "")' < p.json
ok $? "JSON: the same keys"
done_testing
