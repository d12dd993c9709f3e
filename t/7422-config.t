#!/bin/sh
# The site configuration (issue 35, 3): the system file (IOLENS_CONFIG
# stands for /etc/iolens/config), the user's file under XDG_CONFIG_HOME,
# IOLENS_* variables and options, later ones winning; iolens config says
# where each value came from; a bad value is refused with file:line and
# exit 1; the store, processes per node, excludes and triage thresholds
# are taken from it.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
. "$TOP/t/pop/trendstore.sh"
DB=$TMP/t.db
trendstore_build "$DB"
SYS=$TMP/sys.conf
USR=$XDG_CONFIG_HOME/iolens/config
mkdir -p "$XDG_CONFIG_HOME/iolens"
cat >"$SYS" <<EOF2
# the site's defaults
db = $TMP/nosuch.db
procs_per_node = 2
procs_per_node.partition.gpu = 4
exclude = testfile\$
triage.creates_per_proc = 100
serve.listen = 0.0.0.0:8080
EOF2
printf 'db = %s\n' "$DB" >"$USR"
IOLENS_CONFIG=$SYS
export IOLENS_CONFIG

src() {	# src <key>: the source of key in iolens config's CSV
	"$@" | awk -F, -v k="$KEY" '$1 == k { print $3 }'
}
KEY=db
is "$(src $RUN config --format csv)" "$USR:1" "db: the user's file wins over the system's"
is "$(IOLENS_DB=$DB src $RUN config --format csv)" "IOLENS_DB" "IOLENS_DB wins over the files"
is "$(IOLENS_DB=$DB src $RUN config --db "$DB" --format csv)" "--db" "an option wins over all"
KEY=procs_per_node
is "$(src $RUN config --format csv)" "$SYS:3" "procs_per_node from the system file, line 3"
KEY=triage.meta_cost_pct
is "$($RUN config --format csv | awk -F, -v k="$KEY" '$1 == k { print $2, $3 }')" "30 default" \
	"a threshold not set: its default, said so"
$RUN config >"$TMP/c.txt"
grep -q "^$SYS: read" "$TMP/c.txt"
ok $? "text: the files read"

# the default store
$RUN jobs --format csv >"$TMP/j.csv" 2>"$TMP/err"
is "$? $(awk 'END { print NR }' "$TMP/j.csv")" "0 145" "jobs without --db reads the configured store"
# triage thresholds: wrf's 50 files per process are under the site's 100
$RUN trend --format csv >"$TMP/t.csv"
is "$(awk -F, '$1 == "wrf" { printf "%s ", $11 }' "$TMP/t.csv")" "0 0 0 0 0 0 " \
	"trend's flagged share takes the site's triage.creates_per_proc"
IOLENS_CONFIG=/dev/null $RUN trend --format csv >"$TMP/t.csv"
is "$(awk -F, '$1 == "wrf" { printf "%s ", $11 }' "$TMP/t.csv")" "0 0 0 100 100 100 " \
	"and without it the default threshold flags them"

# triage of a log: the site's threshold over the default, --config over both
L=$(find "$SAMPLES/ior" -name '*.darshan' | sort | head -1)
printf 'triage.meta_cost_pct = 1\n' >"$TMP/t.conf"
printf 'meta_cost_pct = 2\n' >"$TMP/f.conf"
thr() { "$@" --format csv "$L" | awk -F, '$2 == "IOL-META-BOUND" { print $6 }'; }
is "$(IOLENS_CONFIG=$TMP/t.conf thr $RUN triage) $(IOLENS_CONFIG=/dev/null thr $RUN triage) $(IOLENS_CONFIG=$TMP/t.conf thr $RUN triage --config "$TMP/f.conf")" \
	"1 30 2" "triage LOG: site triage.meta_cost_pct 1 over the default 30; --config's 2 over it"

# processes per node and excludes, on a log without DXT hostnames and one with
L=$(find "$SAMPLES/nonmpi" -name '*.darshan' | sort | head -1)
is "$($RUN summary --format csv "$L" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i } NR == 2 { print $c["nodes"], $c["nodes_source"] }')" \
	"1 site procs_per_node" "a log without DXT hostnames: nodes from the site's procs_per_node"
L=$(find "$SAMPLES/ior" -name '*.darshan' | sort | head -1)
is "$($RUN summary --format csv "$L" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i } NR == 2 { print $c["nodes_source"], $c["top_file"] }')" \
	"DXT hostnames <STDOUT>" "DXT hostnames win over the site's default; the site's exclude leaves testfile out"
is "$($RUN summary --no-default-excludes --format csv "$L" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i } NR == 2 { print $c["top_file"] }' | sed 's,.*/,,')" \
	"testfile" "--no-default-excludes drops the site's excludes too"

# ingest: the configured store and the site's processes per node
NEW=$TMP/new.db
IOLENS_DB=$NEW $RUN ingest "$SAMPLES/nonmpi" >/dev/null 2>&1
is "$(sqlite3 "$NEW" "SELECT sum(nodes_source = 'site procs_per_node') > 0, sum(nodes_source = 'unknown') FROM jobs" 2>&1)" \
	"1|0" \
	"ingest without --db writes IOLENS_DB's store; jobs without DXT hostnames get nodes from the site's procs_per_node"

# bad values: file:line, exit 1
bad() {	# bad <line> <expected message tail> <description>
	printf '# ok\ndb = x\n%s\n' "$1" >"$TMP/bad.conf"
	IOLENS_CONFIG=$TMP/bad.conf $RUN config >/dev/null 2>"$TMP/err"
	is "$? $(cat "$TMP/err")" "1 iolens config: $TMP/bad.conf:3: $2" "$3"
}
bad "procs_per_node = 0" "procs_per_node: not a positive whole number" "procs_per_node 0 refused"
bad "procs_per_node.partition.gpu = many" "procs_per_node.partition.gpu: not a positive whole number" \
	"a partition's procs_per_node checked"
bad "exclude = (" "exclude: bad regular expression" "a bad regular expression refused"
bad "triage.nosuch = 1" "triage.nosuch: no such triage threshold (iolens triage --print-config)" \
	"an unknown threshold refused"
bad "triage.meta_cost_pct = lots" "triage.meta_cost_pct: not a number" "a threshold not a number refused"
bad "triage.meta_cost_pct = 200" "triage.meta_cost_pct: meta_cost_pct = 200 is out of range (0 to 100)" \
	"a threshold out of its range refused"
bad "serve.listen = localhost:99999" "serve.listen: port not 0 to 65535 (0: any free port)" "a bad port refused"
bad "colour = blue" "unknown key 'colour'" "an unknown key refused"
bad "just words" "not key = value ('#' starts a comment line)" "a line without '=' refused"
printf 'procs_per_node = x\n' >"$TMP/bad.conf"
IOLENS_CONFIG=$TMP/bad.conf $RUN jobs --db "$DB" >/dev/null 2>"$TMP/err"
is "$? $(cat "$TMP/err")" "1 iolens jobs: $TMP/bad.conf:1: procs_per_node: not a positive whole number" \
	"a population command refuses a bad configuration too"
IOLENS_PROCS_PER_NODE=0 $RUN config >/dev/null 2>"$TMP/err"
is "$? $(cat "$TMP/err")" "1 iolens config: IOLENS_PROCS_PER_NODE: procs_per_node: not a positive whole number" \
	"a bad variable is refused, named"
IOLENS_CONFIG=$TMP/missing.conf $RUN config >/dev/null 2>"$TMP/err"
is "$?" "1" "IOLENS_CONFIG naming a missing file: exit 1"

# nothing configured: the usage error says where a store could come from
IOLENS_CONFIG=/dev/null XDG_CONFIG_HOME=$TMP/none $RUN jobs >/dev/null 2>"$TMP/err"
is "$? $(head -1 "$TMP/err")" \
	"2 iolens jobs: no --db given (nor db in the site configuration: iolens config)" \
	"no store anywhere: usage error naming iolens config"

done_testing
