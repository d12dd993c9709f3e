/*
 * Reading Slurm's `sacct -P` output (population/sacct.h): the header
 * names the fields, each later line is split on '|' and checked field by
 * field.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "population/sacct.h"
#include "base/banned.h"

const char iol_sacct_format[] =
	"JobID,JobIDRaw,Cluster,User,Account,NNodes,NCPUS,Elapsed,Start,End,"
	"State";

#define MAXF 256

static const struct {
	const char *name;
	int field;
} names[] = {
	{"JobID", IOL_SF_JOBID},
	{"JobIDRaw", IOL_SF_JOBIDRAW},
	{"Cluster", IOL_SF_CLUSTER},
	{"User", IOL_SF_USER},
	{"Account", IOL_SF_ACCOUNT},
	{"NNodes", IOL_SF_NNODES},
	{"AllocNodes", IOL_SF_NNODES},
	{"NCPUS", IOL_SF_NCPUS},
	{"AllocCPUS", IOL_SF_NCPUS},
	{"Elapsed", IOL_SF_ELAPSED},
	{"ElapsedRaw", IOL_SF_ELAPSEDRAW},
	{"Start", IOL_SF_START},
	{"End", IOL_SF_END},
	{"State", IOL_SF_STATE},
	{"Partition", IOL_SF_PARTITION},
};

/* Split line on '|' into f (at most MAXF); the count, or -1 if more. */
static int split(char *line, char **f)
{
	int n = 0;
	char *s = line;

	for (;;) {
		char *e = strchr(s, '|');
		if (n == MAXF)
			return -1;
		f[n++] = s;
		if (!e)
			return n;
		*e = '\0';
		s = e + 1;
	}
}

static int header(struct iol_sacct *p, char **f, int n, struct iol_error *err)
{
	for (int k = 0; k < IOL_SF_N; k++)
		p->col[k] = -1;
	for (int i = 0; i < n; i++)
		for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
			if (!strcasecmp(f[i], names[k].name) &&
			    p->col[names[k].field] < 0)
				p->col[names[k].field] = i;
	if (p->col[IOL_SF_JOBID] < 0)
		return iol_error_set(err, IOL_EINVAL,
				     "line %lld: not an sacct -P header (no "
				     "JobID field; run sacct -P without -n "
				     "and with --format=%s)",
				     (long long)p->line, iol_sacct_format);
	p->trailing = n > 1 && !*f[n - 1]; /* sacct -p ends lines with '|' */
	p->nfields = n;
	p->have_header = 1;
	return 0;
}

/* A count in [0, 1e9]; "" unknown (-1).  0 or -1 bad. */
static int count(const char *s, int64_t *v)
{
	char *e;
	long long x;

	*v = -1;
	if (!*s)
		return 0;
	if (!isdigit((unsigned char)*s))
		return -1;
	x = strtoll(s, &e, 10);
	if (*e || x > 1000000000LL)
		return -1;
	*v = x;
	return 0;
}

static int digits(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return 0;
	return n > 0 && n < 19;
}

int iol_sacct_elapsed(const char *s, double *sec)
{
	long long part[3] = {0, 0, 0}, days = 0;
	const char *dash = strchr(s, '-'), *p = s;
	double frac = 0;
	int n = 0;

	*sec = NAN;
	if (dash) {
		if (!digits(s, (size_t)(dash - s)))
			return IOL_EINVAL;
		days = atoll(s);
		p = dash + 1;
	}
	for (;;) {
		size_t l = strspn(p, "0123456789");
		if (!l || l > 9 || n == 3)
			return IOL_EINVAL;
		part[n++] = atoll(p);
		p += l;
		if (*p != ':')
			break;
		p++;
	}
	if (*p == '.') {
		size_t l = strspn(p + 1, "0123456789");
		if (!l || p[1 + l])
			return IOL_EINVAL;
		frac = strtod(p, NULL);
	} else if (*p) {
		return IOL_EINVAL;
	}
	/* MM:SS or HH:MM:SS; with days, HH:MM:SS */
	if (n < 2 || (dash && n != 3) || part[n - 1] > 59 || part[n - 2] > 59 ||
	    days > 100000)
		return IOL_EINVAL;
	if (n == 2) {
		part[2] = part[1];
		part[1] = part[0];
		part[0] = 0;
	}
	*sec = (double)days * 86400 + (double)part[0] * 3600 +
	       (double)part[1] * 60 + (double)part[2] + frac;
	return 0;
}

/* YYYY-MM-DDTHH:MM:SS local time; "Unknown", "None", "" unknown. */
static int timestamp(const char *s, double *t)
{
	struct tm tm = {0};
	int y, mo, d, h, mi, se, used = 0;
	time_t v;

	*t = NAN;
	if (!*s || !strcmp(s, "Unknown") || !strcmp(s, "None"))
		return 0;
	if (sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2d%n", &y, &mo, &d, &h, &mi, &se,
		   &used) != 6 ||
	    s[used] || y < 1970 || y > 9999 || mo < 1 || mo > 12 || d < 1 ||
	    d > 31 || h > 23 || mi > 59 || se > 60)
		return -1;
	tm.tm_year = y - 1900;
	tm.tm_mon = mo - 1;
	tm.tm_mday = d;
	tm.tm_hour = h;
	tm.tm_min = mi;
	tm.tm_sec = se;
	tm.tm_isdst = -1;
	v = mktime(&tm);
	if (v == (time_t)-1)
		return -1;
	*t = (double)v;
	return 0;
}

static const char *field(const struct iol_sacct *p, char **f, int k)
{
	return p->col[k] >= 0 ? f[p->col[k]] : "";
}

static const char *text(const struct iol_sacct *p, char **f, int k)
{
	const char *s = field(p, f, k);

	return *s ? s : NULL;
}

/* The digits after a JobID's '_' (array task) or '+' (heterogeneous
 * component): 1 when they end it, 0 for a step of it (counted), -1 bad. */
static int suffix(struct iol_sacct *p, const char *r)
{
	size_t t = strspn(r, "0123456789");

	if (!digits(r, t))
		return -1;
	if (r[t] == '.') {
		p->steps++;
		return 0;
	}
	return r[t] ? -1 : 1;
}

/* JobID: 123, 123_4, 123+1 (a job); 123.x (a step); 123_[4-9] (not
 * started).  1 job, 0 skip, -1 bad. */
static int jobid(struct iol_sacct *p, const char *s, struct iol_schedjob *j)
{
	size_t l = strspn(s, "0123456789");
	const char *r = s + l;

	j->array_job = j->array_task = -1;
	j->jobid_raw = -1;
	if (!digits(s, l))
		return -1;
	if (*r == '.') {
		p->steps++;
		return 0;
	}
	if (r[0] == '_' && r[1] == '[') {
		p->pending++;
		return 0;
	}
	if (*r == '_' || *r == '+') {
		int k = suffix(p, r + 1);

		if (k <= 0)
			return k;
		if (*r == '_') {
			j->array_job = atoll(s);
			j->array_task = atoll(r + 1);
			return 1;
		}
	} else if (*r) {
		return -1;
	}
	j->jobid_raw = atoll(s);
	return 1;
}

static int bad(struct iol_sacct *p, struct iol_error *err, const char *what,
	       const char *v)
{
	p->bad++;
	return iol_error_set(err, IOL_EINVAL, "line %lld: bad %s '%.40s'",
			     (long long)p->line, what, v);
}

static int numbers(struct iol_sacct *p, char **f, struct iol_schedjob *j,
		   struct iol_error *err)
{
	const char *s;
	int64_t raw;

	if (count(s = field(p, f, IOL_SF_NNODES), &j->nnodes) < 0)
		return bad(p, err, "NNodes", s);
	if (count(s = field(p, f, IOL_SF_NCPUS), &j->ncpus) < 0)
		return bad(p, err, "NCPUS", s);
	if (count(s = field(p, f, IOL_SF_JOBIDRAW), &raw) < 0)
		return bad(p, err, "JobIDRaw", s);
	if (raw >= 0)
		j->jobid_raw = raw;
	j->elapsed = NAN;
	if (count(s = field(p, f, IOL_SF_ELAPSEDRAW), &raw) < 0)
		return bad(p, err, "ElapsedRaw", s);
	if (raw >= 0)
		j->elapsed = (double)raw;
	s = field(p, f, IOL_SF_ELAPSED);
	if (raw < 0 && *s && strcmp(s, "INVALID") &&
	    iol_sacct_elapsed(s, &j->elapsed) < 0)
		return bad(p, err, "Elapsed", s);
	if (timestamp(s = field(p, f, IOL_SF_START), &j->start) < 0)
		return bad(p, err, "Start", s);
	if (timestamp(s = field(p, f, IOL_SF_END), &j->end) < 0)
		return bad(p, err, "End", s);
	return 0;
}

int iol_sacct_line(struct iol_sacct *p, char *line, struct iol_schedjob *j,
		   struct iol_error *err)
{
	char *f[MAXF];
	size_t l = strlen(line);
	int n, r;

	p->line++;
	if (l && line[l - 1] == '\r')
		line[--l] = '\0';
	if (!p->have_header) {
		if ((n = split(line, f)) < 0)
			return iol_error_set(err, IOL_EINVAL,
					     "line %lld: over %d fields",
					     (long long)p->line, MAXF);
		return header(p, f, n, err);
	}
	if (!l)
		return 0;
	n = split(line, f);
	if (n != p->nfields) {
		p->bad++;
		return iol_error_set(err, IOL_EINVAL,
				     "line %lld: %d fields, the header has %d",
				     (long long)p->line, n < 0 ? MAXF : n,
				     p->nfields);
	}
	if (!strcasecmp(f[p->col[IOL_SF_JOBID]], "JobID"))
		return 0; /* the header again (files joined) */
	memset(j, 0, sizeof *j);
	j->jobid = f[p->col[IOL_SF_JOBID]];
	if ((r = jobid(p, j->jobid, j)) < 0)
		return bad(p, err, "JobID", j->jobid);
	if (r == 0)
		return 0;
	j->state = text(p, f, IOL_SF_STATE);
	if (j->state && !strncmp(j->state, "PENDING", 7)) {
		p->pending++;
		return 0;
	}
	if (numbers(p, f, j, err) < 0)
		return IOL_EINVAL;
	j->cluster = field(p, f, IOL_SF_CLUSTER);
	j->user = text(p, f, IOL_SF_USER);
	j->account = text(p, f, IOL_SF_ACCOUNT);
	j->partition = text(p, f, IOL_SF_PARTITION);
	if (j->jobid_raw < 0)
		p->unjoinable++;
	p->jobs++;
	return 1;
}
