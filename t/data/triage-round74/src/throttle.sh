#!/bin/bash
# Round 74 slow storage (copied from round 31, adapted) (run as root; `throttle.sh up` before the runs, `throttle.sh down` after).
# Two file-backed (2G and 1G) loop devices in /tmp/labels74, ext4, and a cgroup v1 blkio throttle that holds only the
# run scripts' processes (run_all.sh writes its own pid into cgroup.procs; mpirun and the ranks inherit it).
# first loop device (losetup -f) -> /tmp/labels74/mnt, mounted -o sync: every write(2) reaches the throttled device before it
#   returns, as on a parallel file system without client write-back; inputs and most outputs live here.
# second loop device -> /tmp/labels74/mntwb, write-back (default ext4): only fsync, O_DIRECT and cold reads meet the
#   throttle there (buffered writeback is done by the kernel's flusher, outside the cgroup); the journal runs.
# Limits on both: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS, for the whole cgroup (shared
# by the ranks, as a busy file system's bandwidth is).
set -e
D=/tmp/labels74; CG=/sys/fs/cgroup/blkio/labels74
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
	;;
down)
	umount $D/mnt; umount $D/mntwb
	losetup -d $(cat $D/loopdev); losetup -d $(cat $D/loopdev2)
	rmdir $CG
	rm -f $D/disk.img $D/wb.img;;
esac
