#!/bin/sh
# blocks --source of a file a compile_commands.json does not list (a
# .cpp added beside C files after the last bear run, or another .c):
# libclang infers its command from a listed one, ending its options with
# "--"; kept, the parse failed ("libclang could not parse it (error 4)",
# exit 1; issue 33 D4).  Now parsed as without a database.
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
cat > a.cpp << 'END'
#include <fstream>

static char buf[100];

int main()
{
	std::ofstream o("a.out");
	for (int i = 0; i < 4; i++)
		o.write(buf, sizeof buf);
	return 0;
}
END
cp "$TOP/t/data/blocks/one-write.c" b.c || exit 1
cp b.c c.c
printf '[{"directory":"%s","arguments":["gcc","-g","-c","b.c"],"file":"%s/b.c"}]\n' \
	"$PWD" "$PWD" > compile_commands.json
$RUN blocks --source --format=csv a.cpp > a.csv 2> err
is "$?:$(cat err)" "0:" "a .cpp the C database does not list: parsed, exit 0"
is "$(block_col a.csv main calls)" 6 "... its main(): open, 4 writes, close"
$RUN blocks --source --format=csv c.c > c.csv 2> err
is "$?:$(cat err):$(block_col c.csv main calls)" "0::3" "a .c it does not list: parsed"
$RUN blocks --source --format=csv b.c > b.csv 2> err
is "$?:$(cat err):$(block_col b.csv main calls)" "0::3" "the listed one: parsed"
done_testing
