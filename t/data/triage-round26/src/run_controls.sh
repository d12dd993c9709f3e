#!/bin/sh
# The control runs of round 26 (without Darshan; typed at the prompt between 02:08:30 and 02:09:51 UTC, gathered
# here as run): do the wall-time gaps of the partlog, poll and series twins come from the I/O calls, or from
# 8 (or 4) ranks sharing 2 loaded cores, where a rank that enters the kernel stalls its neighbours' halo exchange?
cd /tmp/labels26/run
M="mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none"
for k in 1 2; do for v in flush noflush; do rm -f out/pz.log; $M -np 8 ./app26 partlog 16 3000 0 out/pz.log $v; done; done
for k in 1 2; do for v in flush noflush; do rm -f out/pz.log; $M -np 2 ./app26 partlog 16 3000 1 out/pz.log $v; done; done
for k in 1 2; do for v in every root; do $M -np 2 ./app26 poll 16 3000 1 ctl $v; done; done
for v in every root; do $M -np 8 ./app26 poll 16 3000 0 ctl $v; done
for k in 1 2; do for v in keep reopen; do rm -f out/sz.*; $M -np 2 ./app26 series 16 4000 1 out/sz $v; done; done
for v in keep reopen; do rm -f out/sz.*; $M -np 4 ./app26 series 16 4000 0 out/sz $v; done
