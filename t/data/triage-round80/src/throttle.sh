#!/bin/bash
# Round 78's slow storage (labels80), copied from round 52's, itself adapted from round 31's (run as root; `throttle.sh up` before the runs, `down` after).
# Two file-backed loop devices in /tmp/labels80, ext4, and a cgroup v1 blkio throttle "labels80" that holds
# only the run scripts' processes (run_all.sh writes its own pid into cgroup.procs; mpirun and ranks inherit).
# loopA -> /tmp/labels80/mnt, mounted -o sync: every write(2) reaches the throttled device before it returns.
# loopB -> /tmp/labels80/mntwb, write-back ext4: only fsync, O_DIRECT and cold reads meet the throttle.
# Limits on both: write 24 MiB/s, read 48 MiB/s, 300 write and 600 read IOPS, for the whole cgroup.
set -e
D=/tmp/labels80; CG=/sys/fs/cgroup/blkio/labels80
case "$1" in
up)
	mkdir -p $D/mnt $D/mntwb
	truncate -s 512M $D/disk.img; truncate -s 512M $D/wb.img
	losetup -f --show --direct-io=on $D/disk.img > $D/loopdev
	losetup -f --show --direct-io=on $D/wb.img > $D/loopdev2
	mkfs.ext4 -q -F $(cat $D/loopdev); mkfs.ext4 -q -F $(cat $D/loopdev2)
	mount -o sync $(cat $D/loopdev) $D/mnt; mount $(cat $D/loopdev2) $D/mntwb
	mkdir -p $CG
	for l in $(cat $D/loopdev) $(cat $D/loopdev2); do
		mm=$(cat /sys/block/$(basename $l)/dev)
		echo "$mm 25165824" > $CG/blkio.throttle.write_bps_device
		echo "$mm 50331648" > $CG/blkio.throttle.read_bps_device
		echo "$mm 300" > $CG/blkio.throttle.write_iops_device
		echo "$mm 600" > $CG/blkio.throttle.read_iops_device
	done;;
down)
	umount $D/mnt; umount $D/mntwb
	losetup -d $(cat $D/loopdev); losetup -d $(cat $D/loopdev2)
	rmdir $CG
	rm -f $D/disk.img $D/wb.img;;
esac
