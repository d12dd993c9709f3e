#!/bin/sh
# A B A B reruns with the programs' own clocks (IOR: write + read total(s) of its table; dd: its "copied, N s"), no Darshan
R=/tmp/labels22/run; IOR=/tmp/labels22/ior/src/ior
cd $R; mkdir -p out/ab
M="mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none"
ior() { tag=$1; shift; $M "$@" 2>&1 | awk -v t="$tag" -v l="$(cut -d' ' -f1 /proc/loadavg)" '/^(write|read) +[0-9]/ {s += $10; d = d " " $1 "=" $10} END {printf "%s total %.4f (%s) load %s\n", t, s, d, l}'; }
dd1() { tag=$1; shift; dd "$@" 2>&1 | awk -v t="$tag" -v l="$(cut -d' ' -f1 /proc/loadavg)" '/copied/ {print t, $(NF-3), "s load", l}'; }
for i in 1 2 3; do  # (the "total" it prints sums each phase twice: IOR prints two tables; README gives the once-summed figures)
ior ssf-4k -np 4 $IOR -a POSIX -t 4k -b 8m -w -r -i 1 -o $R/out/ab/a
ior ssf-1m -np 4 $IOR -a POSIX -t 1m -b 8m -w -r -i 1 -o $R/out/ab/a
ior rand-4k -np 4 $IOR -a POSIX -z -t 4k -b 4m -w -r -i 1 -o $R/out/ab/c
ior rand-1m -np 4 $IOR -a POSIX -z -t 1m -b 4m -w -r -i 1 -o $R/out/ab/c
ior mpiio-coll-64k -np 4 $IOR -a MPIIO -c -t 64k -b 16m -w -r -i 1 -o $R/out/ab/b
ior mpiio-indep-64k -np 4 $IOR -a MPIIO -t 64k -b 16m -w -r -i 1 -o $R/out/ab/b
ior fsync-each -np 2 $IOR -a POSIX -Y -t 64k -b 8m -w -i 1 -o $R/out/ab/d
ior fsync-end -np 2 $IOR -a POSIX -e -t 64k -b 8m -w -i 1 -o $R/out/ab/d
dd1 dd-512 if=/dev/zero of=$R/out/ab/dd bs=512 count=131072
dd1 dd-4m if=/dev/zero of=$R/out/ab/dd bs=4M count=16
done
