#!/bin/sh
# blocks --source with the build's own compiler arguments (issue 33:
# "compile_commands.json for -I/-D"): without them a header the build
# finds through -I is missing and the loop that needs it is lost; with
# the compilation database CMake, Meson or Bear writes, the source parses
# as the build compiles it, and the parse writes nothing (-o, -MD, -MF
# are left out).  Arguments after -- still win.
. "$(dirname "$0")/lib.sh"
need_code
S=$TMP/proj
mkdir -p "$S/src" "$S/include" "$S/build"
cat > "$S/include/cfg.h" << 'EOF'
#define BLOCK 4096
#define NBLK 8
EOF
cat > "$S/src/prog.c" << 'EOF'
#include <fcntl.h>
#include <unistd.h>
#include "cfg.h"
static char buf[BLOCK];
int main(void)
{
	int fd = open("out", O_WRONLY | O_CREAT, 0644);
	int i;
#ifdef WITH_SYNC
	fsync(fd);
#endif
	for (i = 0; i < NBLK; i++)
		write(fd, buf, BLOCK);
	close(fd);
	return 0;
}
EOF
cd "$S" || exit 1
# main's row: calls,writes,syncs,bytes_written
row() { awk -F, 'NR > 1 && $2 == "function" && $3 == "main" { print $7 "," $10 "," $11 "," $13 }' "$1"; }

$RUN blocks --source --format=csv src/prog.c > none.csv 2> err
is "$?:$(row none.csv)" "0:2,0,0,0" "no database: the loop that needs the header is lost"
grep -q "no compile_commands.json lists it: give the build's -I and -D after --" err
ok $? "  and the warning says how to give what the build used"

cat > compile_commands.json << EOF
[{"directory": "$S", "command": "cc -Iinclude -DWITH_SYNC -Werror -MD -MF src/prog.d -c -o src/prog.o src/prog.c", "file": "src/prog.c"}]
EOF
$RUN blocks --source --format=csv src/prog.c > db.csv 2> err
is "$?:$(cat err):$(row db.csv)" "0::11,8,1,32768" "compile_commands.json: -I and -D as the build, 8 writes of 4 KiB and the fsync"
is "$(ls src)" "prog.c" "  the parse wrote no object or dependency file"
(cd src && $RUN blocks --source --format=csv prog.c > ../sub.csv 2> ../err)
is "$?:$(row sub.csv)" "0:11,8,1,32768" "  found from the file's own directory upward"

# the arguments form in a build/ directory beside the sources, relative paths
rm compile_commands.json
cat > build/compile_commands.json << EOF
[{"directory": "$S/build", "arguments": ["gcc", "-I../include", "-c", "../src/prog.c", "-o", "prog.o"], "file": "../src/prog.c"}]
EOF
$RUN blocks --source --format=csv src/prog.c > b.csv 2> err
is "$?:$(cat err):$(row b.csv)" "0::10,8,0,32768" "build/compile_commands.json, arguments form, relative to its directory"
is "$(ls build)" "compile_commands.json" "  nothing written there either"

# given arguments win over the database
$RUN blocks --source --format=csv src/prog.c -- -Iinclude -DWITH_SYNC > g.csv 2> err
is "$?:$(row g.csv)" "0:11,8,1,32768" "arguments after -- are used instead"
done_testing
