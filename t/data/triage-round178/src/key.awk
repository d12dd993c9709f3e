# per record summary of darshan-parser output
/^# run time:/ {print "RUNTIME", $4}
/^# nprocs:/ {print "NPROCS", $3}
/^#/ {next}
NF>=6 && ($1=="POSIX"||$1=="STDIO"||$1=="MPI-IO") {
  key=$1" "$2" "$6; if(!(key in seen)){seen[key]=1; order[++n]=key}
  v[key,$4]=$5
}
END{
  for(i=1;i<=n;i++){k=order[i]; split(k,a," "); m=a[1]; p=(m=="MPI-IO")?"MPIIO":m
    printf "%s r%s %s\n", m, a[2], a[3]
    if(m=="POSIX") printf "   opens %s reads %s writes %s fsyncs %s stats %s seeks %s br %s bw %s rt %s wt %s mt %s small(<=4K r/w) %s/%s 4K-10K %s/%s slowest %s(%s) fastest %s(%s) maxrd %s maxwr %s\n", v[k,"POSIX_OPENS"],v[k,"POSIX_READS"],v[k,"POSIX_WRITES"],v[k,"POSIX_FSYNCS"]+v[k,"POSIX_FDSYNCS"],v[k,"POSIX_STATS"],v[k,"POSIX_SEEKS"],v[k,"POSIX_BYTES_READ"],v[k,"POSIX_BYTES_WRITTEN"],v[k,"POSIX_F_READ_TIME"],v[k,"POSIX_F_WRITE_TIME"],v[k,"POSIX_F_META_TIME"],v[k,"POSIX_SIZE_READ_0_100"]+v[k,"POSIX_SIZE_READ_100_1K"]+v[k,"POSIX_SIZE_READ_1K_10K"],v[k,"POSIX_SIZE_WRITE_0_100"]+v[k,"POSIX_SIZE_WRITE_100_1K"]+v[k,"POSIX_SIZE_WRITE_1K_10K"],v[k,"POSIX_SIZE_READ_10K_100K"],v[k,"POSIX_SIZE_WRITE_10K_100K"],v[k,"POSIX_SLOWEST_RANK"],v[k,"POSIX_F_SLOWEST_RANK_TIME"],v[k,"POSIX_FASTEST_RANK"],v[k,"POSIX_F_FASTEST_RANK_TIME"],v[k,"POSIX_MAX_BYTE_READ"],v[k,"POSIX_MAX_BYTE_WRITTEN"]
    if(m=="STDIO") printf "   opens %s reads %s writes %s flushes %s br %s bw %s rt %s wt %s mt %s\n", v[k,"STDIO_OPENS"],v[k,"STDIO_READS"],v[k,"STDIO_WRITES"],v[k,"STDIO_FLUSHES"],v[k,"STDIO_BYTES_READ"],v[k,"STDIO_BYTES_WRITTEN"],v[k,"STDIO_F_READ_TIME"],v[k,"STDIO_F_WRITE_TIME"],v[k,"STDIO_F_META_TIME"]
    if(m=="MPI-IO") printf "   opens %s coll_opens %s indep_w %s coll_w %s bw %s wt %s mt %s slowest %s(%s)\n", v[k,"MPIIO_INDEP_OPENS"],v[k,"MPIIO_COLL_OPENS"],v[k,"MPIIO_INDEP_WRITES"],v[k,"MPIIO_COLL_WRITES"],v[k,"MPIIO_BYTES_WRITTEN"],v[k,"MPIIO_F_WRITE_TIME"],v[k,"MPIIO_F_META_TIME"],v[k,"MPIIO_SLOWEST_RANK"],v[k,"MPIIO_F_SLOWEST_RANK_TIME"]
  }}
