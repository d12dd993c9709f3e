/*
 * test-excl: the default exclusions' hand-made matchers accept exactly
 * what their regular expressions accept (t/7017-excl-match.t).  Each
 * path is matched by iol_excl_default() and by regexec of every default
 * pattern compiled the old way; the first matching index must agree.
 * Paths: edge cases, then a million strings drawn (fixed seed) from an
 * alphabet made of the patterns' own pieces.
 */
#include <regex.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/select.h"
#include "base/banned.h"

static regex_t re[8];
static size_t nre;
static long bad;

static int by_regex(const char *path)
{
	size_t i;

	for (i = 0; i < nre; i++)
		if (regexec(&re[i], path, 0, NULL, 0) == 0)
			return (int)i;
	return -1;
}

static void check(const char *path)
{
	int a = iol_excl_match(iol_excl_default(), path), b = by_regex(path);

	if (a != b && bad++ < 10)
		printf("# '%s': matcher %d, regexec %d\n", path, a, b);
}

static const char *const edge[] = {
	"",
	"/",
	".so",
	"so",
	"x.so",
	"x.so.",
	"x.so.1",
	"x.so.1.",
	"x.so.1.22",
	"x.so1",
	"x.so.a",
	"x.so.1a",
	"lib.so.1.so",
	"/a/.so/b",
	"a.so.1.so.2",
	".so.1",
	"..so",
	"x.pyc",
	".pyc",
	"x.pyc/",
	"x.pycc",
	"x.py",
	"/usr/",
	"/usr",
	"/usr/x",
	"usr/x",
	"//usr/x",
	"/usrx/",
	"/lib/",
	"/lib32/a",
	"/lib64/a",
	"/lib6/a",
	"/lib3/a",
	"/etc/a",
	"/proc/1",
	"/sys/x",
	"/system/x",
	"/site-packages/",
	"a/site-packages/b",
	"/dist-packages/",
	"/dist-packages",
	"dist-packages/",
	"/x-packages/",
	"/home/u/site-packages/a.py",
	"/home/u/lib/x.so.3",
	"/scratch/out.dat",
	"<STDOUT>",
	"/usr/lib/x.so.1",
	"/tmp/a.pyc",
	"/tmp/.so.5.6.7",
	NULL,
};

static const char *const piece[] = {
	"/",	 ".",	  "so",	 "pyc",	 "1",	"23",	"usr",	"lib",
	"lib32", "lib64", "etc", "proc", "sys", "site", "dist", "-packages",
	"a",	 "s",	  "o",	 "py",	 "c",	"0",	"9",	"x",
};

int main(void)
{
	char buf[256];
	uint64_t x = 88172645463325252ull;
	size_t i, k, n, np = sizeof(piece) / sizeof(piece[0]);

	for (i = 0; iol_excl_defaults[i]; i++)
		if (regcomp(&re[nre++], iol_excl_defaults[i],
			    REG_EXTENDED | REG_NOSUB))
			return 1;
	printf("1..2\n");
	for (i = 0; edge[i]; i++)
		check(edge[i]);
	printf("%sok 1 - %zu edge cases\n", bad ? "not " : "", i);
	for (i = 0; i < 1000000; i++) {
		buf[0] = '\0';
		n = 0;
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		for (k = 0; k < 1 + (x >> 60); k++) {
			const char *p = piece[(x >> (4 * k)) % np];

			memcpy(buf + n, p, strlen(p) + 1);
			n += strlen(p);
		}
		check(buf);
	}
	printf("%sok 2 - a million drawn paths (%ld differ)\n",
	       bad ? "not " : "", bad);
	return 0;
}
