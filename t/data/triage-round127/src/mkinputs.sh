#!/bin/bash
# Round 127's inputs (not run under Darshan): MSA databases (8 x 16 MiB FASTA-like), a 32 MiB receptor grid,
# 800 small ligand SDF files, and fold127.py's weights / pickled features / unrelaxed models (local and throttled).
set -e
R=$1
mkdir -p $R/msa/db $R/msa/out $R/dock/ligands $R/dock/out
for i in 00 01 02 03 04 05 06 07; do head -c 16777216 /dev/urandom | base64 -w 60 | head -c 16777216 > $R/msa/db/uniref_$i.fasta; done
head -c 33554432 /dev/urandom > $R/dock/receptor.grid
for i in $(seq 0 799); do f=$(printf '%s/dock/ligands/lig_%05d.sdf' $R $i)
	{ echo "ZINC$i"; echo "  generated"; for a in $(seq 1 24); do printf '%10.4f%10.4f%10.4f C   0  0  0  0  0  0\n' $a.$i 1.$a 2.$i; done; echo '$$$$'; } > $f; done
