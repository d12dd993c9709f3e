#!/bin/sh
# iolens triage --db reads the store once: a flagged job whose verdict
# waits on its configuration's noise (a material rank-time finding) is
# judged after the pass, the others as they are read.  The outcome must
# be the one of judging every job in the store's order: jobs of equal
# stake listed in row order whichever way they were judged, and a job
# the noise leaves unflagged adds nothing to its group's stake.  The
# store: copies of one esm-rank0 job (flagged by RANK0-IO, IO-TIME,
# RANK-IMBALANCE and IDLE-RANKS, RANK0-IO's other side), some without
# the rank imbalance (its stake 0), so that every copy has the same
# stake.
. "$(dirname "$0")/lib.sh"
need_shared
POP=$SHARED/corpus/population
[ -d "$POP/logs" ] || skip_all "no population logs"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
DB=$TMP/order.db
$RUN ingest --db "$DB" "$POP/logs" >/dev/null 2>&1
ok $? "ingest of the population"
# app tie: h1 (rank imbalance material), n1 (without it), h2, h3;
# app noise: h4, n2, n3, n4 (h4's rank imbalance is the minority: noise)
# and m1, on 16 processes (a configuration of one run: no noise)
{
	echo "DELETE FROM jobs WHERE jobid != 4430;"
	echo "CREATE TEMP TABLE r AS SELECT * FROM jobs;"
	echo "DELETE FROM jobs;"
	id=0
	for j in tie:h1 tie:n1 tie:h2 tie:h3 noise:h4 noise:n2 noise:n3 noise:n4 noise:m1; do
		id=$((id + 1))
		app=${j%%:*} p=${j#*:}
		ri=rank_imbalance_stake np=nprocs
		case $p in n*) ri=0 ;; m*) np=16 ;; esac
		echo "INSERT INTO jobs SELECT * FROM r;"
		echo "UPDATE jobs SET id = $id, path = '$p', app = '$app', jobid = $id,"
		echo " rank_imbalance_stake = $ri, nprocs = $np"
		echo " WHERE id NOT BETWEEN 1 AND $((id - 1));"
	done
} | sqlite3 "$DB"
is "$(sqlite3 "$DB" 'SELECT group_concat(path, " ") FROM (SELECT path FROM jobs ORDER BY id)')" \
	"h1 n1 h2 h3 h4 n2 n3 n4 m1" "the store holds the nine copies"
printf 'min_group_stake_s = 0\nmin_stake_s = 0\n' >"$TMP/c0"
# listed: group app path codes
list() { # top config
	$RUN triage --db "$DB" --top "$1" --config "$TMP/$2" --format tsv |
		awk -F'\t' 'NR > 1 { print $2 " " $7 " " $12 }'
}
list all c0 >"$TMP/all"
ok $? "triage --db --top all"
cat >"$TMP/want" <<'W'
noise m1 IOL-RANK0-IO IOL-IO-TIME IOL-RANK-IMBALANCE IOL-IDLE-RANKS
noise h4 IOL-RANK0-IO IOL-IO-TIME IOL-IDLE-RANKS
noise n2 IOL-RANK0-IO IOL-IO-TIME IOL-IDLE-RANKS
noise n3 IOL-RANK0-IO IOL-IO-TIME IOL-IDLE-RANKS
noise n4 IOL-RANK0-IO IOL-IO-TIME IOL-IDLE-RANKS
tie h1 IOL-RANK0-IO IOL-IO-TIME IOL-RANK-IMBALANCE IOL-IDLE-RANKS
tie n1 IOL-RANK0-IO IOL-IO-TIME IOL-IDLE-RANKS
tie h2 IOL-RANK0-IO IOL-IO-TIME IOL-RANK-IMBALANCE IOL-IDLE-RANKS
tie h3 IOL-RANK0-IO IOL-IO-TIME IOL-RANK-IMBALANCE IOL-IDLE-RANKS
W
diff -u "$TMP/want" "$TMP/all"
ok $? "equal stakes in row order, held (h) or not (n); h4's rank imbalance is noise"
is "$(list 1 c0 | tr '\n' ' ')" "noise m1 IOL-RANK0-IO IOL-IO-TIME IOL-RANK-IMBALANCE IOL-IDLE-RANKS tie h1 IOL-RANK0-IO IOL-IO-TIME IOL-RANK-IMBALANCE IOL-IDLE-RANKS " \
	"--top 1: m1, and the first row of the equal stakes"
is "$(list 2 c0 | awk '{ printf "%s ", $2 }')" "m1 h4 h1 n1 " "--top 2: m1, then the first row of the equal stakes"
# RANK0-IO and IO-TIME off: h4 flagged only by its noise, so not at all,
# and its stake is not its group's
printf 'rank0_share_pct = 100\nio_time_pct = 100\n' >>"$TMP/c1"
cat "$TMP/c0" >>"$TMP/c1"
$RUN triage --db "$DB" --top all --config "$TMP/c1" --format tsv >"$TMP/c1.tsv"
ok $? "triage --db with two rules off"
is "$(awk -F'\t' 'NR > 1 { printf "%s ", $7 }' "$TMP/c1.tsv")" "h1 h2 h3 m1 " \
	"only the jobs whose rank imbalance is no noise are flagged"
is "$(awk -F'\t' '$7 == "m1" { print $6 " " $10 }' "$TMP/c1.tsv")" \
	"$(awk -F'\t' '$7 == "m1" { print $10 " " $10 }' "$TMP/c1.tsv")" \
	"noise: the group's stake is m1's alone, not h4's"
$RUN triage --db "$DB" --config "$TMP/c1" | head -1 >"$TMP/c1.txt"
is "$(cat "$TMP/c1.txt")" "9 jobs, 4 flagged (a finding of severity warn or higher)" "9 jobs, 4 flagged"
done_testing
