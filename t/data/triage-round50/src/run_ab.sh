#!/bin/bash
# Round 50's extra A B pairs (reruns/, not labelled), after run_reruns.sh, for the stake whose twin was noisy:
# rank0-tail against rank0-buf, twice (r50-labels50-ab3-*, -ab4-*); then (added 13:32, after the device counts showed
# both send 2048 requests of 4 KiB) rank0-tail against rank0-each (every rank its own records), twice (-ab5-*, -ab6-*). Around each job, the write requests the
# blkio cgroup sent to the throttled device (blkio.throttle.io_serviced, loop device of mnt): the device's share.
S=/work/labels50/t/data/triage-round50/src; CG=/sys/fs/cgroup/blkio/labels50
mm=$(cat /sys/block/$(basename $(cat /tmp/labels50/loopdev))/dev)
w() { awk -v d="$mm" '$1==d && $2=="Write" {print $3}' $CG/blkio.throttle.io_serviced; }
J=${J:-"rank0-tail rank0-buf"}
for p in ${PASSES:-ab3 ab4}; do for j in $J; do
	b=$(w); LOGS=reruns PFX=r50-labels50-$p- ONLY="$j" $S/run_all.sh | grep -v '^-r\|^total'; echo "   $j: $(( $(w) - b )) write requests to the throttled device"
done; done
