#!/bin/bash
# Round 76's slow storage, adapted from round 31's throttle.sh (run as root; `throttle.sh up` before the
# runs, `throttle.sh cold` to empty its page cache before a cold-read run, `throttle.sh down` after).
# One file-backed loop device in /tmp/labels76, ext4, write-back (default mount options): fsync, O_DIRECT
# and cold reads meet the throttle; buffered writeback is done by the kernel's flusher, outside the cgroup.
# A cgroup v1 blkio throttle "labels76" holds only the run script's processes (run_all.sh writes its own pid
# into cgroup.procs; mpirun and the ranks inherit it).
# Limits for the whole cgroup (shared by the ranks, as a busy file system's are):
#   write 16 MiB/s, read 32 MiB/s, 300 write and 600 read IOPS.
set -e
D=/tmp/labels76; CG=/sys/fs/cgroup/blkio/labels76
case "$1" in
up)
	mkdir -p $D/mnt
	truncate -s 2G $D/disk.img
	losetup -f --show --direct-io=on $D/disk.img > $D/loopdev
	mkfs.ext4 -q -F $(cat $D/loopdev)
	mount $(cat $D/loopdev) $D/mnt
	mkdir -p $CG
	mm=$(cat /sys/block/$(basename $(cat $D/loopdev))/dev)
	echo "$mm 16777216" > $CG/blkio.throttle.write_bps_device
	echo "$mm 33554432" > $CG/blkio.throttle.read_bps_device
	echo "$mm 300" > $CG/blkio.throttle.write_iops_device
	echo "$mm 600" > $CG/blkio.throttle.read_iops_device
	chmod 777 $D/mnt;;
cold)
	sync; umount $D/mnt; mount $(cat $D/loopdev) $D/mnt;;
down)
	umount $D/mnt
	losetup -d $(cat $D/loopdev)
	rmdir $CG
	rm -f $D/disk.img;;
esac
