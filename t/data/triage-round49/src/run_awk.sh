#!/bin/bash
# Round 49's awk pipeline, run after the passes: run_all.sh's awk-pipe took 2.4-2.6 s, under the 5 s floor,
# so its logs were discarded and this heavier awk (a per-line harmonic sum as well) made the labelled
# log and its two reruns, in the same cgroup, cold as run_all.sh does. LOGS=dir PFX=prefix.
R=/tmp/labels49/run; S=/tmp/labels49/mnt; O=/tmp/labels49/out
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r49-}
echo $$ > /sys/fs/cgroup/blkio/labels49/cgroup.procs
cd $R; mkdir -p $LOGS $O
sync; umount $S && mount $(cat /tmp/labels49/loopdev) $S || exit 1
rm -f $LOGS/${PFX}awk-pipe.darshan $O/tags.txt
echo "== awk-pipe: gawk | sort, gawk under Darshan ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
s=$(date +%s.%N)
env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf \
	DARSHAN_LOGFILE=$R/$LOGS/${PFX}awk-pipe.darshan DXT_ENABLE_IO_TRACE=1 awk -F, \
	'{v=$2; s[$3]+=v; q[$3]+=v*v; l[$3]+=log(v+1); for (k=1;k<=6;k++) h[$3]+=sin(v/k); n++} END {for (t in s) printf "%s %d %.6g %.6g %.6g\n", t, s[t], q[t], l[t], h[t]; print "rows", n}' \
	$S/events.txt | sort -k2,2n > $O/tags.txt
echo "   wall $(echo "$(date +%s.%N) - $s" | bc) s"
