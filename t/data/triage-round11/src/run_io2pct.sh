#!/bin/sh
# the 60 s job, run beside run_nonmpi.sh
cd /tmp/labels11-run
echo "== io2pct ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
LD_PRELOAD=/tmp/labels4-inst/lib/libdarshan.so DARSHAN_ENABLE_NONMPI=1 \
	DARSHAN_LOGFILE=/tmp/labels11-run/logs/r11-io2pct.darshan ./ser11 io2pct out/io2pct.dat 60 10 100; echo "rc=$?"
rm -f out/io2pct.dat.*
