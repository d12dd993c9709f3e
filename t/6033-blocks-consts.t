#!/bin/sh
# blocks --source follows constant arguments into the program's own
# functions (issue 33: "constant arguments followed into helpers,
# put_block(fd, 4096)"): a write helper called with 4096 writes 4 KiB
# there, a loop bounded by a parameter runs as often as the caller says,
# through two levels of calls; a call with a value the source does not
# fix stays unknown, and the helper's own rows, which hold for any call,
# stay unknown too.
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/helpers.c
cd "$TMP" || exit 1
$RUN blocks --source --format=csv "$SRC" > out.csv 2> err || { echo "Bail out! blocks --source failed: $(cat err)"; exit 1; }
# the row of a block id: calls,writes,bytes_written
row() { awk -F, -v b="$1" '$1 == b { print $7 "," $10 "," $13 }' out.csv; }

is "$(row main:25)" "1,1,4096" "put_block(fd, 4096): one write of 4 KiB"
is "$(row main:26)" "10,10,5120" "put_many(fd, 10, 512): its loop runs 10 times, each a write of 512 B, two calls deep"
is "$(row main:27)" "1,1,100" "put_rec(f, 100): fwrite(buf, 1, n, f) of 100 B"
is "$(awk -F, '$1 == "main:28" { print $7 "," $10 "," ($13 == "" ? "unknown" : $13) }' out.csv)" "1,1,unknown" \
	"put_block(fd, argc): the size stays unknown"
is "$(row main)" "17,13," "main: 17 calls, 13 writes, bytes unknown because of that one"
is "$(row put_block)" "1,1," "put_block's own row holds for any call: size unknown"
is "$(awk -F, '$1 == "put_many" { print $7 }' out.csv)" "" "put_many's own row: calls per iteration of a loop of unknown count"
$RUN blocks --source "$SRC" > out.txt
grep -q '^function main .*: calls 17, opens 2, writes 13, written 9.1 KiB + 1 of unknown size, write(2) about 13$' out.txt
ok $? "text: 9.1 KiB known, 1 write of unknown size"
done_testing
