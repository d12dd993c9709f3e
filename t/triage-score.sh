# t/triage-score.sh: the scoring of triage against an independent label
# file, shared by the t/73xx expert tests (sourced after t/lib.sh).
#   triage_score LABELS  runs bench/triage-expert-score.sh, prints every
#       disagreement and the score line, sets $line to it and $TMP/score
#       to the whole output, and tests that every labelled log was found
#   num LINE NAME        the number after "NAME " in a score line
#   ge VALUE FLOOR DESC  a test that VALUE >= FLOOR
#   verdicts LOG...      each log's warn and high codes, one line a log,
#       into $TMP/verdicts
#   same_verdict LABELS CONFIG...  reruns of each config, one verdict
triage_score() {
	IOLENS=$IOLENS SHARED=$SHARED sh "$TOP/bench/triage-expert-score.sh" "$1" >"$TMP/score"
	grep '^FP\|^FN\|^skip\|^half' "$TMP/score" | sed 's/^/# /'
	line=$(tail -1 "$TMP/score")
	echo "# $line"
	is "$(echo "$line" | sed 's/.*(\([0-9]*\) skipped).*/\1/')" 0 "every labelled log found"
}
num() {
	echo "$1" | sed "s/.*, $2 \([0-9.]*\).*/\1/"
}
ge() {
	ok "$(awk -v v="$1" -v f="$2" 'BEGIN { exit !(v >= f) }'; echo $?)" "$3 $1 >= $2"
}
verdicts() {
	: >"$TMP/verdicts"
	for _f in "$@"; do
		"$IOLENS" triage ${TRIAGE_ARGS:-} --format tsv "$_f" 2>/dev/null |
			awk -F'\t' '$3 == "high" || $3 == "warn" { print $2 }' | sort | tr '\n' ' ' >>"$TMP/verdicts"
		echo >>"$TMP/verdicts"
	done
}
# rerun_diag R NAME...: each program's verdicts, its labelled run
#   t/data/triage-roundR/rR-NAME.darshan then its identical reruns
#   (reruns/rR-labelsR-abK-NAME.darshan), as TAP comments, when
#   ROUND_DIAG is set (they test nothing: bench/triage-reruns.sh and
#   t/7499 measure the reruns; printed always, they were 30 of the
#   suite's CPU seconds)
rerun_diag() {
	[ -n "${ROUND_DIAG:-}" ] || return 0
	_r=$1
	shift
	for _p in "$@"; do
		verdicts "$TOP/t/data/triage-round$_r/r$_r-$_p.darshan" \
			$(ls "$TOP"/t/data/triage-round$_r/reruns/r$_r-labels$_r-ab*-$_p.darshan 2>/dev/null)
		diag "$_p, first run then reruns: $(sed 's/^$/none/' "$TMP/verdicts" | tr '\n' ';')"
	done
}
# same_verdict LABELS CONFIG...: for each population config, its reruns
#   among LABELS' logs (three, each; at least $SAME_MIN when set) get one
#   verdict: the same warn and high codes
same_verdict() {
	_labels=$1
	shift
	for c in "$@"; do
		awk -F'\t' -v c="$c" '$8 == c { print $2 }' "$SHARED/corpus/population/manifest.tsv" |
			grep -xF "$(grep -v '^#' "$_labels" | cut -f1 | sed 's|.*/||' | sort -u)" >"$TMP/runs"
		verdicts $(sed "s|^|$SHARED/corpus/population/logs/|" "$TMP/runs")
		runs=$(wc -l <"$TMP/runs")
		kinds=$(sort -u "$TMP/verdicts" | wc -l)
		diag "$c: $runs reruns, findings: $(sort -u "$TMP/verdicts" | sed 's/^$/none/' | tr '\n' ';')"
		if [ -n "${SAME_MIN:-}" ]; then
			enough=$([ "$runs" -ge "$SAME_MIN" ] && echo 1)
		else
			enough=$([ "$runs" -eq 3 ] && echo 1)
		fi
		ok "$([ -n "$enough" ] && [ "$kinds" -eq 1 ] && echo 0 || echo 1)" "$c: $runs labelled reruns get one verdict"
	done
}
# round_test R NLOGS NOURS PREC CAUSES RECALL TP [RERUN...]: a held-out
#   round R whose labelled logs are NOURS of ours (t/data/triage-roundR/)
#   and NLOGS - NOURS population jobs (../shared): the counts, then our
#   logs scored alone (always) and every log with ../shared (skipped
#   without it), each held to the floors (strict precision, recall per
#   root cause, per label, material findings found); the verdicts of each
#   RERUN config's unlabelled A B reruns (reruns/rR-RERUN-ab*) printed
#   when ROUND_DIAG is set
round_test() {
	_r=$1 _all=$2 _ours=$3
	shift 3
	_fl="$1 $2 $3 $4"
	shift 4
	_l=$TOP/t/data/triage-expert$_r.tsv
	is "$(grep -v '^#' "$_l" | cut -f1 | sort -u | wc -l)" "$_all" "$_all labelled logs"
	is "$(grep -v '^#' "$_l" | cut -f1 | sort -u | grep -c "^t/data/triage-round$_r/")" \
		"$_ours" "$_ours logs are ours, in t/data/triage-round$_r"
	is "$(grep -v '^#' "$_l" | cut -f1 | sort -u | grep -c '^corpus/population/logs/')" \
		"$((_all - _ours))" "$((_all - _ours)) logs are population jobs, in ../shared"
	# our logs: one root holding a link to t, the scorer reads SHARED/log
	mkdir "$TMP/ours"
	ln -s "$TOP/t" "$TMP/ours/t"
	grep -v '^corpus/' "$_l" >"$TMP/ours.tsv"
	_own=$SHARED
	SHARED=$TMP/ours
	triage_score "$TMP/ours.tsv"
	is "$(echo "$line" | sed 's/^expert: \([0-9]*\) logs.*/\1/')" "$_ours" "our $_ours logs scored"
	round_floors ours $_fl
	for _k in "$@"; do
		[ -n "${ROUND_DIAG:-}" ] || break
		verdicts "$TOP"/t/data/triage-round$_r/reruns/r$_r-$_k-ab*.darshan
		diag "$_k reruns: $(sed 's/^$/none/' "$TMP/verdicts" | tr '\n' ';')"
	done
	SHARED=$_own
	if [ -d "$SHARED/corpus" ]; then
		mkdir "$TMP/root"
		ln -s "$TOP/t" "$TMP/root/t"
		ln -s "$SHARED/corpus" "$TMP/root/corpus"
		SHARED=$TMP/root
		triage_score "$_l"
		round_floors "all $_all" $_fl
	else
		skip "../shared is not present: the $((_all - _ours)) population jobs are not scored" 5
	fi
}
# round_floors WHAT PREC CAUSES RECALL TP: the four floors of a score line
round_floors() {
	ge "$(num "$line" precision)" "$2" "$1: strict precision"
	ge "$(num "$line" 'cause recall')" "$3" "$1: recall per root cause"
	ge "$(num "$line" recall)" "$4" "$1: recall per label"
	ge "$(num "$line" tp)" "$5" "$1: material findings found at warn or high"
}

# mirror_round R: round R's public logs (lines mirror/<repo>/<path> of
# t/data/triage-expertR.tsv), not in the repository, extracted from the
# git mirrors under IOLENS_MIRROR (default /work/.mirror) into a top of
# the test's own, $TMP/top (bench/ of the tree under test, the labels
# with the logs under t/data/triage-roundR/mirror/), which becomes TOP
# for round_test; skips the test (saying why) when a log is not there.
mirror_round() {
	_mr=${IOLENS_MIRROR:-/work/.mirror}
	_labels=$TOP/t/data/triage-expert$1.tsv
	_top=$TMP/top
	mkdir -p "$_top/t/data/triage-round$1"
	ln -s "$TOP/bench" "$_top/bench"
	sed "s|^mirror/|t/data/triage-round$1/mirror/|" "$_labels" >"$_top/t/data/triage-expert$1.tsv"
	command -v git >/dev/null || skip_all "git is not installed: the public logs come from git mirrors"
	for _rel in $(grep -v '^#' "$_labels" | cut -f1 | grep '^mirror/' | sort -u); do
		_r=${_rel#mirror/}
		case ${_r%%/*} in
		darshan-logs) _git=$_mr/darshan-hpc+darshan-logs/repo ;;
		drishti-io) _git=$_mr/hpc-io+drishti-io/repo ;;
		dxt-explorer) _git=$_mr/hpc-io+dxt-explorer/repo ;;
		darshan) _git=$_mr/darshan-hpc+darshan/repo ;;
		pytokio) _git=$_mr/NERSC+pytokio/repo ;;
		*) _git=/nonexistent ;;
		esac
		_out=$_top/t/data/triage-round$1/$_rel
		mkdir -p "$(dirname "$_out")"
		git -C "$_git" show "HEAD:${_r#*/}" >"$_out" 2>/dev/null && [ -s "$_out" ] ||
			skip_all "$_rel is not in the mirrors under $_mr (IOLENS_MIRROR; triage-expert$1.md says how to fetch them)"
	done
	TOP=$_top
}
