#!/bin/sh
# The inputs of round 32's runs (not logged), made once before them in /tmp/labels32/run.
cd /tmp/labels32/run; mkdir -p in out
mpicc -O2 -Wall -Wextra -o app32 src/app32.c
mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np 1 ./app32 mkinput 1 1 1 in/particles.bin 256
awk 'BEGIN{srand(32); for(i=0;i<12000;i++) printf "param_%06d = %.8f  ! %s\n", i, rand()*100, (i%7?"tolerance":"coefficient")}' > in/deck.in
