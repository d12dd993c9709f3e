#!/bin/bash
# Round 189's slow storage (adapted from round 169's throttle.sh; run as root: `throttle.sh up` before, `throttle.sh down` after).
# Loop device /dev/loop189 (file-backed, --direct-io=on) -> /tmp/labels189/mnt189, ext4 mounted -o sync (every write(2)
# and every create reaches the throttled device before it returns).
# cgroup v1 blkio throttles on that device:
#   labels189-node: the whole job as one node (write 32 MiB/s, read 64 MiB/s, 400 write / 800 read IOPS)
#   labels189-r0..r3: one cgroup per rank, each rank its own client (read 32 MiB/s, write 16 MiB/s, 200 write /
#                     400 read IOPS each), for the job that runs one rank a node (varcall)
set -e
D=/tmp/labels189; CG=/sys/fs/cgroup/blkio; L=/dev/loop189
lim() { mm=$(cat /sys/block/loop189/dev); echo "$mm $2" > $CG/$1/blkio.throttle.write_bps_device; echo "$mm $3" > $CG/$1/blkio.throttle.read_bps_device
	echo "$mm $4" > $CG/$1/blkio.throttle.write_iops_device; echo "$mm $5" > $CG/$1/blkio.throttle.read_iops_device; }
case "$1" in
up)
	mkdir -p $D/mnt189
	truncate -s 2G $D/disk189.img
	[ -b $L ] || mknod $L b 7 189
	losetup --direct-io=on $L $D/disk189.img
	mkfs.ext4 -q -F $L
	mount -o sync $L $D/mnt189
	mkdir -p $CG/labels189-node; lim labels189-node 33554432 67108864 400 800
	for r in 0 1 2 3; do mkdir -p $CG/labels189-r$r; lim labels189-r$r 16777216 33554432 200 400; done
	;;
down)
	umount $D/mnt189
	losetup -d $L
	rmdir $CG/labels189-node $CG/labels189-r0 $CG/labels189-r1 $CG/labels189-r2 $CG/labels189-r3
	rm -f $D/disk189.img;;
esac
