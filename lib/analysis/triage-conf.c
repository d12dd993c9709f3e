/*
 * The triage thresholds: the default text (etc/triage.conf itself, made
 * a C string by the Makefile) and the parser of that key = value form.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/triage.h"

/* generated from etc/triage.conf by the Makefile */
const char iol_triage_default_conf[] =
#include "analysis/triage-default.inc"
	;

#include "base/banned.h"

/* Each key and the range a value must lie in: a share is a percent of
 * something (0-100; the share of operations may not pass 100), a ratio
 * "times the mean" is at least 1, counts and seconds are not negative. */
#define PCT 0, 100
#define POS 0, 1e15
static const struct {
	const char *name;
	double lo, hi;
} keys[] = {
	{"meta_cost_pct", PCT},
	{"creates_per_proc", POS},
	{"small_req_pct", PCT},
	{"rank0_share_pct", PCT},
	{"misaligned_pct", PCT},
	{"random_pct", PCT},
	{"io_time_pct", PCT},
	{"rank_imbalance", 1, 1e15},
	{"idle_ranks_pct", PCT},
	{"fsync_per_write_pct", POS},
	{"seek_per_op_pct", POS},
	{"small_req_min_ops", POS},
	{"stdio_pct", PCT},
	{"mem_misaligned_pct", PCT},
	{"redundant_pct", POS},
	{"shared_small_pct", PCT},
	{"shared_imbalance_pct", POS},
	{"shared_time_imbalance_pct", POS},
	{"rank_size_imbalance_pct", PCT},
	{"collective_min_ops", POS},
	{"read_after_write_pct", PCT},
	{"lustre_misaligned_pct", PCT},
	{"random_min_ops", POS},
	{"aggregator_ranks", 1, 1e15},
	{"straggler_pct", POS},
	{"aggregator_skew", 1, 1e15},
	{"min_stake_s", POS},
	{"min_stake_pct", PCT},
	{"min_group_stake_s", POS},
	{"small_file_bytes", POS},
	{"storm_files", POS},
	{"storm_reopens", POS},
	{"rank_jitter_pct", PCT},
	{"fsync_per_file", POS},
	{"fsync_commit_syncs", POS},
	{"full_rate_mibs", POS},
	{"read_rate_mibs", POS},
	{"write_rate_mibs", POS},
	{"stdio_call_bytes", POS},
	{"iotime_cause_pct", PCT},
	{"companions", 0, 1},
	{"stdio_bulk_bytes", POS},
	{"stdio_stream_calls", POS},
	{"stdio_libcall_us", POS},
	{"coll_merge_calls", POS},
	{"writeback_pace_pct", PCT},
	{"writeback_call_us", POS},
	{"storm_creates", POS},
	{"stdio_wait_us", POS},
	{"fsync_flush_mibs", POS},
	{"fsync_call_us", POS},
	{"iotime_paced_s", POS},
	{"iotime_paced_pct", PCT},
	{"iotime_sync_pct", PCT},
	{"stdio_flush_bytes", POS},
};
_Static_assert(sizeof(keys) / sizeof(keys[0]) == IOL_TRIAGE_NKEYS,
	       "one name per threshold");

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
		if (!strcmp(key, keys[k].name))
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
	if (c->v[k] < keys[k].lo || c->v[k] > keys[k].hi)
		return iol_error_set(err, IOL_ESYNTAX,
				     "line %d: %s = %g is out of range (%g to "
				     "%g)",
				     lineno, key, c->v[k], keys[k].lo,
				     keys[k].hi);
	return 0;
}

int iol_triage_conf_apply(struct iol_triage_conf *c, const char *text,
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
	int rc = iol_triage_conf_apply(c, iol_triage_default_conf, err);

	if (rc < 0 || !text)
		return rc;
	return iol_triage_conf_apply(c, text, err);
}

const char *iol_triage_conf_key(int k)
{
	return k >= 0 && k < IOL_TRIAGE_NKEYS ? keys[k].name : NULL;
}

int iol_triage_conf_index(const char *key)
{
	for (int k = 0; k < IOL_TRIAGE_NKEYS; k++)
		if (!strcmp(key, keys[k].name))
			return k;
	return -1;
}

/* The whole of a small text file, NUL-ended; caller frees. */
static char *slurp(FILE *f, struct iol_error *err)
{
	char *text = NULL, *t;
	size_t n = 0, cap = 0, r;

	do {
		if (n + 4096 + 1 > cap) {
			t = realloc(text, cap = cap * 2 + 8192);
			if (!t) {
				free(text);
				iol_error_set(err, IOL_ENOMEM, "out of memory");
				return NULL;
			}
			text = t;
		}
		r = fread(text + n, 1, 4096, f);
		n += r;
	} while (r == 4096);
	if (ferror(f)) {
		free(text);
		iol_error_set(err, IOL_EIO, "%s", strerror(errno));
		return NULL;
	}
	text[n] = '\0';
	return text;
}

int iol_triage_conf_load(struct iol_triage_conf *c, const char *path,
			 struct iol_error *err)
{
	return iol_triage_conf_load_over(c, NULL, path, err);
}

int iol_triage_conf_load_over(struct iol_triage_conf *c, const char *base,
			      const char *path, struct iol_error *err)
{
	FILE *f;
	char *text;
	int rc = iol_triage_conf_parse(c, base, err);

	if (rc < 0 || !path)
		return rc;
	f = fopen(path, "r");
	if (!f)
		return iol_error_set(err, IOL_EIO, "cannot open '%s': %s", path,
				     strerror(errno));
	text = slurp(f, err);
	fclose(f);
	if (!text)
		return err ? err->code : IOL_ENOMEM;
	rc = iol_triage_conf_apply(c, text, err);
	free(text);
	return rc;
}
