/*
 * The triage thresholds: the default text (etc/triage.conf, kept equal
 * to it by t/7301-triage.t, iolens triage --print-config) and the parser
 * of that key = value form.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/triage.h"
#include "base/banned.h"

const char iol_triage_default_conf[] =
	"# iolens triage thresholds (key = value; '#' starts a comment).\n"
	"# Installed as share/iolens/triage.conf; iolens triage --config FILE\n"
	"# reads a file of the same form, and each finding prints the "
	"threshold\n"
	"# it used.  The compiled-in defaults equal this file "
	"(t/7301-triage.t).\n"
	"\n"
	"# IOL-META-BOUND: metadata share of POSIX+STDIO I/O time, percent\n"
	"# (METRICS.md 6; the slides flagged jobs up to 99 %).\n"
	"meta_cost_pct = 30\n"
	"# IOL-SMALL-FILES: files created per process (small-file storms).\n"
	"creates_per_proc = 10\n"
	"# IOL-SMALL-REQ: share of POSIX reads+writes under 1 MiB, percent\n"
	"# (Drishti: 10 %).\n"
	"small_req_pct = 10\n"
	"# IOL-RANK0-IO: one rank's share of the bytes, percent (METRICS.md "
	"7).\n"
	"rank0_share_pct = 99\n"
	"# IOL-MISALIGNED: share of POSIX operations not aligned, percent\n"
	"# (Drishti: 10 %).\n"
	"misaligned_pct = 10\n"
	"# IOL-RANDOM: share of POSIX operations not sequential, percent.\n"
	"random_pct = 20\n"
	"# IOL-IO-TIME: slowest rank's I/O time as a share of run time, "
	"percent.\n"
	"io_time_pct = 50\n"
	"# IOL-RANK-IMBALANCE: busiest rank's bytes over the mean rank's (all\n"
	"# ranks, idle ones included), times; judged against the mean, not "
	"the\n"
	"# share of a shared file.\n"
	"rank_imbalance = 3\n"
	"# IOL-IDLE-RANKS: share of ranks with no I/O record, percent.\n"
	"idle_ranks_pct = 0\n"
	"# IOL-FSYNC: fsync/fdatasync calls per 100 POSIX writes, beyond the\n"
	"# first sync of each written record (one per file per rank is "
	"fine).\n"
	"fsync_per_write_pct = 10\n"
	"# IOL-SEEK-PER-OP: seeks per 100 POSIX reads and writes.\n"
	"seek_per_op_pct = 90\n";

static const char *const keys[IOL_TRIAGE_NKEYS] = {
	"meta_cost_pct",       "creates_per_proc", "small_req_pct",
	"rank0_share_pct",     "misaligned_pct",   "random_pct",
	"io_time_pct",	       "rank_imbalance",   "idle_ranks_pct",
	"fsync_per_write_pct", "seek_per_op_pct",
};


static int conf_line(struct iol_triage_conf *c, char *line, int lineno,
		     struct iol_error *err)
{
	char *eq, *key, *val, *end, *p;
	int k;

	p = strchr(line, '#');
	if (p)
		*p = '\0';
	key = line + strspn(line, " \t\r");
	if (!*key)
		return 0;
	eq = strchr(key, '=');
	if (!eq)
		return iol_error_set(err, IOL_ESYNTAX, "line %d: no '='",
				     lineno);
	*eq = '\0';
	for (p = eq; p > key && strchr(" \t", p[-1]); p--)
		p[-1] = '\0';
	val = eq + 1;
	for (k = 0; k < IOL_TRIAGE_NKEYS; k++)
		if (!strcmp(key, keys[k]))
			break;
	if (k == IOL_TRIAGE_NKEYS)
		return iol_error_set(err, IOL_ESYNTAX,
				     "line %d: unknown key '%s'", lineno, key);
	errno = 0;
	c->v[k] = strtod(val, &end);
	end += strspn(end, " \t\r");
	if (errno || end == val || *end || !isfinite(c->v[k]))
		return iol_error_set(err, IOL_ESYNTAX,
				     "line %d: bad number for %s", lineno, key);
	return 0;
}

static int conf_apply(struct iol_triage_conf *c, const char *text,
		      struct iol_error *err)
{
	char buf[512];
	const char *p = text, *nl;
	int lineno = 0, rc;

	while (*p) {
		size_t len;

		nl = strchr(p, '\n');
		len = nl ? (size_t)(nl - p) : strlen(p);
		lineno++;
		if (len >= sizeof(buf))
			return iol_error_set(err, IOL_ESYNTAX,
					     "line %d: too long", lineno);
		memcpy(buf, p, len);
		buf[len] = '\0';
		rc = conf_line(c, buf, lineno, err);
		if (rc < 0)
			return rc;
		p += len + (nl ? 1 : 0);
	}
	return 0;
}

int iol_triage_conf_parse(struct iol_triage_conf *c, const char *text,
			  struct iol_error *err)
{
	int rc = conf_apply(c, iol_triage_default_conf, err);

	if (rc < 0 || !text)
		return rc;
	return conf_apply(c, text, err);
}
