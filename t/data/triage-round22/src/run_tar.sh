#!/bin/sh
# tar without -z (run after run_all.sh: tar -czf's log had no record, see README)
R=/tmp/labels22/run; DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
cd $R; rm -f out/tree.tar; echo "== tar-cf ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf \
	DARSHAN_LOGFILE=$R/logs/r22-tar-cf.darshan tar -cf out/tree.tar tree; echo "rc=$?"
