#!/bin/bash
# key counters per record: rank, file tail, counter=value for the chosen counters
P=/tmp/darshan-inst/bin/darshan-parser
$P --show-incomplete "$1" | awk -v pat="${2:-_(OPENS|READS|WRITES|BYTES_READ|BYTES_WRITTEN|F_READ_TIME|F_WRITE_TIME|F_META_TIME|FSYNCS|MAX_BYTE_READ|SLOWEST_RANK_TIME|FASTEST_RANK_TIME|SLOWEST_RANK_BYTES|FASTEST_RANK_BYTES|COLL_WRITES|COLL_OPENS|INDEP_WRITES|SEQ_READS|SIZE_READ_1M_4M|SIZE_READ_100K_1M|SIZE_WRITE_0_100|SIZE_WRITE_100_1K|SIZE_WRITE_1K_10K|FILE_NOT_ALIGNED)$}" '
/^# run time:/{print} /^# nprocs/{print}
/^[A-Z]/ && $4 ~ pat && $5 != 0 { n=split($6,a,"/"); f=a[n-1]"/"a[n]; k[$1" "$2" "f]=k[$1" "$2" "f]" "$4"="$5 }
END{for(x in k) print x":"k[x]}' | sed 's/POSIX_//g; s/MPIIO_//g; s/STDIO_//g' | sort
