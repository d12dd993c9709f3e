#!/bin/bash
# Round 37's twins without Darshan (wall time, 2 A B pairs, cold cache each, in cgroup labels37): git checkout of the
# 763-file linux-headers repository against moving the same files as one archive (dd bs=1M of a tar of them); then
# xz and awk against dd twins. SKIPGIT=1: only the second part (it was added and run after the first).
S=/tmp/labels37/mnt
echo $$ > /sys/fs/cgroup/blkio/labels37/cgroup.procs
cold() { sync; umount $S && mount -o sync $(cat /tmp/labels37/loopdev) $S || exit 1; }
t() { cold; local s=$(date +%s.%N); "$@" >/dev/null 2>&1; echo "$(echo "$(date +%s.%N) - $s" | bc) s (load $(cut -d' ' -f1 /proc/loadavg)): $*"; }
[ -f $S/in/linux.tar ] || tar -cf $S/in/linux.tar -C $S/in/repo linux
[ -n "$SKIPGIT" ] || for k in 1 2; do
	rm -rf $S/out/clone; git clone -q --no-checkout file://$S/in/repo $S/out/clone
	t git -C $S/out/clone checkout -q -f master
	rm -f $S/out/linux.tar; t dd if=$S/in/linux.tar of=$S/out/linux.tar bs=1M
done
# xz's 8 KiB writes on the sync mount against the same output written by dd in 4 MiB blocks; awk's 4 KiB reads
# against the same input read by dd in 4 MiB blocks into a pipe (2 A B pairs each, wall time).
cp -f $S/in/lines12.txt $S/out/lines12.txt
for k in 1 2; do
	rm -f $S/out/lines12.txt.xz; t xz -k -f -T1 -1 $S/out/lines12.txt
	rm -f $S/out/lines12.txt.xz; t sh -c "xz -c -T1 -1 $S/out/lines12.txt | dd of=$S/out/lines12.txt.xz bs=4M iflag=fullblock"
	t awk '{n[substr($1,1,1)]++} END{for(k in n) print k, n[k]}' $S/in/lines.txt
	t sh -c "dd if=$S/in/lines.txt bs=4M | awk '{n[substr(\$1,1,1)]++} END{for(k in n) print k, n[k]}'"
done
