#!/bin/sh
# blocks --source --assume NAME=VALUE (issue 33: "--assume NAME=VALUE for
# run-time bounds"): a variable or parameter the source does not fix is
# taken as VALUE in loop trip counts, sizes and the arguments followed
# into the program's own functions; a caller's constant beats an assumed
# parameter; the text says which assumptions were used, an unused one is
# a warning; a malformed one is a usage error.
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/assume.c
cd "$TMP" || exit 1
A="--assume n=100 --assume len=50 --assume nrec=7 --assume zz=1"
$RUN blocks --source --format=csv $A "$SRC" > out.csv 2> err
ok $? "blocks --source --assume runs"
# the row of a block id: trips,calls,writes,bytes_written
row() { awk -F, -v b="$1" '$1 == b { print $6 "," $7 "," $10 "," $13 }' out.csv; }

is "$(row main:19)" "100,100,100,800" "for (i = 0; i < n; i++) with n=100: 100 writes of 8 B"
is "$(row main:21)" ",1,1,100" "write(fd, buf, len * 2) with len=50: 100 B"
is "$(row main:22)" ",5,5,320" "put_n(fd, 5): the caller's 5, not the assumed nrec=7"
is "$(row main:23)" ",100,100,6400" "put_n(fd, n): n=100 followed into put_n"
is "$(row put_n:9)" "7,7,7,448" "put_n's own loop: nrec assumed 7"
is "$(row main)" ",208,206,7620" "main: every count and size known"
grep -q "zz" err
ok $? "an assumption nothing used is a warning"
$RUN blocks --source $A "$SRC" > out.txt 2>/dev/null
grep -q '^assumed n=100 (2 places), len=50 (1 place), nrec=7 (1 place), zz=1 (not used)$' out.txt
ok $? "text: the assumptions and their uses"
grep -q 'loop .*assume.c:19 x100 (assumed):' out.txt
ok $? "text: an assumed trip count says so"
$RUN blocks --source --format=csv "$SRC" > none.csv
is "$(awk -F, '$1 == "main:19" { print $6 "," $13 }' none.csv)" "," "without --assume the loop stays unknown"
$RUN blocks --source --assume n "$SRC" > /dev/null 2>&1
is "$?" "2" "--assume without =VALUE is a usage error"
$RUN blocks --source --assume n=lots "$SRC" > /dev/null 2>&1
is "$?" "2" "--assume with a value that is no integer is a usage error"
done_testing
