#!/bin/sh
# run one rank in blkio cgroup labels189-$CG (CG=node) or labels189-r<rank> (CG=rank), with Darshan preloaded ($DL)
if [ "$CG" = rank ]; then c=labels189-r$OMPI_COMM_WORLD_RANK; else c=labels189-node; fi
echo $$ > /sys/fs/cgroup/blkio/$c/cgroup.procs
LD_PRELOAD=$DL exec "$@"
