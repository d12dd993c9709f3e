#!/bin/bash
# Round 46's slow storage, adapted from round 31's throttle.sh (run as root; `throttle.sh up` before the runs,
# `throttle.sh down` after). Two file-backed loop devices in /tmp/labels46 (losetup --direct-io=on, so the
# host's page cache does not hide the device), ext4, and a cgroup v1 blkio throttle /sys/fs/cgroup/blkio/labels46
# that holds only the run scripts' processes (run_all.sh writes its own pid into cgroup.procs; mpirun and the
# ranks inherit it).
#   $D/mnt   -o sync: every write(2) reaches the throttled device before it returns (a parallel file system
#            without client write-back); inputs and most throttled outputs live here.
#   $D/mntwb write-back (default ext4): only fsync, O_DIRECT and cold reads meet the throttle there.
# Limits on each device: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS, for the whole cgroup.
set -e
D=/tmp/labels46; CG=/sys/fs/cgroup/blkio/labels46
case "$1" in
up)
	mkdir -p $D/mnt $D/mntwb
	truncate -s 2G $D/disk.img; truncate -s 1G $D/wb.img
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
remount)	# cold cache for the next run's reads
	umount $D/mnt; mount -o sync $(cat $D/loopdev) $D/mnt;;
down)
	umount $D/mnt; umount $D/mntwb
	losetup -d $(cat $D/loopdev); losetup -d $(cat $D/loopdev2)
	rmdir $CG
	rm -f $D/disk.img $D/wb.img;;
esac
