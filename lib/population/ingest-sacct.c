/*
 * The scheduler's accounting (Slurm sacct -P) into the store's sched
 * table during an ingest run (ingest.h, population/sacct.h), line by
 * line, with one line said per bad line (the first 20).
 * Owner: lib/population.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "population/ingest.h"
#include "population/sacct.h"
#include "base/banned.h"

enum { LINE_MAX_BYTES = 16384, MAX_SAID = 20 };

/* The fields worth warning about when the header lacks them. */
static void say_missing(struct iol_ingest *g, const struct iol_sacct *p,
			const char *path)
{
	static const struct {
		int f, alt;
		const char *name;
	} want[] = {{IOL_SF_USER, -1, "User"},
		    {IOL_SF_ACCOUNT, -1, "Account"},
		    {IOL_SF_NNODES, -1, "NNodes"},
		    {IOL_SF_NCPUS, -1, "NCPUS"},
		    {IOL_SF_ELAPSED, IOL_SF_ELAPSEDRAW, "Elapsed"},
		    {IOL_SF_START, -1, "Start"},
		    {IOL_SF_END, -1, "End"},
		    {IOL_SF_STATE, -1, "State"}};
	char buf[160] = "";
	size_t k = 0;

	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		if (p->col[want[i].f] < 0 &&
		    (want[i].alt < 0 || p->col[want[i].alt] < 0)) {
			int w = snprintf(buf + k, sizeof buf - k, "%s%s",
					 k ? ", " : "", want[i].name);
			if (w > 0 && (size_t)w < sizeof buf - k)
				k += (size_t)w;
		}
	if (k)
		iol_ingest_say(g,
			       "warning: '%s' has no field %s: those values "
			       "are unknown "
			       "(sacct -P --format=%s)",
			       path, buf, iol_sacct_format);
}

/* One line into buf (without '\n'): its length, -1 at the end, -2
 * longer than the buffer, -3 a NUL byte (the rest of the line read). */
static long get_line(FILE *f, char *buf, size_t cap)
{
	size_t n = 0;
	int c, over = 0, nul = 0;

	while ((c = getc(f)) != EOF && c != '\n') {
		if (c == '\0')
			nul = 1;
		if (n + 1 < cap)
			buf[n++] = (char)c;
		else
			over = 1;
	}
	if (c == EOF && n == 0 && !over && !nul)
		return -1;
	buf[n] = '\0';
	return over ? -2 : nul ? -3 : (long)n;
}

static int read_lines(struct iol_ingest *g, FILE *f, const char *path,
		      struct iol_sacct *p, int *fatal)
{
	static char line[LINE_MAX_BYTES];
	struct iol_error err = {0, 0, ""};
	struct iol_schedjob j;
	int64_t said = 0;
	long l;

	while ((l = get_line(f, line, sizeof line)) != -1) {
		int r;

		if (l < 0) {
			p->line++;
			p->bad++;
			if (said++ < MAX_SAID)
				iol_ingest_say(
					g, "'%s' line %lld: %s", path,
					(long long)p->line,
					l == -2 ? "too long"
						: "a NUL byte: not text");
			if (!p->have_header) {
				*fatal = 1;
				return -1;
			}
			continue;
		}
		r = iol_sacct_line(p, line, &j, &err);
		if (r < 0 && !p->have_header) {
			iol_ingest_say(g, "'%s': %s", path, err.msg);
			*fatal = 1;
			return -1;
		}
		if (r < 0 && said++ < MAX_SAID)
			iol_ingest_say(g, "'%s' %s", path, err.msg);
		if (r == 1 && iol_store_put_sched(g->st, &j, &err) < 0) {
			iol_ingest_say(g, "'%s': %s", path, err.msg);
			*fatal = 1;
			return -1;
		}
		if (p->line == 1 && p->have_header)
			say_missing(g, p, path);
	}
	if (said > MAX_SAID)
		iol_ingest_say(g, "'%s': %lld more bad lines", path,
			       (long long)(said - MAX_SAID));
	return ferror(f) ? -1 : 0;
}

int iol_ingest_sacct(struct iol_ingest *g, const char *path,
		     struct iol_sacct *p)
{
	struct iol_error err = {0, 0, ""};
	int fatal = 0, rc;
	FILE *f = fopen(path, "r");

	memset(p, 0, sizeof(*p));
	if (!f) {
		iol_ingest_say(g, "cannot open '%s': %s", path,
			       strerror(errno));
		return -1;
	}
	rc = read_lines(g, f, path, p, &fatal);
	if (rc < 0 && !fatal)
		iol_ingest_say(g, "cannot read '%s': %s", path,
			       strerror(errno));
	fclose(f);
	if (!fatal && !p->have_header) {
		iol_ingest_say(g, "'%s': empty: no sacct -P header", path);
		return -1;
	}
	if (fatal || iol_store_commit(g->st, &err) < 0) {
		if (!fatal)
			iol_ingest_say(g, "'%s': %s", path, err.msg);
		return -1;
	}
	g->sacct_ok++;
	return rc < 0 || p->bad ? 1 : 0;
}
