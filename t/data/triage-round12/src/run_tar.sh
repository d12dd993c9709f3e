#!/bin/sh
# r12-tar-3000 again with src/darshan-big.conf (MAX_RECORDS 8000 POSIX): the first run (DARSHAN_MODMEM=16 only) kept
# 1024 POSIX records and flagged the module partial; it is in reruns/r12-tar-3000-cut.darshan, not labelled
cd /tmp/labels12-run
rm -rf out/tar; mkdir -p out/tar
echo "== tar-3000 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
LD_PRELOAD=/tmp/labels4-inst/lib/libdarshan.so DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=/tmp/labels12-run/src/darshan-big.conf \
	DARSHAN_LOGFILE=/tmp/labels12-run/logs/r12-tar-3000.darshan ./ser12 tar out/tar 3000; echo "rc=$?"
