#!/bin/sh
# mkcalcs.sh ROOT N WAVMIB: N finished calculations (POSCAR with a lattice constant, a 60-iteration OUTCAR, a WAVECAR
# of WAVMIB MiB), made outside Darshan; the WAVECARs' pages are then dropped from the page cache (fadvise DONTNEED)
R=$1; N=$2; M=$3
for i in $(seq 0 $((N-1))); do d=$R/calc-$(printf %03d $i); mkdir -p $d
	awk -v i=$i 'BEGIN{a=5.30+0.004*i; printf "Si\n1.0\n%.4f 0 0\n0 %.4f 0\n0 0 %.4f\nSi\n8\nDirect\n", a, a, a}' > $d/POSCAR
	awk -v i=$i 'BEGIN{a=5.30+0.004*i; e=-43.0+2.1*(a-5.43)^2; for(k=0;k<60;k++) printf " iteration %5d  free energy TOTEN = %18.8f eV  dE = %12.4e\n", k, e+exp(-k/5), exp(-k/5)}' > $d/OUTCAR
	head -c $((M*1024*1024)) /dev/urandom > $d/WAVECAR
done
python3 -c 'import os,sys,glob
for p in glob.glob(sys.argv[1]+"/calc-*/WAVECAR"):
    fd=os.open(p,os.O_RDONLY); os.fsync(fd); os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED); os.close(fd)' $R
