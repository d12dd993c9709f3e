#!/bin/sh
# non-MPI programs under Darshan 3.5.0 (LD_PRELOAD, DARSHAN_ENABLE_NONMPI=1), as round 4
cd /tmp/labels5-run
L=/tmp/labels4-inst/lib/libdarshan.so
run() { name=$1; shift; echo "== $name: $*"; /usr/bin/env LD_PRELOAD=$L DARSHAN_ENABLE_NONMPI=1 DARSHAN_LOGFILE=/tmp/labels5-run/logs/r5-$name.darshan "$@"; echo "rc=$?"; }
mkdir -p out
case ${1:-all} in
all)
rm -f out/many.db out/one.db
run sqlite-many sqlite3 out/many.db ".read in/many.sql"
run sqlite-one sqlite3 out/one.db ".read in/one.sql"
run py-bigbuf /usr/bin/python3 src/py_bigbuf.py out/big.bin
run py-pickle /usr/bin/python3 src/py_pickle.py out/objs.pkl 200000
run iobound ./iobound out/iobound.dat 1024
mkdir -p out/many; DARSHAN_CONFIG_PATH=/tmp/labels5-run/src/darshan-small.conf run many-files-cut ./many_files out/many 1000 256
(cd in/proj && run cc1-compile $(gcc -print-prog-name=cc1) -quiet -imultiarch x86_64-linux-gnu -Iinc main.c -o /tmp/labels5-run/out/main.s)
rm -rf out/gittree; cp -r in/tree out/gittree; git -C out/gittree init -q
(cd out/gittree && run git-add git -c gc.auto=0 add .)
rm -rf out/cptree; run cp-tree cp -r in/tree out/cptree
;;
esac
# the first cc1 run lacked -imultiarch (what the gcc driver passes) and failed; rerun alone:
case ${1:-all} in cc1)
(cd in/proj && run cc1-compile $(gcc -print-prog-name=cc1) -quiet -imultiarch x86_64-linux-gnu -Iinc main.c -o /tmp/labels5-run/out/main.s)
;; esac
# git-add and cp-tree first ran with the default limits and hit POSIX's 1024 records (partial logs,
# not kept); rerun with src/darshan-big.conf (MAX_RECORDS 8000 POSIX):
case ${1:-all} in big)
rm -rf out/gittree; cp -r in/tree out/gittree; git -C out/gittree init -q
(cd out/gittree && DARSHAN_CONFIG_PATH=/tmp/labels5-run/src/darshan-big.conf run git-add git -c gc.auto=0 add .)
rm -rf out/cptree; DARSHAN_CONFIG_PATH=/tmp/labels5-run/src/darshan-big.conf run cp-tree cp -r in/tree out/cptree
;; esac
