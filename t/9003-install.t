#!/bin/sh
# make install honours prefix and DESTDIR, and a program outside the tree
# builds against the installed library through pkg-config.
. "$(dirname "$0")/lib.sh"
command -v pkg-config > /dev/null || skip_all "pkg-config is not installed"
D=$TMP/dest
make -C "$TOP" -s install prefix=/opt/iol DESTDIR="$D" > "$TMP/log" 2>&1
ok $? "make install prefix=/opt/iol DESTDIR=..."
for f in bin/iolens lib/libiolens.a lib/libiolens.so.0 lib/pkgconfig/iolens.pc \
	include/iolens/iolens.h share/man/man1/iolens.1 share/man/man1/iolens-summary.1; do
	[ -e "$D/opt/iol/$f" ]
	ok $? "installed $f"
done
cat > "$TMP/prog.c" <<'C'
#include <iolens.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	struct iol_job *job;
	struct iol_error err = { 0 };
	struct iol_summary s;

	if (argc < 2 || iol_job_load(&job, argv[1], &err) < 0)
		return 1;
	if (iol_summary_compute(job, NULL, &s, &err) < 0)
		return 1;
	printf("%lld\n", (long long)(s.bytes_read + s.bytes_written));
	iol_job_close(job);
	return 0;
}
C
PKG_CONFIG_SYSROOT_DIR=$D PKG_CONFIG_PATH=$D/opt/iol/lib/pkgconfig
export PKG_CONFIG_SYSROOT_DIR PKG_CONFIG_PATH
# under `make check SANITIZE=1` the installed library is instrumented, and
# a program linking it must carry the sanitizer runtime too
san=
[ "${SANITIZE:-}" = 1 ] && san=-fsanitize=address,undefined
cc -std=c11 $san -o "$TMP/prog" "$TMP/prog.c" $(pkg-config --cflags iolens) \
	$(pkg-config --libs --static iolens) > "$TMP/cc.log" 2>&1
ok $? "a program builds with pkg-config --cflags --libs iolens"
LD_LIBRARY_PATH=$D/opt/iol/lib "$TMP/prog" "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan > "$TMP/out"
is "$(cat "$TMP/out")" 536880603 "and reads a log through the shared library"
done_testing
