#!/bin/sh
# The job-row field table: summary's CSV header is exactly its first
# fields, in the published column order; the extended fields (access-size
# bins of POSIX and MPI-IO, end time) equal darshan-parser --total's sums
# and header (the reference outputs in ../shared) on every corpus log.
. "$(dirname "$0")/lib.sh"
DUMP=$TOP/t/unit/jobrow-dump
log=$(find "$SAMPLES/ior" -name '*.darshan' | sort | head -1)

cols="log source jobid uid exe nprocs nodes nodes_source start_time run_time incomplete_modules"
for m in posix stdio mpiio h5d pnetcdf_var dfs daos; do
	for c in bytes_read bytes_written time_by_slowest mib_s; do
		cols="$cols ${m}_$c"
	done
done
cols="$cols bytes_read bytes_written io_time_by_slowest slowest_rank mib_s mib_s_per_node pct_io_time_slowest pct_io_time_avg io_time_total meta_time_total md_cost_pct files files_per_proc creates creates_per_proc creates_exact pct_sequential pct_aligned mib_per_proc strategy"
for c in all read_only write_only read_write unique shared partially_shared; do
	cols="$cols ${c}_files ${c}_bytes ${c}_max_offset"
done
cols="$cols top_file top_file_bytes"
# added in issue 12, after the published columns
cols="$cols read_time_by_slowest write_time_by_slowest read_mib_s write_mib_s"
cols="$cols mpiio_meta_time h5f_meta_time h5d_meta_time pnetcdf_file_meta_time pnetcdf_var_meta_time strategy_basis"
# added in issue 37: the modules a log cut short lost
cols="$cols lost_modules"
want=$(echo $cols | tr ' ' ',')
got=$("$IOLENS" summary --format=csv "$log" | head -1)
is "$got" "$want" "summary's CSV header is the published column list"
"$DUMP" "$log" > "$TMP/dump"
nsum=$(awk '/^#summary/ { print $2 }' "$TMP/dump")
got=$(grep -v '^#' "$TMP/dump" | head -n "$nsum" | cut -f1 | paste -sd, -)
is "$got" "$want" "the table's summary fields are those columns"
ext=$(grep -v '^#' "$TMP/dump" | tail -n +$((nsum + 1)) | cut -f1 | paste -sd' ' -)
is "$(echo "$ext" | wc -w)" 182 "182 extended fields"
for f in end_time incomplete posix_read_0_100 posix_write_1g_plus mpiio_read_100_1k mpiio_write_1g_plus posix_common1_size posix_common4_count mpiio_common1_size h5d_common1_count busiest_rank posix_write_records hdf5 lustre_file meta_time_by_slowest aggregator_skew shared_written_files mpiio_small_time mpiio_shared_small_time redundant_stdio_bytes stdio_ops lone_reads stdio_flushes redundant_reopen_time posix_opens sparse_read_time sparse_read_span sparse_read_bytes small_readahead_time large_read_mibs stdio_opens redundant_rank_time whole_file_ops redundant_once_bytes stdio_synced_writes stdio_synced_records coll_mpiio_fastest coll_mpiio_slowest coll_posix_time coll_max_call coll_calls coll_views coll_file best_write_mibs synced_write_bytes synced_once_mibs mpiio_coll_wait stdio_seeks stdio_seek_time funnel_rank funnel_share open_write_past_end synced_write_records mpiio_sieved_share redundant_nb_bytes redundant_nb_time redundant_bcast_bytes redundant_bcast_time stdio_meta_time mpiio_coll_data_wait mpiio_shared_small_coll shared_written_files_nompi redundant_reread_reopen_time redundant_rewrite_bytes; do
	case " $ext " in *" $f "*) r=0 ;; *) r=1 ;; esac
	ok $r "extended field $f"
done

if [ ! -d "$SHARED/corpus" ]; then
	# the comparison with darshan-parser needs the public corpus
	_n=$((_n + 1))
	echo "ok $_n # skip ../shared is not present: no corpus to compare with"
	done_testing
	exit
fi
bins="0_100 100_1K 1K_10K 10K_100K 100K_1M 1M_4M 4M_10M 10M_100M 100M_1G 1G_PLUS"
checked=0 bad=0
for dir in "$SHARED"/corpus/darshan-logs/*/; do
	ref=$dir/parser_total.out
	lg=$(ls "$dir"*.darshan 2>/dev/null | head -1)
	[ -n "$lg" ] && [ -e "$ref" ] || continue
	"$DUMP" "$lg" > "$TMP/d" 2>/dev/null || continue
	# reference: total_POSIX_SIZE_READ_0_100 etc. as "name value"
	: > "$TMP/want"
	: > "$TMP/have"
	for b in $bins; do
		lb=$(echo "$b" | tr 'A-Z' 'a-z' | sed 's/1g_plus/1g_plus/')
		for rw in READ WRITE; do
			lrw=$(echo $rw | tr 'A-Z' 'a-z')
			v=$(awk -v k="total_POSIX_SIZE_${rw}_$b:" '$1 == k { print $2 }' "$ref")
			[ -n "$v" ] && echo "posix_${lrw}_$lb $v" >> "$TMP/want"
			v=$(awk -v k="total_MPIIO_SIZE_${rw}_AGG_$b:" '$1 == k { print $2 }' "$ref")
			[ -n "$v" ] && echo "mpiio_${lrw}_$lb $v" >> "$TMP/want"
		done
	done
	e=$(awk '$2 == "end_time:" { print $3 }' "$ref")
	[ -n "$e" ] && echo "end_time $e" >> "$TMP/want"
	while read -r k v; do
		h=$(awk -F'\t' -v k="$k" '$1 == k { print $2 }' "$TMP/d")
		[ "$k" = end_time ] && h=${h%%.*}
		echo "$k $h" >> "$TMP/have"
	done < "$TMP/want"
	checked=$((checked + 1))
	if ! cmp -s "$TMP/want" "$TMP/have"; then
		bad=$((bad + 1))
		diag "$(basename "$dir"): $(diff "$TMP/want" "$TMP/have" | head -3 | tr '\n' ' ')"
	fi
done
ok $((checked < 40 ? 1 : 0)) "compared extended fields on $checked corpus logs"
is "$bad" 0 "access-size bins and end time equal darshan-parser --total"
done_testing
