#!/bin/sh
# Round 77's build and inputs (made without Darshan, outside the blkio cgroup), in /tmp/labels77/run.
# gcc 12 / gfortran 12, Open MPI 4.1.4 (Debian 12).
R=/tmp/labels77/run; MR="mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none"
cd $R && mkdir -p in
mpicc -O2 -Wall -o md77 src/md77.c -lm
mpif90 -O2 -o perframe src/perframe.f90
# fixed-frame trajectory: 40000 atoms, 400 frames of 480000 B after a 4096-B header (192004096 B)
$MR -np 1 ./md77 mkfixed in/traj.dat 40000 400
# xtc-like trajectory: 5000 atoms, 4000 frames of varying size (8-B header + varint payload, 166943461 B)
# and its index of 4000 uint64 offsets (32000 B)
$MR -np 1 ./md77 mkxtc in/small.xtc in/small.idx 5000 4000
# the throttled copy of the fixed trajectory (src/throttle.sh up first)
mkdir -p /tmp/labels77/mnt/in /tmp/labels77/mnt/out && cp in/traj.dat /tmp/labels77/mnt/in/ && sync
