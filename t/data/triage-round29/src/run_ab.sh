#!/bin/sh
# A B A B reruns without Darshan (wall time of the whole program; load average beside each).
R=/tmp/labels29/run; cd $R; PY=/usr/bin/python3
w() { s=$(date +%s.%N); "$@" >/tmp/labels29/ab.out 2>&1; e=$(date +%s.%N); printf "  %-40s wall %.3f s load %s\n" "$*" $(echo "$e - $s" | bc) $(cut -d' ' -f1 /proc/loadavg); }
for pair in "many packed" "csv pickle" "h5small h5big" "ckpt1 ckpt50" "appeach appone"; do
 set -- $pair
 for i in 1 2; do w $PY src/wf.py $1 out; w $PY src/wf.py $2 out; done
done
