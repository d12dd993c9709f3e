#!/bin/bash
# Round 34's second A B pass (no Darshan: wall time only, in the cgroup, cold cache before each run), made after
# run_ab.sh and before any label was written: the tree programs against moving the same bytes as one file, and
# gzip's 256 KiB and gunzip's 32 KiB writes against the same output written through dd in 4 MiB blocks.
R=/tmp/labels34/run; S=/tmp/labels34/mnt; W=/tmp/labels34/mntwb
echo $$ > /sys/fs/cgroup/blkio/labels34/cgroup.procs
cold() { sync; umount $S && mount -o sync $(cat /tmp/labels34/loopdev) $S && umount $W && mount $(cat /tmp/labels34/loopdev2) $W || exit 1; }
t() { name=$1; shift; cold; local s=$(date +%s.%N); sh -c "$*"; echo "$name $(echo "$(date +%s.%N) - $s" | bc) s (load $(cut -d' ' -f1 /proc/loadavg)): $*"; }
[ -f $S/out/lines.txt.gz ] || gzip -k -f $S/out/lines.txt
for k in 1 2; do
	rm -rf $S/out/x; mkdir -p $S/out/x; t ab$k-untar "tar -xf $S/out/src.tar -C $S/out/x"
	rm -f $S/out/copy.tar; t ab$k-tarcopy "dd if=$S/out/src.tar of=$S/out/copy.tar bs=1M 2>/dev/null"
	rm -rf $S/out/rs; t ab$k-rsync "rsync -a --whole-file $S/in/tree/ $S/out/rs/"
	rm -f $S/out/copy.tar; t ab$k-tarcopy "dd if=$S/out/src.tar of=$S/out/copy.tar bs=1M 2>/dev/null"
	rm -f $S/out/lines.txt; t ab$k-gunzip "gzip -d -k -f $S/out/lines.txt.gz"
	rm -f $S/out/lines.txt; t ab$k-gunzip-dd "gzip -dc $S/out/lines.txt.gz | dd of=$S/out/lines.txt bs=4M iflag=fullblock 2>/dev/null"
	rm -f $S/out/lines.txt.gz; t ab$k-gzip "gzip -k -f $S/out/lines.txt"
	rm -f $S/out/lines.txt.gz; t ab$k-gzip-dd "gzip -c $S/out/lines.txt | dd of=$S/out/lines.txt.gz bs=4M iflag=fullblock 2>/dev/null"
done
rm -f $S/out/copy.tar
