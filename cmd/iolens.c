/*
 * iolens: one binary, git-style subcommands.  main() only finds the
 * command in the table and hands it argv; each command parses its own
 * options and returns its exit status.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "cli/complete.h"
#include "cmd/util.h"
#include "base/version.h"
#include "population/popdb.h"
#include "render/batch.h"
#include "render/gfx.h"
#include "render/help.h"
#include "base/banned.h"

/* "iolens help --columns CMD [--mdoc]": the columns of CMD's views, for
 * people or as its man page's Columns subsection. */
static int help_columns(int argc, char **argv)
{
	int mdoc = argc == 5 && !strcmp(argv[4], "--mdoc");

	if (argc < 4 || argc > 5 || (argc == 5 && !mdoc)) {
		iol_help_print(stderr, "help--columns", NULL);
		return EXIT_USAGE;
	}
	return cmd_help_columns(argv[3], mdoc);
}

/* The drawing module's failure to load, said by the two renderers that
 * cannot return it (render/gfx.h) */
static void gfx_failed(const char *why)
{
	msg("cannot load the drawing module: %s", why);
}

/* Run the command argv[0] as "iolens <cmd>"; unknown, say so (and with
 * hint, how to list the commands) and return the usage status. */
static int run_command(int argc, char **argv, int hint)
{
	static char progname[64];
	const struct command *c;

	for (c = commands; c->name; c++)
		if (!strcmp(c->name, argv[0]))
			break;
	if (!c->name) {
		fprintf(stderr, "iolens: unknown command '%s'\n%s", argv[0],
			hint ? "iolens: try 'iolens --help'\n" : "");
		return EXIT_USAGE;
	}
	snprintf(progname, sizeof(progname), "iolens %s", c->name);
	iol_progname = progname;
	return c->fn(argc, argv);
}

/* One command of a serve batch (render/batch.h), as main would run it
 * but for the usage hint. */
static int batch_command(int argc, char **argv)
{
	optind = 0; /* getopt's state as at a process's start */
	return run_command(argc, argv, 0);
}

/* A serve batch's commands (serve/run.c): a job page's four that read
 * the store share one opening of it, its schema read once (a first
 * visit's child on the 406-job store: 9.5 ms of CPU, 7.7 so) */
static int serve_batch(int argc, char **argv)
{
	int rc;

	iol_popdb_keep(1);
	rc = serve_batch_run(argc, argv, batch_command);
	iol_popdb_keep(0);
	return rc < 0 ? EXIT_DATA : EXIT_OK;
}

/* the store kept by a worker's batches closed: the next opens it anew */
static void worker_fresh(void)
{
	iol_popdb_keep(0);
	iol_popdb_keep(1);
}

/* A serve worker (render/batch.h): batches from fd 0 until it ends. */
static int serve_worker(void)
{
	/* the socket moved above the log's fd 3; stdin /dev/null, as a
	 * spawned child's */
	int sock = fcntl(0, F_DUPFD_CLOEXEC, 10), nul, rc;

	nul = open("/dev/null", O_RDONLY);
	if (sock < 0 || nul < 0 || dup2(nul, 0) < 0)
		return EXIT_DATA;
	if (nul != 0)
		close(nul);
	iol_popdb_keep(1);
	rc = serve_worker_run(sock, batch_command, worker_fresh);
	iol_popdb_keep(0);
	return rc < 0 ? EXIT_DATA : EXIT_OK;
}

int main(int argc, char **argv)
{
	static char hopt[] = "--help";
	char *hargv[4] = {NULL, NULL, hopt, NULL};

	iol_gfx_say = gfx_failed;
	/* a child of `iolens serve`, about to read a log from elsewhere */
	if (getenv("IOLENS_SERVE_CONFINE") &&
	    serve_confine(getenv("IOLENS_SERVE_CONFINE")) < 0) {
		msg("cannot confine a child of serve: %s", strerror(errno));
		return EXIT_DATA;
	}
	if (argc < 2) {
		iol_help_print(stderr, "iolens", NULL);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--serve-batch")) /* for serve/run.c */
		return serve_batch(argc - 2, argv + 2);
	if (argc == 2 &&
	    !strcmp(argv[1], "--serve-worker")) /* serve/worker.c */
		return serve_worker();
	if (!strcmp(argv[1], "help") && argc > 2 &&
	    !strcmp(argv[2], "--columns"))
		return help_columns(argc, argv);
	/* the options of every command, for the shell completions */
	if (argc == 3 && !strcmp(argv[1], "help") &&
	    !strcmp(argv[2], "--complete"))
		return cmd_complete_list(commands);
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
	return run_command(argc - 1, argv + 1, 1);
}
