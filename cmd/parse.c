/*
 * iolens parse: print a Darshan log exactly as darshan-parser 3.5.0 does
 * (--base, --all, --total, --perf, --file, --show-incomplete) or, with
 * --dxt, as darshan-dxt-parser does, so that scripts written against those
 * tools can swap the binary.  Records are streamed one at a time from the
 * decoder into one large output buffer; the text is render/parse-text.c's
 * and, with --dxt, render/parse-dxt.c's.
 *
 * Differences from the reference, all on purpose (FORMAT.md section 11):
 * big-endian POSIX v1/v3 timing doubles are byte-swapped correctly, the
 * exe of a log without a mount table is printed, and a damaged log ends
 * with a message and exit status 1 instead of partial output and 0.
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "counters/counters.h"
#include "sources/darshan.h"
#include "render/obuf.h"
#include "render/parse-dxt.h"
#include "render/parse-text.h"
#include "render/view-parse.h"
#include "cmd/util.h"
#include "base/version.h"
#include "base/banned.h"

/* darshan-parser exits -1 (255) when a module is incomplete */
#define EXIT_INCOMPLETE 255

struct pctx {
	struct obuf ob;
	int nthreads; /* parse --dxt: threads formatting lines */
	struct iol_dlog *d;
	const char *path;
	int mask;
	struct iol_error err;
};

static int data_error(struct pctx *c, int ret)
{
	obuf_flush(&c->ob);
	msg_ioerr(c->path, ret, &c->err);
	return EXIT_DATA;
}

/* the modules' text (render/view-parse.c), its errors in our words */
static int parse_modules(struct pctx *c)
{
	int ret = view_parse_modules(&c->ob, c->d, c->mask, stderr, &c->err);

	if (ret < 0)
		return data_error(c, ret);
	return ret == VIEW_PARSE_INCOMPLETE ? EXIT_INCOMPLETE : EXIT_OK;
}

/* parse --dxt: the text of render/parse-dxt.c, its errors in our words */
static int parse_dxt(struct pctx *c)
{
	int ret = parse_dxt_text(&c->ob, stderr, c->d, c->mask & OPT_INCOMPLETE,
				 c->nthreads, &c->err);

	if (ret < 0)
		return data_error(c, ret);
	return ret == PARSE_DXT_INCOMPLETE ? EXIT_INCOMPLETE : EXIT_OK;
}

/* A log cut short: say what it lost (the text on stdout stays
 * darshan-parser's, which prints what it can read and exits 0). */
static void cut_warning(const struct pctx *c)
{
	char text[512];

	if (c->d->cut)
		msg("warning: '%s': %s", c->path,
		    iol_dlog_lost_text(c->d, text, sizeof(text)));
}

/* IOLENS_THREADS when it is a count parse --dxt takes, else 2 */
static int default_threads(void)
{
	const char *s = getenv("IOLENS_THREADS");
	char *end;
	long v;

	if (!s || !*s)
		return 2;
	v = strtol(s, &end, 10);
	if (*end || v < 1 || v > DXP_MAXTHREADS)
		return 2;
	return (int)v;
}

static int parse_threads(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	return *s && !*end && v >= 1 && v <= DXP_MAXTHREADS ? (int)v : -1;
}

int cmd_parse(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"all", no_argument, NULL, 'a'},
		{"base", no_argument, NULL, 'b'},
		{"dxt", no_argument, NULL, 'x'},
		{"file", no_argument, NULL, 'f'},
		{"help", no_argument, NULL, 'h'},
		{"perf", no_argument, NULL, 'p'},
		{"show-incomplete", no_argument, NULL, 'i'},
		{"threads", required_argument, NULL, 'T'},
		{"total", no_argument, NULL, 't'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0},
	};
	struct pctx c;
	int opt, ret, rc;

	memset(&c, 0, sizeof(c));
	c.nthreads = default_threads();
	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'a': c.mask |= OPT_ALL; break;
		case 'b': c.mask |= OPT_BASE; break;
		case 'x': c.mask |= OPT_DXT; break;
		case 'f': c.mask |= OPT_FILE; break;
		case 'p': c.mask |= OPT_PERF; break;
		case 'i': c.mask |= OPT_INCOMPLETE; break;
		case 't': c.mask |= OPT_TOTAL; break;
		case 'T':
			c.nthreads = parse_threads(optarg);
			if (c.nthreads < 0)
				return usage_error("--threads wants 1 to 64, "
						   "not '%s'",
						   optarg);
			break;
		case 'h': return cmd_help(NULL);
		case 'V': puts("iolens " IOLENS_VERSION); return EXIT_OK;
		default:
			return usage_error("unknown option '%s'",
					   argv[optind - 1]);
		}
	}
	if (argc - optind != 1)
		return usage_error(argc - optind ? "expected one log, got %d"
						 : "no log given%.0d",
				   argc - optind);
	if ((c.mask & OPT_DXT) && (c.mask & (OPT_ALL & ~OPT_INCOMPLETE)))
		return usage_error("--dxt cannot be combined with --base, "
				   "--total, --perf or --file");
	if (!(c.mask & (OPT_ALL & ~OPT_INCOMPLETE)) && !(c.mask & OPT_DXT))
		c.mask |= OPT_BASE;
	c.path = argv[optind];
	ret = iol_dlog_open(&c.d, c.path, &c.err);
	if (ret < 0) {
		msg_ioerr(c.path, ret, &c.err);
		return EXIT_DATA;
	}
	if (obuf_init(&c.ob, STDOUT_FILENO, 1 << 18) < 0) {
		iol_dlog_close(c.d);
		msg("out of memory");
		return EXIT_DATA;
	}
	cut_warning(&c);
	parse_text_job(&c.ob, c.d);
	rc = (c.mask & OPT_DXT) ? parse_dxt(&c) : parse_modules(&c);
	if (obuf_release(&c.ob) && rc == EXIT_OK) {
		msg("write error: %s", strerror(c.ob.err));
		rc = EXIT_DATA;
	}
	iol_dlog_close(c.d);
	return rc;
}
