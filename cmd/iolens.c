/*
 * iolens: one binary, git-style subcommands.  main() only finds the
 * command in the table and hands it argv; each command parses its own
 * options and returns its exit status.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "cmd/util.h"
#include "base/version.h"
#include "render/help.h"
#include "render/views.h"
#include "base/banned.h"

/* "iolens help --columns CMD [--mdoc]": the columns of CMD's views, for
 * people or as its man page's Columns subsection. */
static int help_columns(int argc, char **argv)
{
	int mdoc = argc == 5 && !strcmp(argv[4], "--mdoc");
	struct obuf ob;
	int n;

	if (argc < 4 || argc > 5 || (argc == 5 && !mdoc)) {
		iol_help_print(stderr, "help--columns", NULL);
		return EXIT_USAGE;
	}
	obuf_init(&ob, 1, 1 << 14);
	n = iol_views_describe(&ob, argv[3], mdoc);
	if (obuf_release(&ob) != 0)
		return EXIT_DATA;
	if (!n) {
		fprintf(stderr, "iolens: '%s' has no tables described\n",
			argv[3]);
		return EXIT_DATA;
	}
	return EXIT_OK;
}

static int write_all(int fd, const char *p, size_t n)
{
	ssize_t k;

	while (n) {
		k = write(fd, p, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

/* The bytes of fd (from its start) written to out. */
static int copy_out(int fd, int out)
{
	char buf[65536];
	ssize_t k;
	off_t at = 0;

	while ((k = pread(fd, buf, sizeof(buf), at)) > 0) {
		if (write_all(out, buf, (size_t)k) < 0)
			return -1;
		at += k;
	}
	return k < 0 ? -1 : 0;
}

/* One command of a batch, argv[0..argc) (argv[argc] set to NULL while it
 * runs), its standard output and error caught in memory files: written
 * to out as "status outlen errlen\n", the output, the error. */
static int batch_one(int argc, char **argv, int out, int err)
{
	static char progname[64];
	const struct command *c;
	char head[64], *saved = argv[argc];
	int fo = memfd_create("out", MFD_CLOEXEC);
	int fe = memfd_create("err", MFD_CLOEXEC);
	int st = EXIT_USAGE, n;
	struct stat so, se;

	if (fo < 0 || fe < 0 || dup2(fo, 1) < 0 || dup2(fe, 2) < 0)
		return -1;
	for (c = commands; c->name; c++)
		if (!strcmp(c->name, argv[0]))
			break;
	argv[argc] = NULL;
	optind = 0; /* getopt's state as at a process's start */
	if (c->name) {
		snprintf(progname, sizeof(progname), "iolens %s", c->name);
		iol_progname = progname;
		st = c->fn(argc, argv);
	} else {
		fprintf(stderr, "iolens: unknown command '%s'\n", argv[0]);
	}
	argv[argc] = saved;
	fflush(stdout);
	fflush(stderr);
	if (dup2(out, 1) < 0 || dup2(err, 2) < 0 || fstat(fo, &so) < 0 ||
	    fstat(fe, &se) < 0)
		return -1;
	n = snprintf(head, sizeof(head), "%d %lld %lld\n", st,
		     (long long)so.st_size, (long long)se.st_size);
	if (write_all(out, head, (size_t)n) < 0 || copy_out(fo, out) < 0 ||
	    copy_out(fe, out) < 0)
		return -1;
	close(fo);
	close(fe);
	return 0;
}

/* "iolens --serve-batch CMD ARG... SEP CMD ARG...": the commands (SEP a
 * lone \x1e between them) run one after the other in this one process,
 * for `iolens serve` (serve/run.c): a page's sections from one child. */
static int serve_batch(int argc, char **argv)
{
	int out = dup(1), err = dup(2), s = 2, e;

	if (out < 0 || err < 0)
		return EXIT_DATA;
	while (s < argc) {
		for (e = s; e < argc && strcmp(argv[e], "\x1e"); e++)
			;
		if (e > s && batch_one(e - s, argv + s, out, err) < 0)
			return EXIT_DATA;
		s = e + 1;
	}
	return EXIT_OK;
}

int main(int argc, char **argv)
{
	const struct command *c;
	static char progname[64], hopt[] = "--help";
	char *hargv[4] = {NULL, NULL, hopt, NULL};

	if (argc < 2) {
		iol_help_print(stderr, "iolens", NULL);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--serve-batch"))
		return serve_batch(argc, argv);
	if (!strcmp(argv[1], "help") && argc > 2 &&
	    !strcmp(argv[2], "--columns"))
		return help_columns(argc, argv);
	if (!strcmp(argv[1], "help") && argc > 2) {
		/* "iolens help summary" is "iolens summary --help" */
		if (argc > 3) {
			fprintf(stderr, "iolens: help takes one command\n"
					"iolens: try 'iolens --help'\n");
			return EXIT_USAGE;
		}
		hargv[0] = argv[0];
		hargv[1] = argv[2];
		argv = hargv;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") ||
	    !strcmp(argv[1], "help")) {
		iol_help_print(stdout, "iolens", NULL);
		return EXIT_OK;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
		printf("iolens %s\n", IOLENS_VERSION);
		return EXIT_OK;
	}
	for (c = commands; c->name; c++) {
		if (strcmp(c->name, argv[1]) == 0) {
			snprintf(progname, sizeof(progname), "iolens %s",
				 c->name);
			iol_progname = progname;
			return c->fn(argc - 1, argv + 1);
		}
	}
	fprintf(stderr,
		"iolens: unknown command '%s'\n"
		"iolens: try 'iolens --help'\n",
		argv[1]);
	return EXIT_USAGE;
}
