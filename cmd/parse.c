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
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmd/commands.h"
#include "cmd/common.h"
#include "sources/darshan.h"
#include "render/obuf.h"
#include "render/parse-dxt.h"
#include "render/parse-text.h"
#include "render/view-parse.h"
#include "cmd/util.h"
#include "base/banned.h"

/* darshan-parser exits -1 (255) when a module is incomplete */
#define EXIT_INCOMPLETE 255

struct pctx {
	struct obuf ob;
	int nthreads; /* threads formatting lines */
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
	int ret = view_parse_modules(&c->ob, c->d, c->mask, c->nthreads, stderr,
				     &c->err);

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

#define AT(m) .off = offsetof(struct pctx, m)
static const struct cmd_opt options[] = {
	{"all", CO_OR, AT(mask), .lo = OPT_ALL},
	{"base", CO_OR, AT(mask), .lo = OPT_BASE},
	{"dxt", CO_OR, AT(mask), .lo = OPT_DXT},
	{"file", CO_OR, AT(mask), .lo = OPT_FILE},
	{"perf", CO_OR, AT(mask), .lo = OPT_PERF},
	{"show-incomplete", CO_OR, AT(mask), .lo = OPT_INCOMPLETE},
	{"threads", CO_INT, AT(nthreads), .lo = 1, .hi = DXP_MAXTHREADS},
	{"total", CO_OR, AT(mask), .lo = OPT_TOTAL},
	CO_END,
};

int cmd_parse(int argc, char **argv)
{
	struct pctx c;
	const struct cmd_optset sets[] = {
		{options, &c, 0},
		{copts_table, NULL, COPT_HELP | COPT_VERSION},
	};
	int ret, rc;

	memset(&c, 0, sizeof(c));
	c.nthreads = parse_dxt_default_threads();
	rc = cmd_opts_parse(argc, argv, sets, 2, CMD_OPTS_NOCOLON);
	if (rc >= 0)
		return rc;
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
