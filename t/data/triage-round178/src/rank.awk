/^# run time/ {rt=$4}
/^#/ {next}
($1=="POSIX"||$1=="STDIO") && $6 !~ /^\/(proc|sys|etc|usr)/ && $6 !~ /ompi/ {
 r=$2; m=$1
 if($4 ~ /_F_READ_TIME$/) R[m,r]+=$5
 if($4 ~ /_F_WRITE_TIME$/) W[m,r]+=$5
 if($4 ~ /_F_META_TIME$/) M[m,r]+=$5
 if($4 ~ /_BYTES_READ$/) BR[m,r]+=$5
 if($4 ~ /_BYTES_WRITTEN$/) BW[m,r]+=$5
 if($4=="POSIX_FSYNCS") FSY[r]+=$5
 ranks[r]=1; mods[m]=1 }
END { printf "run %s\n", rt; for(m in mods) for(r in ranks) if((m,r) in R || (m,r) in W || (m,r) in M) printf "  %s rank %s read %.3f write %.3f meta %.3f br %d bw %d%s\n", m, r, R[m,r], W[m,r], M[m,r], BR[m,r], BW[m,r], (m=="POSIX"&&FSY[r])?" fsyncs "FSY[r]:"" }
