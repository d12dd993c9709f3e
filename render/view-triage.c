/*
 * The views of `iolens triage`: a log's findings (one row per rule in
 * the machine formats; for people the findings at the severity asked,
 * their detail and advice wrapped to the terminal, and a line counting
 * the rest), and a population store's flagged jobs grouped by app and
 * user (rows, one JSON document, or text ranked "who to call first").
 */
#define _DEFAULT_SOURCE /* gmtime_r */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "render/diag.h"
#include "render/views.h"
#include "render/shorten.h"
#include "analysis/triage.h"
#include "population/poptriage.h"
#include "base/banned.h"

static const struct iol_col cols[] = {
	{"log", "log", COL_PATH, 2, "The log as given"},
	{"code", "code", COL_STR, 0, "The rule's stable code (IOL-...)"},
	{"severity", "severity", COL_STR, 0,
	 "high, warn, info, ok or not evaluated; a crossed rule below the "
	 "impact floor is info (ok when too few operations to matter)"},
	{"title", "title", COL_STR, 4, "What the rule looks for"},
	{"value", "value", COL_NUM, 0,
	 "The measured value, in unit (empty: not evaluated)"},
	{"threshold", "threshold", COL_NUM, 3,
	 "The threshold it was judged against (--config)"},
	{"unit", "unit", COL_STR, 3, "The unit of value and threshold"},
	{"detail", "detail", COL_STR, 6,
	 "Who is responsible, the numbers behind the value, the impact, or "
	 "why the rule was not evaluated"},
	{"recommendation", "advice", COL_STR, 7,
	 "What to do, fitted to the job's shape"},
	{"stake_s", "stake s", COL_NUM, 1,
	 "Seconds the slowest rank would save without the problem "
	 "(estimated; empty: the rule has none)"},
	{"stake_pct", "stake %", COL_NUM, 1, "stake_s as a percent of the run"},
};

const struct iol_view iol_view_triage = IOL_VIEW("triage", NULL, cols);

static const struct iol_col db_cols[] = {
	{"group", "group", COL_NUM, 0,
	 "The group's rank, by I/O time at stake of its flagged jobs"},
	{"app", "app", COL_STR, 0, "The executable's name"},
	{"user", "user", COL_STR, 0, "The user"},
	{"group_jobs", "jobs", COL_NUM, 3, "Jobs of the group"},
	{"group_flagged", "flagged", COL_NUM, 0,
	 "Jobs of the group with a finding at --severity or higher"},
	{"group_stake_s", "group stake s", COL_NUM, 2,
	 "The group's flagged jobs' stake, process-seconds"},
	{"path", "log", COL_PATH, 1, "The job's log"},
	{"jobid", "jobid", COL_NUM, 4, "The job id (empty: unknown)"},
	{"start_time", "start", COL_NUM, 6, "Start, seconds since 1970 (UTC)"},
	{"stake_s", "stake s", COL_NUM, 2,
	 "The job's stake: slowest rank's I/O time x processes, "
	 "process-seconds"},
	{"worst", "worst", COL_STR, 0, "The job's most severe finding"},
	{"codes", "codes", COL_STR, 0, "The codes of its findings"},
	{"uid", "uid", COL_NUM, 7, "The user id (empty: unknown)"},
	{"nprocs", "procs", COL_NUM, 5, "Processes (empty: unknown)"},
	{"findings", "findings", COL_PROSE, 8,
	 "Each finding: CODE=value/threshold unit (seconds at stake)"},
};

const struct iol_view iol_view_triage_db = IOL_VIEW("triage", "db", db_cols);

/* the rule table of --db: its JSON "rules" and its text table */
static const struct iol_col rule_cols[] = {
	{"code", "code", COL_STR, 0, "The rule's code"},
	{"flagged", "flagged", COL_NUM, 0,
	 "Jobs with this finding at --severity or higher"},
	{"not_evaluated", "not evaluated", COL_NUM, 0,
	 "Jobs whose store rows lack what the rule reads"},
	{"unit", "unit", COL_STR, 5, "The unit of the threshold"},
	{"threshold", "threshold", COL_NUM, 4, "The threshold used"},
	{"title", "title", COL_PROSE, 0, "What the rule looks for"},
};

const struct iol_view iol_view_triage_rules =
	IOL_VIEW("triage", "rules", rule_cols);

/* ---- one log ---- */

/* Words longer than max columns (a path) shortened in the middle
 * (shorten.h), so that wrapped prose fits; a new string (NULL: no
 * memory). */
static char *fit_words(const char *s, size_t max)
{
	size_t at = 0, len = strlen(s);
	/* a shortened word may be up to 3 bytes longer ("…" for 1 byte) */
	char *out = malloc(2 * len + 4), *word = malloc(len + 1),
	     *buf = malloc(len + 4);
	const char *t;

	if (!out || !word || !buf) {
		free(out);
		free(word);
		free(buf);
		return NULL;
	}
	while (*s) {
		size_t w = strcspn(s, " ");

		memcpy(word, s, w);
		word[w] = '\0';
		t = text_shorten(buf, len + 4, word, max);
		memcpy(out + at, t, strlen(t));
		at += strlen(t);
		s += w;
		while (*s == ' ')
			out[at++] = *s++;
	}
	out[at] = '\0';
	free(word);
	free(buf);
	return out;
}

/* Prose wrapped at the output's width, long words shortened. */
static void wrap(struct out *o, int indent, const char *text)
{
	size_t max = o->width > indent + 10 ? (size_t)(o->width - indent)
					    : (size_t)-1 / 2;
	char *t = fit_words(text, max);

	out_wrap(o, indent, t ? t : text);
	free(t);
}

/* A finding for people: its state, code and title; the value against
 * the threshold with the detail; the advice when it is a finding. */
static void finding_text(struct out *o, const struct iol_finding *f)
{
	char line[1024];

	snprintf(line, sizeof(line), "[%s] %s: %s",
		 f->floored ? "below the impact floor" : iol_sev_names[f->sev],
		 f->code, f->title);
	wrap(o, 2, line);
	if (f->sev == IOL_SEV_NA) {
		wrap(o, 6, f->detail);
		return;
	}
	snprintf(line, sizeof(line), "%.4g %s (threshold %.4g %s)%s%s",
		 f->value, f->unit, f->threshold, f->unit,
		 f->detail[0] ? ": " : "", f->detail);
	wrap(o, 6, line);
	if (f->sev < IOL_SEV_OK && !f->floored)
		wrap(o, 6, f->rec);
}

/* "23 other rules: 4 below the impact floor, 14 ok (--all lists them)" */
static void rest_text(struct out *o, const struct iol_triage_tally *n)
{
	const size_t v[] = {n->floored, n->info, n->ok, n->na};
	const char *const what[] = {"below the impact floor", "info", "ok",
				    "not evaluated"};
	char line[256];
	size_t k, at, rest = n->floored + n->info + n->ok + n->na;

	if (!rest)
		return;
	at = (size_t)snprintf(line, sizeof(line), "%s%zu other rule%s:",
			      n->shown ? "" : "no finding at this severity; ",
			      rest, rest == 1 ? "" : "s");
	for (k = 0; k < 4; k++)
		if (v[k] && at < sizeof(line))
			at += (size_t)snprintf(line + at, sizeof(line) - at,
					       " %zu %s,", v[k], what[k]);
	if (at < sizeof(line))
		snprintf(line + at - 1, sizeof(line) - at + 1,
			 " (--all lists them)");
	wrap(o, 2, line);
}

static void log_row(struct out *o, const char *log, const struct iol_finding *f)
{
	out_str(o, log);
	out_str(o, f->code);
	out_str(o, iol_sev_names[f->sev]);
	out_str(o, f->title);
	if (isfinite(f->value))
		out_num(o, f->value, 6);
	else
		out_null(o);
	out_num(o, f->threshold, 6);
	out_str(o, f->unit);
	out_str(o, f->detail);
	out_str(o, f->rec);
	out_num(o, f->stake, 6);
	out_num(o, f->stake_pct, 6);
	out_endrow(o);
}

void iol_view_triage_begin(struct out *o)
{
	if (o->fmt != FMT_TEXT)
		out_view(o, &iol_view_triage);
}

void iol_view_triage_log(struct out *o, const char *log,
			 const struct iol_triage *t, int min_sev)
{
	struct iol_triage_tally n;
	int sev;
	size_t k;

	if (o->fmt != FMT_TEXT) {
		for (k = 0; k < t->n; k++)
			if (iol_triage_shown(&t->f[k], min_sev))
				log_row(o, log, &t->f[k]);
		return;
	}
	wrap(o, 0, log);
	for (sev = IOL_SEV_HIGH; sev <= IOL_SEV_NA; sev++)
		for (k = 0; k < t->n; k++)
			if (t->f[k].sev == sev &&
			    iol_triage_shown(&t->f[k], min_sev))
				finding_text(o, &t->f[k]);
	iol_triage_tally(t, min_sev, &n);
	rest_text(o, &n);
	out_text(o, "\n");
}

void iol_view_triage_end(struct out *o)
{
	if (o->fmt != FMT_TEXT)
		out_endtable(o);
}

/* ---- a population store ---- */

/* process-seconds for people: hours from one hour up */
static const char *stake_str(double s, char *buf, size_t n)
{
	if (!isfinite(s))
		snprintf(buf, n, "unknown");
	else if (s >= 3600.0)
		snprintf(buf, n, "%.1f process-hours", s / 3600.0);
	else
		snprintf(buf, n, "%.3g process-seconds", s);
	return buf;
}

/* "META-BOUND 56, SMALL-FILES 56" for the rules flagged in count[] */
static void code_list(const struct iol_poptri *r, const size_t *count,
		      uint32_t mask, char *buf, size_t n)
{
	size_t k, at = 0;

	buf[0] = '\0';
	for (k = 0; k < r->nrules && at < n; k++) {
		int w;

		if (count ? !count[k] : !(mask & ((uint32_t)1 << k)))
			continue;
		if (count)
			w = snprintf(buf + at, n - at, "%s%s %zu",
				     at ? ", " : "", r->code[k], count[k]);
		else
			w = snprintf(buf + at, n - at, "%s%s", at ? " " : "",
				     r->code[k]);
		at = w < 0 ? n : at + (size_t)w;
	}
}

/* fields a list of names (space-separated), cut to its first three
 * and a count when brief and longer than four */
static void name_list(char *d, size_t n, const char *fields, int brief)
{
	size_t k = 0, words = 1;
	const char *p, *cut = NULL;

	for (p = fields; *p; p++)
		if (*p == ' ' && ++words == 4)
			cut = p;
	if (!brief || words <= 4 || !cut) {
		snprintf(d, n, "%s", fields);
		return;
	}
	k = (size_t)(cut - fields);
	snprintf(d, n, "%.*s and %zu more", (int)k, fields, words - 3);
}

int iol_view_triage_gaps(const struct iol_poptri *r, int which, int brief,
			 char *d, size_t n)
{
	char names[1100];

	if (which == 0 && r->missing[0]) {
		name_list(names, sizeof(names), r->missing, brief);
		snprintf(d, n,
			 "the store lacks %s: rules reading them judge "
			 "without them, or are not evaluated where they "
			 "need them (iolens ingest --refresh)",
			 names);
		return 1;
	}
	if (which == 1 && r->stale_jobs) {
		name_list(names, sizeof(names), r->stale, brief);
		snprintf(d, n,
			 "%zu of %zu jobs were stored before the store had "
			 "%s: rules reading them judge those jobs without "
			 "them (iolens ingest --refresh reads their logs "
			 "again)",
			 r->stale_jobs, r->jobs, names);
		return 1;
	}
	return 0;
}

static void db_text_head(struct out *o, const struct iol_poptri *r, int min_sev)
{
	char line[2400];
	size_t k;
	int w;

	snprintf(line, sizeof(line),
		 "%zu jobs, %zu flagged (a finding of severity %s or higher)",
		 r->jobs, r->flagged, iol_sev_names[min_sev]);
	wrap(o, 0, line);
	for (w = 0; w < 2; w++)
		if (iol_view_triage_gaps(r, w, 0, line, sizeof(line)))
			wrap(o, 0, line);
	out_text(o, "\nFindings over the population (jobs):\n");
	out_view(o, &iol_view_triage_rules);
	for (k = 0; k < r->nrules; k++) {
		out_str(o, r->code[k]);
		out_int(o, (int64_t)r->count[k]);
		out_int(o, (int64_t)r->na[k]);
		out_str(o, r->unit[k]);
		out_num(o, r->threshold[k], 4);
		out_str(o, r->title[k]);
		out_endrow(o);
	}
	out_endtable(o);
	out_text(o, "\n");
	wrap(o, 0,
	     "Who to call first: groups by app and user, ranked by the I/O "
	     "time at stake of their flagged jobs (slowest rank's I/O time x "
	     "processes):");
	if (r->hidden) {
		snprintf(line, sizeof(line),
			 "(%zu groups with flagged jobs put under %g "
			 "process-seconds at stake: not listed)",
			 r->hidden, r->min_stake);
		wrap(o, 0, line);
	}
}

/* "jobid 42" or "jobid unknown" */
static const char *id_str(const char *what, int64_t v, char *buf, size_t n)
{
	if (v == IOL_POP_NULL)
		snprintf(buf, n, "%s unknown", what);
	else
		snprintf(buf, n, "%s %lld", what, (long long)v);
	return buf;
}

static const char *when_str(double t, char *buf, size_t n)
{
	time_t s = (time_t)t;
	struct tm tm;

	if (!isfinite(t) || fabs(t) >= 1e15 || !gmtime_r(&s, &tm))
		snprintf(buf, n, "unknown");
	else
		strftime(buf, n, "%Y-%m-%d %H:%M:%S UTC", &tm);
	return buf;
}

static void db_job_text(struct out *o, const struct iol_poptri *r,
			const struct iol_poptri_job *j)
{
	char codes[512], when[40], st[48], id[40], np[40], line[2048];
	char path[1024];
	size_t at, max = (size_t)-1 / 2;

	code_list(r, NULL, j->codes, codes, sizeof(codes));
	at = (size_t)snprintf(line, sizeof(line), "- %s, %s: ",
			      id_str("jobid", j->jobid, id, sizeof(id)),
			      id_str("nprocs", j->nprocs, np, sizeof(np)));
	/* the path on the first line with its job */
	if (o->width > 0 && (size_t)o->width > at + 3 + 16)
		max = (size_t)o->width - at - 3;
	snprintf(line + at, sizeof(line) - at, "%s (start %s): %s, %s",
		 text_shorten(path, sizeof(path), j->path, max),
		 when_str(j->start_time, when, sizeof(when)),
		 stake_str(j->stake, st, sizeof(st)), codes);
	wrap(o, 3, line);
}

static void db_text(struct out *o, const struct iol_poptri *r, int min_sev)
{
	char codes[512], st[48], line[1024];
	size_t i, k, rank = 0;

	db_text_head(o, r, min_sev);
	for (i = 0; i < r->ng; i++) {
		const struct iol_poptri_group *g = &r->g[i];

		if (!g->flagged)
			continue;
		code_list(r, g->count, 0, codes, sizeof(codes));
		snprintf(line, sizeof(line),
			 "%zu. app %s, user %s: %zu of %zu jobs flagged, %s "
			 "at stake",
			 ++rank, g->app[0] ? g->app : "(unknown)",
			 g->user[0] ? g->user : "(unknown)", g->flagged,
			 g->jobs, stake_str(g->stake, st, sizeof(st)));
		out_text(o, "\n");
		wrap(o, 0, line);
		wrap(o, 3, codes);
		for (k = 0; k < g->ntop; k++)
			db_job_text(o, r, &g->top[k]);
	}
	if (!rank)
		out_text(o, "\nno job flagged\n");
}

/* A job's flagged findings: "CODE=value/threshold unit" ..., "; "
 * between */
static void find_list(const struct iol_poptri *r,
		      const struct iol_poptri_job *j, char *buf, size_t n)
{
	size_t k, at = 0;

	buf[0] = '\0';
	for (k = 0; k < j->nf && at < n; k++) {
		const struct iol_poptri_find *f = &j->f[k];
		int w = snprintf(buf + at, n - at,
				 "%s%s=%.6g/%.6g %s (%.3g s at stake)",
				 at ? "; " : "", r->code[f->rule], f->value,
				 f->threshold, r->unit[f->rule], f->stake);
		at = w < 0 ? n : at + (size_t)w;
	}
}

static void out_id(struct out *o, int64_t v)
{
	if (v == IOL_POP_NULL)
		out_null(o);
	else
		out_int(o, v);
}

static void db_row(struct out *o, const struct iol_poptri *r, size_t rank,
		   const struct iol_poptri_group *g,
		   const struct iol_poptri_job *j)
{
	char codes[512], finds[2048];

	out_int(o, (int64_t)rank);
	out_str(o, g->app);
	out_str(o, g->user);
	out_int(o, (int64_t)g->jobs);
	out_int(o, (int64_t)g->flagged);
	out_num(o, g->stake, 6);
	out_str(o, j->path);
	out_id(o, j->jobid);
	out_num(o, j->start_time, 3);
	out_num(o, j->stake, 6);
	out_str(o, iol_sev_names[j->worst]);
	code_list(r, NULL, j->codes, codes, sizeof(codes));
	out_str(o, codes);
	out_id(o, j->uid);
	out_id(o, j->nprocs);
	find_list(r, j, finds, sizeof(finds));
	out_str(o, finds);
	out_endrow(o);
}

/* One row per listed job of each flagged group. */
static void db_rows(struct out *o, const struct iol_poptri *r)
{
	size_t i, k, rank = 0;

	out_view(o, &iol_view_triage_db);
	for (i = 0; i < r->ng; i++) {
		if (!r->g[i].flagged)
			continue;
		rank++;
		for (k = 0; k < r->g[i].ntop; k++)
			db_row(o, r, rank, &r->g[i], &r->g[i].top[k]);
	}
	out_endtable(o);
}

/* ---- JSON: one document, the rule table and the groups' jobs ---- */

static void js_num(struct obuf *ob, double v)
{
	char buf[40];

	if (!isfinite(v)) {
		obuf_puts(ob, "null");
		return;
	}
	fmt_double(buf, sizeof(buf), v);
	obuf_puts(ob, buf);
}

static void js_int(struct obuf *ob, int64_t v)
{
	if (v == IOL_POP_NULL)
		obuf_puts(ob, "null");
	else
		obuf_printf(ob, "%lld", (long long)v);
}

/* ", \"key\": value": the members after an object's first */
static void js_kstr(struct obuf *ob, const char *key, const char *v)
{
	obuf_printf(ob, ", \"%s\": ", key);
	out_json_str(ob, v);
}

static void js_knum(struct obuf *ob, const char *key, double v)
{
	obuf_printf(ob, ", \"%s\": ", key);
	js_num(ob, v);
}

static void js_rules(struct obuf *ob, const struct iol_poptri *r)
{
	size_t k;

	obuf_puts(ob, ",\n\"rules\": [");
	for (k = 0; k < r->nrules; k++) {
		obuf_puts(ob, k ? ",\n  {\"code\": " : "\n  {\"code\": ");
		out_json_str(ob, r->code[k]);
		obuf_puts(ob, ", \"title\": ");
		out_json_str(ob, r->title[k]);
		obuf_puts(ob, ", \"unit\": ");
		out_json_str(ob, r->unit[k]);
		obuf_puts(ob, ", \"threshold\": ");
		js_num(ob, r->threshold[k]);
		obuf_printf(ob, ", \"flagged\": %zu, \"not_evaluated\": %zu}",
			    r->count[k], r->na[k]);
	}
	obuf_puts(ob, "\n]");
}

static void js_job(struct obuf *ob, const struct iol_poptri *r,
		   const struct iol_poptri_job *j)
{
	size_t k;

	obuf_puts(ob, "{\"path\": ");
	out_json_str(ob, j->path);
	obuf_puts(ob, ", \"jobid\": ");
	js_int(ob, j->jobid);
	obuf_puts(ob, ", \"uid\": ");
	js_int(ob, j->uid);
	obuf_puts(ob, ", \"nprocs\": ");
	js_int(ob, j->nprocs);
	js_knum(ob, "start_time", j->start_time);
	js_knum(ob, "stake_process_s", j->stake);
	js_kstr(ob, "worst", iol_sev_names[j->worst]);
	obuf_puts(ob, ", \"findings\": [");
	for (k = 0; k < j->nf; k++) {
		const struct iol_poptri_find *f = &j->f[k];

		obuf_puts(ob, k ? ", {\"code\": " : "{\"code\": ");
		out_json_str(ob, r->code[f->rule]);
		js_kstr(ob, "severity", iol_sev_names[f->sev]);
		js_knum(ob, "value", f->value);
		js_knum(ob, "threshold", f->threshold);
		js_knum(ob, "stake_s", f->stake);
		js_knum(ob, "stake_pct", f->stake_pct);
		obuf_putc(ob, '}');
	}
	obuf_puts(ob, "]}");
}

static void js_group(struct obuf *ob, const struct iol_poptri *r,
		     const struct iol_poptri_group *g, size_t rank)
{
	size_t k;
	int first;

	obuf_printf(ob, "%s\n  {\"rank\": %zu, \"app\": ", rank > 1 ? "," : "",
		    rank);
	out_json_str(ob, g->app);
	js_kstr(ob, "user", g->user);
	obuf_printf(ob, ", \"jobs\": %zu, \"flagged\": %zu, ", g->jobs,
		    g->flagged);
	obuf_puts(ob, "\"stake_process_s\": ");
	js_num(ob, g->stake);
	obuf_puts(ob, ", \"rules\": {");
	for (k = 0, first = 1; k < r->nrules; k++)
		if (g->count[k]) {
			obuf_puts(ob, first ? "" : ", ");
			out_json_str(ob, r->code[k]);
			obuf_printf(ob, ": %zu", g->count[k]);
			first = 0;
		}
	obuf_puts(ob, "},\n   \"listed\": [");
	for (k = 0; k < g->ntop; k++) {
		obuf_puts(ob, k ? ",\n    " : "\n    ");
		js_job(ob, r, &g->top[k]);
	}
	obuf_puts(ob, "]}");
}

static void db_json(struct out *o, const struct iol_poptri *r, int min_sev)
{
	struct obuf *ob = &o->ob;
	size_t i, rank = 0;

	obuf_printf(ob,
		    "{\"jobs\": %zu, \"flagged\": %zu, \"severity\": "
		    "\"%s\",\n\"min_group_stake_s\": ",
		    r->jobs, r->flagged, iol_sev_names[min_sev]);
	js_num(ob, r->min_stake);
	obuf_printf(ob,
		    ", \"groups_not_listed\": %zu, \"missing\": ", r->hidden);
	out_json_str(ob, r->missing);
	obuf_puts(ob, ", \"stale\": ");
	out_json_str(ob, r->stale);
	obuf_printf(ob, ", \"stale_jobs\": %zu", r->stale_jobs);
	js_rules(ob, r);
	obuf_puts(ob, ",\n\"groups\": [");
	for (i = 0; i < r->ng; i++)
		if (r->g[i].flagged)
			js_group(ob, r, &r->g[i], ++rank);
	obuf_puts(ob, "\n]}\n");
}

void iol_view_triage_db_print(struct out *o, const struct iol_poptri *r,
			      int min_sev)
{
	if (o->fmt == FMT_TEXT)
		db_text(o, r, min_sev);
	else if (o->fmt == FMT_JSON)
		db_json(o, r, min_sev);
	else
		db_rows(o, r);
}

void iol_view_share_say(const char *db, const struct iol_popshare *sh)
{
	char line[1400];
	int w;

	if (sh->rc < 0)
		msg("'%s': no flagged share: %s", db,
		    sh->err.msg[0] ? sh->err.msg : "cannot run triage");
	/* the rules' fields the store lacks: the share is judged without */
	for (w = 0; sh->rc >= 0 && w < 2; w++)
		if (iol_view_triage_gaps(&sh->info, w, 1, line, sizeof(line)))
			msg("'%s': flagged share: %s", db, line);
}
