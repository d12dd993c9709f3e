#!/bin/bash
# Round 49's slow storage, adapted from round 31's throttle.sh (run as root; `throttle.sh up` before the
# runs, `throttle.sh down` after). One file-backed loop device in /tmp/labels49, ext4 with default
# write-back, mounted at /tmp/labels49/mnt, and a cgroup v1 blkio throttle `labels49` that holds only
# the run script's processes (run_all.sh writes its own pid into cgroup.procs; mpirun and the ranks
# inherit it). This round's jobs read: cold reads (the file system is remounted before each run) meet
# the limits. Limits, for the whole cgroup (shared by the ranks, as a busy file system's bandwidth is):
# read 48 MiB/s and 600 read IOPS, write 32 MiB/s and 400 write IOPS.
set -e
D=/tmp/labels49; CG=/sys/fs/cgroup/blkio/labels49
case "$1" in
up)
	mkdir -p $D/mnt
	truncate -s 2G $D/disk.img
	losetup -f --show --direct-io=on $D/disk.img > $D/loopdev
	mkfs.ext4 -q -F $(cat $D/loopdev)
	mount $(cat $D/loopdev) $D/mnt
	mkdir -p $CG
	mm=$(cat /sys/block/$(basename $(cat $D/loopdev))/dev)
	echo "$mm 50331648" > $CG/blkio.throttle.read_bps_device
	echo "$mm 33554432" > $CG/blkio.throttle.write_bps_device
	echo "$mm 600" > $CG/blkio.throttle.read_iops_device
	echo "$mm 400" > $CG/blkio.throttle.write_iops_device;;
down)
	umount $D/mnt
	losetup -d $(cat $D/loopdev)
	rmdir $CG
	rm -f $D/disk.img $D/loopdev;;
esac
