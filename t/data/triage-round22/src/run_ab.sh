#!/bin/sh
# A B A B reruns for the stakes, without Darshan, wall time of the whole program (mpirun included)
R=/tmp/labels22/run; IOR=/tmp/labels22/ior/src/ior
cd $R; mkdir -p out/ab
M="mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none"
w() { tag=$1; shift; s=$(date +%s.%N); "$@" >/dev/null 2>&1; echo "$tag $(echo "$(date +%s.%N) - $s" | bc) load $(cut -d' ' -f1 /proc/loadavg)"; }
for i in 1 2; do
w ssf-4k $M -np 4 $IOR -a POSIX -t 4k -b 8m -w -r -i 1 -o $R/out/ab/a
w ssf-1m $M -np 4 $IOR -a POSIX -t 1m -b 8m -w -r -i 1 -o $R/out/ab/a
w mpiio-coll-64k $M -np 4 $IOR -a MPIIO -c -t 64k -b 16m -w -r -i 1 -o $R/out/ab/b
w mpiio-indep-64k $M -np 4 $IOR -a MPIIO -t 64k -b 16m -w -r -i 1 -o $R/out/ab/b
w rand-4k $M -np 4 $IOR -a POSIX -z -t 4k -b 4m -w -r -i 1 -o $R/out/ab/c
w seq-4k $M -np 4 $IOR -a POSIX -t 4k -b 4m -w -r -i 1 -o $R/out/ab/c
w fsync-each $M -np 2 $IOR -a POSIX -Y -t 64k -b 8m -w -i 1 -o $R/out/ab/d
w fsync-end $M -np 2 $IOR -a POSIX -e -t 64k -b 8m -w -i 1 -o $R/out/ab/d
w dd-512 dd if=/dev/zero of=$R/out/ab/dd bs=512 count=131072
w dd-4m dd if=/dev/zero of=$R/out/ab/dd bs=4M count=16
rm -f out/ab/*.db
w sqlite-autocommit sh -c "sqlite3 $R/out/ab/a$i.db <$R/out/notx.sql"
w sqlite-tx sh -c "sqlite3 $R/out/ab/t$i.db <$R/out/tx.sql"
done
