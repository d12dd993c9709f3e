#!/bin/sh
# blocks --source as text: a block of buffered stdio says the write(2)
# its calls make, also where the flush's rest of its run cancels the
# run's shares (8 fwrite of 512 B and an fflush: one write(2), at the
# fflush; 10 fwrite of 100 B and an fclose: one, at the fclose).  The
# CSV had the count; the text left it out, and with it the note on how
# write(2) are counted.
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1

$RUN blocks --source "$TOP/t/data/blocks/flush-run.c" >f.txt 2>err
is "$?:$(cat err)" "0:" "blocks --source runs on flush-run.c"
grep -q '^function put .*: calls 9, writes 8, syncs 1, written 4.0 KiB, write(2) about 1$' f.txt
ok $? "put(): 8 fwrite of 512 B and an fflush, write(2) about 1"
$RUN blocks --source --format=csv "$TOP/t/data/blocks/flush-run.c" >f.csv
is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i } $1 == "put" { print $c["sys_writes"] }' f.csv)" 1 \
	"the CSV says the same"

$RUN blocks --source "$TOP/t/data/blocks-join/vidya.c" >v.txt 2>err
is "$?:$(cat err)" "0:" "blocks --source runs on vidya.c"
grep -q '^function buffered .*: calls 12, opens 1, writes 10, written 1000 B, write(2) about 1$' v.txt
ok $? "buffered(): 10 fwrite of 100 B and an fclose, write(2) about 1"
grep -q '^write(2): its full buffers' v.txt
ok $? "and the note on how write(2) are counted"
done_testing
