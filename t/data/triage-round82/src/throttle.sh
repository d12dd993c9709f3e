#!/bin/bash
# Round 82 (adapted from round 81, after round 31)'s slow storage (run as root; `throttle.sh up` before the runs, `throttle.sh down` after).
# Two file-backed loop devices in /tmp/labels82, ext4, and a cgroup v1 blkio throttle that holds only the
# run scripts' processes (run_all.sh writes its own pid into cgroup.procs; mpirun and the ranks inherit it).
# loop0 (7:0) -> /tmp/labels82/mnt, mounted -o sync: every write(2) reaches the throttled device before it
#   returns, as on a parallel file system without client write-back; inputs and most outputs live here.
# loop1 (7:1) -> /tmp/labels82/mntwb, write-back (default ext4): only fsync, O_DIRECT and cold reads meet the
#   throttle there (buffered writeback is done by the kernel's flusher, outside the cgroup); the journal runs.
# Limits on both: write 32 MiB/s, read 64 MiB/s, 400 write and 800 read IOPS, for the whole cgroup (shared
# by the ranks, as a busy file system's bandwidth is).
set -e
D=/tmp/labels82; CG=/sys/fs/cgroup/blkio/labels82
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
	mkdir -p $D/mnt/in $D/mnt/out $D/mntwb/out
	head -c $((64*1024*1024)) /dev/urandom > $D/mnt/in/data.bin;;
down)
	umount $D/mnt; umount $D/mntwb
	losetup -d $(cat $D/loopdev); losetup -d $(cat $D/loopdev2)
	rmdir $CG
	rm -f $D/disk.img $D/wb.img;;
esac
