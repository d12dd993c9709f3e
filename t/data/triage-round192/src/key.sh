#!/bin/bash
# throw-away: key counters of each record (non-zero), compact
P=/tmp/darshan-inst/bin/darshan-parser
$P --show-incomplete "$1" | awk '
/^# (nprocs|run time|start_time_asci|exe|darshan log version)/ {print; next}
/partial flag|incomplete/ {print}
/^#/ || NF<6 {next}
{ mod=$1; r=$2; c=$4; v=$5; f=$6; k=mod" r"r" "f
  if (v==0 || v==-1) next
  if (c ~ /(OPENS|READS|WRITES|BYTES_READ|BYTES_WRITTEN|F_READ_TIME|F_WRITE_TIME|F_META_TIME|FSYNCS|FDSYNCS|SEEKS|STATS|SIZE_|COLL|INDEP|NB_|SLOWEST_RANK|FASTEST_RANK|VARIANCE|MAX_BYTE|FILE_NOT_ALIGNED|MEM_NOT_ALIGNED|RW_SWITCHES|FLUSHES|RENAME|ACCESS1|F_OPEN_START|F_CLOSE_END|MAX_READ_TIME$|MAX_WRITE_TIME$)/) { if (!(k in seen)) {order[++n]=k; seen[k]=1}; s[k]=s[k]" "c"="v }
}
END { for (i=1;i<=n;i++) { k=order[i]; gsub(/POSIX_|STDIO_|MPIIO_/,"",s[k]); print k":"s[k] } }'
