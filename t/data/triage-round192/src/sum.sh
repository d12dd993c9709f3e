#!/bin/bash
# throw-away: per log: run time; per rank (rank -1 = shared record, its slowest rank time shown separately) POSIX read/write/meta, STDIO, MPIIO times; number of files
P=/tmp/darshan-inst/bin/darshan-parser
for f in "$@"; do
$P --show-incomplete "$f" | awk -v F="$(basename $f .darshan)" '
/^# run time/ {rt=$4} /^# nprocs/ {np=$3}
/^#/ || NF<6 {next}
$6 ~ /\.so|^\/(usr|etc|proc|sys)|pyenv/ {next}
{ m=$1; r=$2; c=$4; v=$5
 if (c ~ /_F_(READ|WRITE|META)_TIME$/) { t[m" r"r]+=v }
 if (c ~ /^(POSIX|STDIO)_OPENS$/ && r>=0) nf[m]++
 if (c ~ /^(POSIX|STDIO)_OPENS$/ && r<0) nfs[m]++
 if (c ~ /F_SLOWEST_RANK_TIME/) sl[m]+=v
 if (c ~ /_(READS|WRITES)$/) ops[m]+=v
 if (c ~ /BYTES_(READ|WRITTEN)$/) by[m]+=v
}
END { printf "%s: np %s run %s |", F, np, rt; for (k in t) printf " %s %.3f", k, t[k]; printf " | slowest(shared)"; for (k in sl) printf " %s %.3f", k, sl[k];
 printf " | files"; for (k in nf) printf " %s %d", k, nf[k]; for (k in nfs) printf " %s-shared %d", k, nfs[k]; printf " | ops"; for (k in ops) printf " %s %d/%dB", k, ops[k], by[k]; print "" }'
done
