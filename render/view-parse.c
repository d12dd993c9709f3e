/*
 * The view of `iolens parse`: a Darshan log's modules as darshan-parser
 * prints them (--base, --total, --file, --perf), byte for byte; the job
 * header and the DXT traces are render/parse-text.c's and parse-dxt.c's.
 */
#include <stdio.h>
#include <stdlib.h>

#include "analysis/accum.h"
#include "counters/counters.h"
#include "render/parse-desc.h"
#include "render/parse-pipe.h"
#include "render/parse-text.h"
#include "render/view-parse.h"
#include "base/banned.h"

struct vctx {
	struct obuf *ob;
	struct iol_dlog *d;
	int mask;
	FILE *warn;
	struct iol_error *err;
	int nthreads;
	struct ppipe *pipe; /* --base on more than one thread */
	size_t here;	    /* records printed before the threads start */
};

/* A log of fewer records than this is printed in the caller's thread
 * alone: starting, waking and joining threads costs more than its text
 * (two of parse-pipe.c's batches, about 0.6 MB of --base text). */
enum { PIPE_AFTER = 64 };

/* A module with records that is not printed: unknown or unreadable (a
 * warning on stderr, as darshan-parser), DXT, or not asked for. */
static int module_skipped(struct vctx *c, int i)
{
	struct obuf *ob = c->ob;

	if (i >= IOL_MOD_KNOWN) {
		obuf_flush(ob);
		fprintf(c->warn,
			"# Warning: module id %d is unknown. You may need a "
			"newer version of the Darshan utilities to parse it.\n",
			i);
		return 1;
	}
	if (!iol_modinfo(i)->readable || i == IOL_MOD_NULL) {
		obuf_flush(ob);
		fprintf(c->warn,
			"# Warning: no log utility handlers defined for "
			"module %s, SKIPPING.\n",
			iol_modinfo(i)->name);
		return 1;
	}
	if (i == IOL_MOD_DXT_POSIX || i == IOL_MOD_DXT_MPIIO)
		return 1;
	return i != IOL_MOD_POSIX && i != IOL_MOD_MPIIO && i != IOL_MOD_STDIO &&
	       i != IOL_MOD_DFS && i != IOL_MOD_DAOS && !(c->mask & OPT_BASE);
}

/* Module i, whose region a log cut short lost: what darshan-parser
 * prints of it, the records of the whole 1 MiB chunks the file holds up
 * to the first that fails, and none of its --total, --file and --perf
 * figures (the reader's error skips them).  0 or IOL_ENOMEM. */
static int cut_records(struct vctx *c, int i, struct parse_line *l)
{
	struct iol_modrd rd;
	const struct iol_rec *r;
	struct iol_error quiet = {0};
	int ret;

	ret = iol_modrd_open_cut(&rd, c->d, i, 1 << 20, &quiet);
	if (ret == IOL_ENOMEM)
		return iol_error_set(c->err, ret, "out of memory");
	if (ret < 0)
		return 0;
	while ((ret = iol_modrd_next(&rd, &r, &quiet)) == 1)
		if ((c->mask & OPT_BASE) &&
		    (ret = parse_text_record(c->ob, l, c->d, r)) < 0) {
			iol_error_set(c->err, ret, "out of memory");
			break;
		}
	iol_modrd_close(&rd);
	return ret == IOL_ENOMEM ? ret : 0;
}

/* Record r's counter lines (--base): queued to the formatting threads
 * when there are some and r can be copied, else printed here.  0 or
 * IOL_ENOMEM. */
static int record_text(struct vctx *c, struct parse_line *l,
		       const struct iol_rec *r)
{
	if (!(c->mask & OPT_BASE))
		return 0;
	if (c->nthreads > 1 && !c->pipe && ppipe_takes(r->mod) &&
	    ++c->here > PIPE_AFTER) {
		c->pipe = ppipe_start(c->d, c->ob, c->nthreads);
		if (!c->pipe) /* one thread prints the same text */
			c->nthreads = 1;
	}
	if (c->pipe && ppipe_takes(r->mod))
		return ppipe_add(c->pipe, r);
	return parse_text_record(c->ob, l, c->d, r);
}

/* Module i's records (--base), then its --total, --file and --perf
 * figures from the accumulator.  Returns 0 or a negative IOL_E* code
 * with c->err set. */
static int module_records(struct vctx *c, int i, struct parse_line *l)
{
	struct iol_dlog *d = c->d;
	struct obuf *ob = c->ob;
	struct iol_modrd rd;
	const struct iol_rec *r;
	struct iol_accum acc;
	int have_acc = 0, ret;

	if ((d->cut >> i) & 1)
		return cut_records(c, i, l);
	ret = iol_modrd_open(&rd, d, i, c->err);
	if (ret < 0)
		return ret;
	if (iol_accum_supported(i)) {
		if (iol_accum_init(&acc, i, d->nprocs) < 0) {
			iol_modrd_close(&rd);
			return iol_error_set(c->err, IOL_ENOMEM,
					     "out of memory");
		}
		have_acc = 1;
	}
	while ((ret = iol_modrd_next(&rd, &r, c->err)) == 1) {
		/* its file's slot arrives while the record is queued */
		if (have_acc)
			iol_accum_prefetch(&acc, r->id);
		if ((ret = record_text(c, l, r)) < 0) {
			iol_error_set(c->err, ret, "out of memory");
			break;
		}
		if (have_acc && (ret = iol_accum_add(&acc, r)) < 0) {
			iol_error_set(c->err, ret,
				      "record accumulation failed");
			break;
		}
	}
	iol_modrd_close(&rd);
	/* the module's lines are written before what follows them */
	if (c->pipe && ppipe_drain(c->pipe) < 0 && ret >= 0)
		ret = iol_error_set(c->err, IOL_ENOMEM, "out of memory");
	if (ret < 0) {
		if (have_acc)
			iol_accum_release(&acc);
		return ret;
	}
	if (have_acc) {
		if (c->mask & OPT_TOTAL)
			parse_text_total(ob, &acc, (int)d->mod_ver[i]);
		if (c->mask & OPT_FILE)
			parse_text_files(ob, &acc);
		if (c->mask & OPT_PERF)
			parse_text_perf(ob, &acc);
		iol_accum_release(&acc);
	}
	return 0;
}

static int modules(struct vctx *c)
{
	struct iol_dlog *d = c->d;
	struct obuf *ob = c->ob;
	struct parse_line l = {.suf = NULL};
	int i, empty = 0, ret;

	if (c->mask & OPT_BASE)
		obuf_puts(ob,
			  "\n# description of columns:\n"
			  "#   <module>: module responsible for this I/O "
			  "record.\n"
			  "#   <rank>: MPI rank.  -1 indicates that the file "
			  "is shared\n"
			  "#      across all processes and statistics are "
			  "aggregated.\n"
			  "#   <record id>: hash of the record's file path\n"
			  "#   <counter name> and <counter value>: statistical "
			  "counters.\n"
			  "#      A value of -1 indicates that Darshan could "
			  "not monitor\n"
			  "#      that counter, and its value should be "
			  "ignored.\n"
			  "#   <file name>: full file path for the record.\n"
			  "#   <mount pt>: mount point that the file resides "
			  "on.\n"
			  "#   <fs type>: type of file system that the file "
			  "resides on.\n");
	for (i = 0; i < IOL_MOD_MAX; i++) {
		int partial = (d->partial >> i) & 1;

		if (d->mod_map[i].len == 0) {
			empty++;
			if (!partial)
				continue;
		} else if (module_skipped(c, i)) {
			continue;
		}
		obuf_printf(ob,
			    "\n# "
			    "**************************************************"
			    "*****\n"
			    "# %s module data\n"
			    "# "
			    "**************************************************"
			    "*****\n",
			    i < IOL_MOD_KNOWN ? iol_modinfo(i)->name
					      : "<UNKNOWN>");
		if (partial) {
			if (!(c->mask & OPT_INCOMPLETE)) {
				parse_text_incomplete(c->ob, i, 0, 1);
				free(l.suf);
				return VIEW_PARSE_INCOMPLETE;
			}
			parse_text_incomplete(c->ob, i, 0, 0);
			if (d->mod_map[i].len == 0)
				continue;
		}
		if (i >= IOL_MOD_KNOWN || !iol_dlog_mod_readable(d, i)) {
			free(l.suf);
			return iol_error_set(c->err, IOL_EVERSION,
					     "cannot read %s module version %u",
					     i < IOL_MOD_KNOWN
						     ? iol_modinfo(i)->name
						     : "unknown",
					     d->mod_ver[i]);
		}
		if ((c->mask & OPT_BASE) &&
		    parse_print_description(ob, i, (int)d->mod_ver[i]) == 0)
			obuf_puts(ob, "\n#<module>\t<rank>\t<record "
				      "id>\t<counter>\t<value>\t<file "
				      "name>\t<mount pt>\t<fs type>\n");
		ret = module_records(c, i, &l);
		if (ret < 0) {
			free(l.suf);
			return ret;
		}
	}
	free(l.suf);
	if (empty == IOL_MOD_MAX)
		obuf_puts(ob, "\n# no module data available.\n");
	return 0;
}

int view_parse_modules(struct obuf *ob, struct iol_dlog *d, int mask,
		       int nthreads, FILE *warn, struct iol_error *err)
{
	struct vctx c = {ob, d, mask, warn, err, nthreads, NULL, 0};
	int ret = modules(&c);

	ppipe_finish(c.pipe);
	return ret;
}
