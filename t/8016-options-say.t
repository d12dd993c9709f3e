#!/bin/sh
# Options that say what they do (issue 35, section 2): coverage's help
# lists no --where (it refuses one), triage's store options without --db
# are named as such, parse has --version as every command has, and
# "iolens help CMD" prints that command's help.
. "$(dirname "$0")/lib.sh"
LOG=$TOP/sample-logs/ior/ior_posix_n1_t4k
cd "$TMP" || exit 1

$RUN coverage --help >out 2>err
ok $? "coverage --help exits 0"
grep -q -- '--where' out
is "$?" 1 "coverage --help lists no --where"
grep -q -- '--db file' out
ok $? "coverage --help still lists --db"

# (--severity works on one log too since issue 34)
for o in "--where app=1" "--top 3"; do
	$RUN triage $o "$LOG" >out 2>err
	is "$?:$(head -1 err)" "2:iolens triage: ${o%% *} is taken with --db only (it selects or ranks the jobs of a population store)" \
		"triage $o without --db: says it wants --db"
done

$RUN triage --severity high "$LOG" >out 2>err
is "$?:$(cat err)" "0:" "triage --severity on one log: shown, no message"
$RUN parse --version >out 2>err
is "$?:$(cat out)" "0:$($RUN summary --version)" "parse --version prints the version"
$RUN parse --help >out
grep -q -- '--version' out
ok $? "parse --help lists --version"

for c in summary parse triage; do
	$RUN help $c >out 2>err
	st=$?
	$RUN $c --help >want
	is "$st:$(cat out)" "0:$(cat want)" "iolens help $c is iolens $c --help"
done
$RUN help nosuch >out 2>err
is "$?:$(head -1 err)" "2:iolens: unknown command 'nosuch'" "help of no command: unknown command"
$RUN help >out 2>err
st=$?
$RUN --help >want
is "$st:$(cat out)" "0:$(cat want)" "iolens help alone: the global help"

# the option refused is named, also inside a group of short options
# (getopt is still in the word: the word before was named, "summary" or
# the last good option)
$RUN summary --lenient -Zh x.darshan >out 2>err
is "$?:$(head -1 err)" "2:iolens summary: unknown option '-Z'" "--lenient -Zh: -Z named"
$RUN summary -xo out.txt x.darshan >out 2>err
is "$?:$(head -1 err)" "2:iolens summary: unknown option '-x'" "-xo: -x named"
$RUN files --merge -Zh x.darshan >out 2>err
is "$?:$(head -1 err)" "2:iolens files: unknown option '-Z'" "files --merge -Zh: -Z named"
$RUN summary --output >out 2>err
is "$?:$(head -1 err)" "2:iolens summary: option '--output' needs a value" "--output without its value named as given"
done_testing
