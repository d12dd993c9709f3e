#!/bin/sh
# iolens triage, issue 34: each defect an expert found, on the log that
# shows it, and the same verdict for the same job.  "Material" is the
# expert's: at least 1 s at stake on the slowest rank and 5 % of the
# run, or a structural pattern costing 5 % of the run; else info, "below
# the impact floor".
. "$(dirname "$0")/lib.sh"
need_shared
C=$SHARED/corpus/darshan-logs
P=$SHARED/corpus/population
[ -d "$C" ] || skip_all "no corpus"
find1() { find "$C" -name "$1" | head -1; }
# log code: "severity stake_s" (stake to 3 significant digits)
fnd() {
	$RUN triage --format tsv "$1" 2>/dev/null |
		awk -F'\t' -v c="$2" '$2 == c { printf "%s %.3g", $3, $10 }'
}
col() { # log code column
	$RUN triage --format tsv "$1" 2>/dev/null |
		awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }'
}
verdict() { # log: the codes at warn or high
	$RUN triage --format tsv "$1" 2>/dev/null |
		awk -F'\t' '$3 == "high" || $3 == "warn" { printf "%s ", $2 }'
}

# 1. IO-TIME's stake is the I/O time beyond io_time_pct of the run, so
#    the floors can demote it: 0.033 s of MPI-IO in a 0.036 s run
L=$(find1 mpi-io-test-x86_64-3.4.3.darshan)
is "$(col "$L" IOL-IO-TIME 3)" info "1. mpi-io-test 3.4.3: IO-TIME of 0.033 s is info"
col "$L" IOL-IO-TIME 8 | grep -q "below the impact floor"
ok $? "1. and says it is below the impact floor"
# 1, 2. one job (mpi-io-test) logged by every Darshan release, ppc64 and
#    x86_64, whole-second and nanosecond run times: one verdict
for L in "$C"/_other_tools/logs/release_logs/*.darshan; do
	v=$(verdict "$L")
	echo "${v:--}"
done | sort -u >"$TMP/v"
is "$(wc -l <"$TMP/v" | tr -d ' ')" 1 "1, 2. the same mpi-io-test verdict in all $(ls "$C"/_other_tools/logs/release_logs/*.darshan | wc -l) release logs ($(cat "$TMP/v"))"
# 2. identical reruns of one population config: one verdict each
if [ -f "$P/manifest.tsv" ]; then
	for cfg in c01 c08 c09; do
		awk -F'\t' -v c=$cfg '$8 == c { print $2 }' "$P/manifest.tsv" >"$TMP/logs"
		n=$(wc -l <"$TMP/logs" | tr -d ' ')
		while read -r f; do
			v=$(verdict "$P/logs/$f")
			echo "${v:--}"
		done <"$TMP/logs" | sort | uniq -c | sort -rn | head -1 | awk '{ print $1 }' >"$TMP/n"
		is "$(cat "$TMP/n")" "$n" "2. $cfg: all $n reruns get the same verdict"
	done
else
	skip "no population manifest" 3
fi

# 3. SHARED-IMBALANCE: the fastest rank's byte surplus is not the
#    slowest rank's time (imbalanced-io: +79 % on the fastest, +9 % on
#    the slowest); e3sm's slowest moved 23 % fewer bytes: nothing at stake
L=$(find1 imbalanced-io.darshan)
$RUN triage --format tsv "$L" 2>/dev/null | awk -F'\t' '$2 == "IOL-SHARED-IMBALANCE"' >"$TMP/si"
! grep -q '312046190' "$TMP/si" && ! grep -q '	warn	' "$TMP/si"
ok $? "3. imbalanced-io: the slowest rank's 9 % surplus on 312046190 is no finding"
L=$(find1 e3sm_io_heatmap_only.darshan)
$RUN triage --format tsv "$L" 2>/dev/null | awk -F'\t' '$2 == "IOL-SHARED-IMBALANCE"' >"$TMP/si"
! grep -q 'can_I_out_h1.nc' "$TMP/si" && ! grep -q '	warn	' "$TMP/si"
ok $? "3. e3sm: the slowest rank of can_I_out_h1.nc moved fewer bytes: no finding"
# 4. e3sm: SHARED-SMALL's stake is the record's own read/write share,
#    not the slowest rank's 5.3 s open
s=$(col "$L" IOL-SHARED-SMALL 10)
ok "$(awk -v s="$s" 'BEGIN { exit !(s < 1) }'; echo $?)" "4. e3sm: SHARED-SMALL stake $s s (was 5.07)"
# 5. REDUNDANT's stake is the bytes' read/write time, not metadata
L=$(find1 hdf5_file_opens_only.darshan)
#    (its 0.039 s was python's modules read once by each of 3 ranks: a
#    rank's first pass in one open is no re-read, t/7360)
s=$(fnd "$L" IOL-REDUNDANT)
ok "$(awk -v s="${s#* }" 'BEGIN { exit !(s <= 0.0391) }'; echo $?)" "5. hdf5_file_opens_only: $s s at stake, not 0.127"
#    LUSTRE-MISALIGNED: files smaller than the stripe cross none
L=$(find1 'snyder_python3_id3116902-2110487_*.darshan')
is "$(fnd "$L" IOL-LUSTRE-MISALIGNED)" "ok 0" "5. DLIO: small Lustre files cross no stripe (was 2.93 s)"
# 6. STDIO time is judged: imbalanced-io's rank 0, 113.6 s in 44 KB;
#    its data calls' 80.5 s at stake, the 33.07 s fopen of the file left
#    to metadata (round 128: little data is judged by its calls' time)
L=$(find1 imbalanced-io.darshan)
is "$(fnd "$L" IOL-STDIO-SHARE)" "warn 80.5" "6. imbalanced-io: 113.6 s of STDIO is a finding, 80.5 s its calls'"
col "$L" IOL-STDIO-SHARE 8 | grep -q "little data, much time"
ok $? "6. and says why"
# 7. SMALL-FILES needs small files: 42 files of 256 KiB by python
L=$(ls "$P"/logs/bob_python3_*.darshan 2>/dev/null | head -1)
if [ -n "$L" ]; then
	is "$(col "$L" IOL-SMALL-FILES 3)" ok "7. python3: 42 files of 256 KiB is no storm"
	col "$L" IOL-SMALL-FILES 8 | grep -q "files not small"
	ok $? "7. and says so"
else
	skip "no population logs" 2
fi
# 8. advice that fits: a job that reads 10 GB and writes 440 B is told
#    about reading; an already collective file is not told to go
#    collective
L=$(find1 'snyder_python3_id3116902-2110487_*.darshan')
printf 'io_time_pct = 0\n' >"$TMP/c"
$RUN triage --config "$TMP/c" --format tsv "$L" 2>/dev/null |
	awk -F'\t' '$2 == "IOL-IO-TIME" { print $9 }' >"$TMP/rec"
grep -q "^Reading takes" "$TMP/rec" && ! grep -q "reduce what is written" "$TMP/rec"
ok $? "8. DLIO (10 GB read, 440 B written): the reading advice"
L=$(find1 e3sm_io_heatmap_only.darshan)
col "$L" IOL-SHARED-TIME-IMBALANCE 9 >"$TMP/rec"
grep -q "already collective" "$TMP/rec" && ! grep -q "collective I/O evens it out" "$TMP/rec"
ok $? "8. e3sm (collective): no 'collective I/O evens it out'"

# Found by the expert's labels (t/7306), each a case of the definition:
# NO-COLLECTIVE judged by the time ranks spend in MPI-IO beyond their own
# POSIX I/O, as well as by count: treddy's 256 independent writes wait
# 6.7 s in MPI-IO for 2.7 s of POSIX; mpi-io-test's 8 contiguous 32 MiB
# blocks take as long in POSIX (nothing to gain)
L=$(find1 'treddy_mpi-io-test_id4373053_*.darshan')
is "$(fnd "$L" IOL-NO-COLLECTIVE)" "warn 6.67" "treddy: independent MPI-IO waiting 6.7 s is a finding"
is "$(col "$(find1 mpi-io-test.darshan)" IOL-NO-COLLECTIVE 3)" ok "mpi-io-test: contiguous independent blocks are not"
# a shared file logged without Darshan's shared-file reduction (a record
# per rank) is judged as shared: treddy's test.out, 4.4 to 9.4 s a rank
is "$(col "$L" IOL-SHARED-TIME-IMBALANCE 3)" warn "treddy: per-rank records of one file judged as a shared file"
# a log never finalised (an mmap log with no end time) is incomplete
M=$(find "$SHARED/corpus/runs" -name 'root_tar_id16357_mmap*.darshan' | head -1)
if [ -n "$M" ]; then
	is "$(col "$M" IOL-INCOMPLETE 3)" high "tar's mmap log without an end time is incomplete"
else
	skip "no mmap log" 1
fi
# rewritten pages are judged by their time, true re-reads are
# structural: sqlite3's 189 KB of rewrites in a 0.02 s run are not
# material; readmostly's 192 MiB read again is
S=$(ls "$P"/logs/carol_sqlite3_id723-*.darshan 2>/dev/null | head -1)
R=$(ls "$P"/logs/dave_readmostly_id3743-*.darshan 2>/dev/null | head -1)
if [ -n "$S" ] && [ -n "$R" ]; then
	is "$(col "$S" IOL-REDUNDANT 3)" info "sqlite3: rewritten pages below the floor"
	is "$(col "$R" IOL-REDUNDANT 3)" warn "readmostly: re-reads, structural"
	# one problem, one finding: IOR -t 4k's small requests are all to
	# its shared file; SMALL-REQ says so, SHARED-SMALL is info
	T=$(ls "$P"/logs/bob_turb-small_id591-*.darshan | head -1)
	is "$(col "$T" IOL-SMALL-REQ 3) $(col "$T" IOL-SHARED-SMALL 3)" "warn info" \
		"turb-small: 4 KiB requests told once"
else
	skip "no population logs" 3
fi
# a file storm is structural from storm_files (1000) small files
# created in the job: mdtest's 400 files of 4 KiB (c13-c15, 0.01-0.16 s
# of metadata) are judged by the 1 s floor, info below it on every
# rerun (the labellers split; docs/metrics.md); c16's 2048 recorded
# files are a storm in a 1.5 s run
M=$P/manifest.tsv
if [ -f "$M" ]; then
	for cfg in c13 c14 c15; do
		awk -F'\t' -v c=$cfg '$8 == c { print "'"$P"'/logs/" $2 }' "$M" >"$TMP/logs"
		n=$(wc -l <"$TMP/logs" | tr -d ' ')
		got=$($RUN triage --format tsv $(cat "$TMP/logs") 2>/dev/null |
			awk -F'\t' '$2 == "IOL-SMALL-FILES" && $3 == "info" && $8 ~ /under storm_files: judged by time/ && $8 ~ /below the impact floor/' | wc -l)
		is "$got" "$n" "$cfg: 400 small files judged by time, below the floor, on all $n reruns"
	done
	awk -F'\t' '$8 == "c16" { print "'"$P"'/logs/" $2 }' "$M" >"$TMP/logs"
	n=$(wc -l <"$TMP/logs" | tr -d ' ')
	got=$($RUN triage --format tsv $(cat "$TMP/logs") 2>/dev/null |
		awk -F'\t' '$2 == "IOL-SMALL-FILES" && $3 == "warn"' | wc -l)
	is "$got" "$n" "c16: 2200 small files are a storm: warn on all $n runs"
	# the threshold is a key of the thresholds file: at 400 c13's
	# files are a storm, judged on their share of the run
	L=$(awk -F'\t' '$8 == "c13" { print "'"$P"'/logs/" $2; exit }' "$M")
	printf 'storm_files = 400\n' >"$TMP/c"
	$RUN triage --config "$TMP/c" --format tsv "$L" 2>/dev/null |
		awk -F'\t' '$2 == "IOL-SMALL-FILES" { print $8 }' >"$TMP/sev"
	grep -q 'judged by time' "$TMP/sev"
	ok "$([ $? -ne 0 ] && echo 0 || echo 1)" "storm_files = 400: c13's 400 files a storm ($(cut -c1-60 "$TMP/sev"))"
else
	skip "no population manifest" 5
fi

# A program's code is not data: every rank of a python job imports the
# same modules (.py, .pyc) and maps the same libraries (.so); each
# rank's one pass over a module in one open is no re-read at all (issue
# 34, round 11: N ranks reading one input once each is a broadcast
# question, t/7360), so neither code nor data is counted (hdf5_diagonal:
# 2.4 MB of modules by 10 ranks, 0.23 s of a 4 s run, was warn, then info
# as code); a data file every rank reopens and reads again (readmostly,
# above) still is structural
L=$(find1 hdf5_diagonal_write_bytes_range_dxt.darshan)
is "$(col "$L" IOL-REDUNDANT 3)" ok "python modules imported once by every rank: no re-read"
col "$L" IOL-REDUNDANT 8 | grep -q "and 0 B of programs' code (.py, .so) read again"
ok $? "and counts no code read again"
# A sync per transaction is judged per sync, not per write: sqlite3's 50
# commits of 80 page writes each sync test.db and its journal 104 times
# (5 syncs per 100 writes, under fsync_per_write_pct); the time is the
# syncs' (Darshan counts it as write time), so SMALL-REQ's 4 KiB pages
# are told once, by FSYNC, and cost 0.007 s of reads
S=$(find "$SHARED/corpus/runs" -name 'root_sqlite3_id16545-*.darshan' | head -1)
if [ -n "$S" ]; then
	is "$(col "$S" IOL-FSYNC 3)" warn "sqlite3_inserts: 103 syncs a file is a finding"
	col "$S" IOL-FSYNC 8 | grep -q "synced again and again"
	ok $? "and says why"
	is "$(col "$S" IOL-SMALL-REQ 3)" info "sqlite3_inserts: page writes between syncs cost the syncs' time, told once"
	printf 'fsync_per_file = 200\n' >"$TMP/c"
	is "$($RUN triage --config "$TMP/c" --format tsv "$S" 2>/dev/null |
		awk -F'\t' '$2 == "IOL-FSYNC" { print $3 }')" ok "fsync_per_file = 200: not crossed"
else
	skip "no sqlite3 run" 4
fi
# RANK-IMBALANCE's stake is the time of the bytes it compares, from times
# the log has: the busiest rank's POSIX read and write time in its own
# records beyond the mean rank's.  imbalanced-io's rank 0 moved 853 MB
# in its own records; 682 s was claimed from the slowest rank's time,
# 583 s of it as the one aggregator of a shared file (FEW-AGGREGATORS'
# finding) and 80 s of STDIO (STDIO-SHARE's); its own files took 22 s
# beyond the mean rank's, 1.5 % of the run; and no more than balance at
# the ranks' summed pace saves (triage11: 11.9 s)
L=$(find1 imbalanced-io.darshan)
s=$(col "$L" IOL-RANK-IMBALANCE 10)
ok "$(awk -v s="$s" 'BEGIN { exit !(s > 10 && s < 30) }'; echo $?)" "imbalanced-io: RANK-IMBALANCE stake $s s (was 682)"
is "$(col "$L" IOL-RANK-IMBALANCE 3)" info "imbalanced-io: its own files' imbalance is below the floor"
is "$(col "$L" IOL-FEW-AGGREGATORS 3)" warn "imbalanced-io: the one aggregator is told, by FEW-AGGREGATORS"
# triage --db judges a rank-time finding against its configuration's
# reruns (app, user, processes): one material in fewer than half of them
# is the configuration's noise, info in every run; one material in most
# is kept.  Under a site's lower absolute floor (min_stake_s = 0) the
# logs of c09 (turb-small, 8 ranks) show SHARED-TIME-IMBALANCE in some
# reruns and not others; the store gives one verdict per configuration,
# and keeps c17's rank imbalance (every run)
M=$P/manifest.tsv
if [ -f "$M" ]; then
	$RUN ingest --db "$TMP/pop.db" "$P/logs" >/dev/null 2>&1
	printf 'min_group_stake_s = 0\nmin_stake_s = 0\n' >"$TMP/c0"
	$RUN triage --db "$TMP/pop.db" --top all --config "$TMP/c0" --format tsv >"$TMP/db.tsv" 2>/dev/null
	flagged() { # config code source(log|db): runs flagged
		awk -F'\t' -v c="$1" '$8 == c { print $2 }' "$M" >"$TMP/cfg"
		if [ "$3" = log ]; then
			$RUN triage --config "$TMP/c0" --format tsv $(sed "s|^|$P/logs/|" "$TMP/cfg") 2>/dev/null |
				awk -F'\t' -v k="$2" '$2 == k && ($3 == "warn" || $3 == "high")' | wc -l
		else
			awk -F'\t' -v k="$2" 'NR == FNR { want[$1] = 1; next }
				{ n = split($7, a, "/") } a[n] in want && index(" " $12 " ", " " k " ")' \
				"$TMP/cfg" "$TMP/db.tsv" | wc -l
		fi
	}
	n09=$(awk -F'\t' '$8 == "c09"' "$M" | wc -l)
	l=$(flagged c09 IOL-SHARED-TIME-IMBALANCE log)
	ok "$([ "$l" -gt 0 ] && [ "$l" -lt "$n09" ] && echo 0 || echo 1)" "c09 logs alone: SHARED-TIME-IMBALANCE in $l of $n09 reruns"
	is "$(flagged c09 IOL-SHARED-TIME-IMBALANCE db)" 0 "c09 in the store: the minority is the configuration's noise, no run flagged"
	n17=$(awk -F'\t' '$8 == "c17"' "$M" | wc -l)
	is "$(flagged c17 IOL-RANK-IMBALANCE db)" "$n17" "c17 in the store: the rank imbalance of every run is kept"
else
	skip "no population manifest" 3
fi
done_testing
