#!/bin/sh
# Round 53's inputs (outside the cgroup): DIR/in/deck.in (awk, srand(53), 120000 lines), 32 MiB data.bin,
# 256 species files of 1 KiB, a 64 MiB numpy field, the Fortran namelists, 100 MB of text for the pipelines.
for D in "$@"; do
	mkdir -p $D/in/sp $D/out
	[ -f $D/in/deck.in ] || awk 'BEGIN{srand(53); for(i=0;i<120000;i++) printf "param_%06d = %.10f %d %s\n", i, rand()*1000, int(rand()*1e6), (rand()<0.5?"on":"off")}' > $D/in/deck.in
	[ -f $D/in/data.bin ] || head -c $((32*1024*1024)) /dev/urandom > $D/in/data.bin
	for i in $(seq 0 255); do f=$(printf '%s/in/sp/%03d.dat' $D $i); [ -f $f ] || head -c 1024 $D/in/deck.in > $f; done
	[ -f $D/in/field.npy ] || /usr/bin/python3 -c "import numpy as np; np.save('$D/in/field.npy', np.random.default_rng(53).random(8<<20))"
	printf '&run n=262144, steps=600, sweeps=4, dflush=.false. /\n' > $D/in/run.nml
	printf '&run n=262144, steps=600, sweeps=4, dflush=.true. /\n' > $D/in/runf.nml
	[ -f $D/in/text.txt ] || awk 'BEGIN{srand(530); for(i=0;i<1500000;i++) printf "%08d %s %.6f key%05d\n", int(rand()*1e8), (rand()<0.5?"alpha":"omega"), rand()*1e4, int(rand()*99999)}' > $D/in/text.txt
done
