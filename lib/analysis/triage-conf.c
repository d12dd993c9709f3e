/*
 * The triage thresholds: the default text (etc/triage.conf itself, made
 * a C string by the Makefile) and the parser of that key = value form.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/triage.h"

/* generated from etc/triage.conf by the Makefile */
const char iol_triage_default_conf[] =
#include "analysis/triage-default.inc"
	;

#include "base/banned.h"

static const char *const keys[] = {
	"meta_cost_pct",
	"creates_per_proc",
	"small_req_pct",
	"rank0_share_pct",
	"misaligned_pct",
	"random_pct",
	"io_time_pct",
	"rank_imbalance",
	"idle_ranks_pct",
	"fsync_per_write_pct",
	"seek_per_op_pct",
	"small_req_min_ops",
	"stdio_pct",
	"mem_misaligned_pct",
	"redundant_pct",
	"shared_small_pct",
	"shared_imbalance_pct",
	"shared_time_imbalance_pct",
	"rank_size_imbalance_pct",
	"collective_min_ops",
	"read_after_write_pct",
	"lustre_misaligned_pct",
	"random_min_ops",
	"aggregator_ranks",
	"straggler_pct",
	"aggregator_skew",
	"min_stake_s",
	"min_stake_pct",
	"min_group_stake_s",
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
	return k >= 0 && k < IOL_TRIAGE_NKEYS ? keys[k] : NULL;
}

int iol_triage_conf_index(const char *key)
{
	for (int k = 0; k < IOL_TRIAGE_NKEYS; k++)
		if (!strcmp(key, keys[k]))
			return k;
	return -1;
}
