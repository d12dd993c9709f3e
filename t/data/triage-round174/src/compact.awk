# one line per record: mod rank file | opens reads writes bR bW | tR tW tM | slowest rank/time, fsyncs/flushes, small bins
!/^#/ && NF>=6 { k=$1" "$2" "$6; if(!(k in s)){s[k]=1;o[++n]=k} c=$4; sub(/^(POSIX|MPIIO|STDIO)_/,"",c); v[k,c]=$5 }
END { for(i=1;i<=n;i++){k=o[i]; split(k,a," ");
  f=a[3]; sub(/.*\/labels174\//,"",f); sub(/.*\/ompi.vm.0\/.*\//,"ompi:",f)
  op=v[k,"OPENS"]+v[k,"COLL_OPENS"]+v[k,"INDEP_OPENS"]
  r=v[k,"READS"]+v[k,"COLL_READS"]+v[k,"INDEP_READS"]; w=v[k,"WRITES"]+v[k,"COLL_WRITES"]+v[k,"INDEP_WRITES"]
  printf "%-6s %3s %-34s op%-4d r%-5d w%-5d bR%-10d bW%-10d tR%.3f tW%.3f tM%.3f", a[1],a[2],f,op,r,w,v[k,"BYTES_READ"],v[k,"BYTES_WRITTEN"],v[k,"F_READ_TIME"],v[k,"F_WRITE_TIME"],v[k,"F_META_TIME"]
  if(a[2]==-1) printf " slow r%d %.3f fast %.3f", v[k,"SLOWEST_RANK"], v[k,"F_SLOWEST_RANK_TIME"], v[k,"F_FASTEST_RANK_TIME"]
  if(v[k,"FSYNCS"]) printf " fsync%d", v[k,"FSYNCS"]; if(v[k,"FLUSHES"]) printf " flush%d", v[k,"FLUSHES"]
  if(v[k,"SEEKS"]) printf " seek%d", v[k,"SEEKS"]
  if(v[k,"FILE_NOT_ALIGNED"]) printf " unal%d", v[k,"FILE_NOT_ALIGNED"]
  if(v[k,"ACCESS1_ACCESS"]) printf " acc1 %dx%d", v[k,"ACCESS1_ACCESS"], v[k,"ACCESS1_COUNT"]
  printf "\n" } }
