#!/bin/bash
# Round 50's slow storage, adapted from round 31's throttle.sh (run as root; `throttle.sh up` before the runs,
# `throttle.sh down` after). Two file-backed loop devices in /tmp/labels50 (losetup --direct-io=on, so the
# host's page cache does not hide the device), ext4, and a cgroup v1 blkio throttle /sys/fs/cgroup/blkio/labels50
# that holds only the run script's processes (run_all.sh writes its own pid into cgroup.procs; mpirun, the ranks
# and timeout inherit it).
#   $D/mnt   -o sync: every write(2) reaches the throttled device before it returns (a parallel file system
#            without client write-back); the throttled jobs' inputs and outputs live here.
#   $D/mntwb write-back (default ext4): only fsync, O_DIRECT and cold reads meet the throttle there (unused
#            by the labelled jobs; kept as round 31 made it).
# Limits on each device: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS, for the whole cgroup.
# `remount` unmounts and mounts mnt again: a cold page cache for the next run's reads.
set -e
D=/tmp/labels50; CG=/sys/fs/cgroup/blkio/labels50
case "$1" in
up)
	mkdir -p $D/mnt $D/mntwb
	truncate -s 2G $D/disk.img; truncate -s 512M $D/wb.img
	losetup -f --show --direct-io=on $D/disk.img > $D/loopdev
	losetup -f --show --direct-io=on $D/wb.img > $D/loopdev2
	mkfs.ext4 -q -F $(cat $D/loopdev); mkfs.ext4 -q -F $(cat $D/loopdev2)
	mount -o sync $(cat $D/loopdev) $D/mnt; mount $(cat $D/loopdev2) $D/mntwb
	mkdir -p $CG
	for l in $(cat $D/loopdev) $(cat $D/loopdev2); do
		mm=$(cat /sys/block/$(basename $l)/dev)
		echo "$mm 33554432" > $CG/blkio.throttle.write_bps_device
		echo "$mm 67108864" > $CG/blkio.throttle.read_bps_device
		echo "$mm 400" > $CG/blkio.throttle.write_iops_device
		echo "$mm 800" > $CG/blkio.throttle.read_iops_device
	done
	mkdir -p $D/mnt/in $D/mnt/out $D/mntwb/out;;
remount)
	umount $D/mnt; mount -o sync $(cat $D/loopdev) $D/mnt;;
down)
	umount $D/mnt; umount $D/mntwb
	losetup -d $(cat $D/loopdev); losetup -d $(cat $D/loopdev2)
	rmdir $CG
	rm -f $D/disk.img $D/wb.img;;
esac
