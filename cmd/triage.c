/*
 * iolens triage: what is wrong with a job's I/O and what to do — each
 * rule of lib/analysis/triage.c as a finding with its value, threshold
 * and recommendation; text grouped by severity or one record per finding.
 * With --db, the same rules over every job of a population store, and
 * the flagged jobs grouped by app and user (population/poptriage.h).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/triage.h"
#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/popcommon.h"
#include "population/poptriage.h"
#include "cmd/util.h"
#include "base/banned.h"

static const char usage_str[] =
	"usage: iolens triage [--config file] [--print-config] [--format fmt] "
	"[--output file] log ...\n"
	"       iolens triage --db file [--where expr] [--severity sev] "
	"[--top n]\n"
	"                     [--config file] [--format fmt] [--output file]\n";

enum {
	OPT_CONFIG = OPT_POP_LAST + 10,
	OPT_PRINT_CONFIG,
	OPT_SEVERITY,
	OPT_TOP
};
static const char *conf_path;
static int print_conf;
static int min_sev = IOL_SEV_WARN;
static long top_jobs = 5;

static void help(void)
{
	fputs(usage_str, stdout);
	printf("\nFindings about a job's I/O: each rule's code, severity, "
	       "measured value,\nthreshold and a recommendation.\n\n"
	       "  --config file      thresholds (key = value) over the "
	       "defaults\n"
	       "  --print-config     print the default thresholds and exit\n"
	       "  --db file          the rules over every job of a population "
	       "store;\n"
	       "                     flagged jobs grouped by app and user, "
	       "ranked by\n"
	       "                     I/O time at stake (slowest rank's I/O "
	       "time x\n"
	       "                     processes)\n"
	       "  --where expr       with --db: only jobs matching this SQL "
	       "expression\n"
	       "  --severity sev     with --db: flag at high, warn (default) "
	       "or info\n"
	       "  --top n            with --db: jobs listed per group "
	       "(default 5;\n"
	       "                     0 or all: every flagged job)\n"
	       "  --format fmt       text (default), csv, tsv or json\n"
	       "  -o, --output file  write to file (replaced atomically)\n"
	       "%s"
	       "  -h, --help         show this help\n"
	       "  --version          show the version\n",
	       trace_help);
}

static int extra(void *ctx, int opt, const char *arg)
{
	(void)ctx; /* the two options live in this file's statics */
	if (opt == OPT_CONFIG) {
		conf_path = arg;
		return 1;
	}
	if (opt == OPT_PRINT_CONFIG) {
		print_conf = 1;
		return 1;
	}
	if (opt == OPT_WHERE || opt == OPT_SEVERITY || opt == OPT_TOP) {
		/* triage's, but of the store's mode: say so, not "unknown" */
		usage_error("--%s is taken with --db only (it selects or ranks "
			    "the jobs of a population store)",
			    opt == OPT_WHERE	  ? "where"
			    : opt == OPT_SEVERITY ? "severity"
						  : "top");
		return -1;
	}
	return 0;
}

static int load_conf(struct iol_triage_conf *c)
{
	struct iol_error err = {0};
	char *text = NULL;
	size_t n = 0, cap = 0;
	FILE *f;
	int rc;

	if (!conf_path)
		return iol_triage_conf_parse(c, NULL, &err);
	f = fopen(conf_path, "r");
	if (!f) {
		msg("cannot open '%s': %s", conf_path, strerror(errno));
		return -1;
	}
	for (;;) {
		if (n + 4096 + 1 > cap) {
			char *t = realloc(text, cap = cap * 2 + 8192);
			if (!t)
				break;
			text = t;
		}
		size_t r = fread(text + n, 1, 4096, f);
		n += r;
		if (r < 4096)
			break;
	}
	fclose(f);
	if (!text)
		return -1;
	text[n] = '\0';
	rc = iol_triage_conf_parse(c, text, &err);
	free(text);
	if (rc < 0)
		msg("%s: %s", conf_path, err.msg);
	return rc;
}

static const char *const cols[] = {
	"log",	"code",	  "severity",	    "title",   "value",	    "threshold",
	"unit", "detail", "recommendation", "stake_s", "stake_pct",
};

static void row(struct out *o, const char *log, const struct iol_finding *f)
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

static void text(struct out *o, const char *log, const struct iol_triage *t)
{
	int sev;
	size_t k;

	out_text(o, "%s\n", log);
	for (sev = 0; sev < 5; sev++)
		for (k = 0; k < t->n; k++) {
			const struct iol_finding *f = &t->f[k];
			if (f->sev != sev)
				continue;
			if (sev == IOL_SEV_NA)
				out_text(o, "  [not evaluated] %s: %s: %s\n",
					 f->code, f->title, f->detail);
			else
				out_text(o,
					 "  [%s] %s: %s: %.4g %s "
					 "(threshold %.4g) — %s\n",
					 iol_sev_names[sev], f->code, f->title,
					 f->value, f->unit, f->threshold,
					 f->detail);
			if (sev < IOL_SEV_OK)
				out_text(o, "      %s\n", f->rec);
		}
	out_text(o, "\n");
}

static int extra_db(int opt, const char *arg)
{
	char *end;

	switch (opt) {
	case OPT_CONFIG: conf_path = arg; return 1;
	case OPT_SEVERITY:
		for (min_sev = IOL_SEV_HIGH; min_sev <= IOL_SEV_INFO; min_sev++)
			if (!strcmp(arg, iol_sev_names[min_sev]))
				return 1;
		usage_error("bad --severity '%s' (high, warn or info)", arg);
		return -1;
	case OPT_TOP:
		errno = 0;
		top_jobs = strcmp(arg, "all") ? strtol(arg, &end, 10) : 0;
		if (strcmp(arg, "all") &&
		    (errno || *end || end == arg || top_jobs < 0 ||
		     top_jobs > 100000000)) {
			usage_error("bad --top '%s' (a count, or 0 or all for "
				    "every flagged job)",
				    arg);
			return -1;
		}
		return 1;
	}
	return 0;
}

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

static void db_text_head(struct out *o, const struct iol_poptri *r)
{
	size_t k;

	out_text(o,
		 "%zu jobs, %zu flagged (a finding of severity %s or "
		 "higher)\n",
		 r->jobs, r->flagged, iol_sev_names[min_sev]);
	if (r->missing[0])
		out_text(o,
			 "the store lacks %s: rules reading them are not "
			 "evaluated (iolens ingest --refresh)\n",
			 r->missing);
	out_text(o, "\nFindings over the population (jobs):\n");
	for (k = 0; k < r->nrules; k++)
		out_text(o, "  %-26s %6zu flagged %6zu not evaluated  %s\n",
			 r->code[k], r->count[k], r->na[k], r->title[k]);
	out_text(o,
		 "\nWho to call first: groups by app and user, ranked by the "
		 "I/O time at stake\nof their flagged jobs (slowest rank's "
		 "I/O time x processes):\n");
	if (r->hidden)
		out_text(o,
			 "(%zu groups with flagged jobs put under %g "
			 "process-seconds at stake: not listed)\n",
			 r->hidden, r->min_stake);
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

static void db_text(struct out *o, const struct iol_poptri *r)
{
	char codes[512], when[32], st[48], id[40], np[40];
	size_t i, k, rank = 0;

	db_text_head(o, r);
	for (i = 0; i < r->ng; i++) {
		const struct iol_poptri_group *g = &r->g[i];

		if (!g->flagged)
			continue;
		code_list(r, g->count, 0, codes, sizeof(codes));
		out_text(o,
			 "\n%zu. app %s, user %s: %zu of %zu jobs flagged, "
			 "%s at stake\n   %s\n",
			 ++rank, g->app[0] ? g->app : "(unknown)",
			 g->user[0] ? g->user : "(unknown)", g->flagged,
			 g->jobs, stake_str(g->stake, st, sizeof(st)), codes);
		for (k = 0; k < g->ntop; k++) {
			const struct iol_poptri_job *j = &g->top[k];

			code_list(r, NULL, j->codes, codes, sizeof(codes));
			if (isfinite(j->start_time) &&
			    fabs(j->start_time) < 1e15)
				fmt_time(when, sizeof(when),
					 (int64_t)j->start_time);
			else
				snprintf(when, sizeof(when), "unknown");
			out_text(o, "   - %s, %s: %s (start %s): %s, %s\n",
				 id_str("jobid", j->jobid, id, sizeof(id)),
				 id_str("nprocs", j->nprocs, np, sizeof(np)),
				 j->path, when,
				 stake_str(j->stake, st, sizeof(st)), codes);
		}
	}
	if (!rank)
		out_text(o, "\nno job flagged\n");
}
static const char *const db_cols[] = {
	"group",	 "app",	  "user",  "group_jobs", "group_flagged",
	"group_stake_s", "path",  "jobid", "start_time", "stake_s",
	"worst",	 "codes", "uid",   "nprocs",	 "findings",
};

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

/* One row per listed job of each flagged group. */
static void db_rows(struct out *o, const struct iol_poptri *r)
{
	char codes[512], finds[2048];
	size_t i, k, rank = 0;

	out_table(o, db_cols, 15);
	for (i = 0; i < r->ng; i++) {
		const struct iol_poptri_group *g = &r->g[i];

		if (!g->flagged)
			continue;
		rank++;
		for (k = 0; k < g->ntop; k++) {
			const struct iol_poptri_job *j = &g->top[k];

			out_int(o, (int64_t)rank);
			out_str(o, g->app);
			out_str(o, g->user);
			out_int(o, (int64_t)g->jobs);
			out_int(o, (int64_t)g->flagged);
			out_num(o, g->stake, 6);
			out_str(o, j->path);
			if (j->jobid == IOL_POP_NULL)
				out_null(o);
			else
				out_int(o, j->jobid);
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

static void db_json(struct out *o, const struct iol_poptri *r)
{
	struct obuf *ob = &o->ob;
	size_t i, k, rank = 0;
	int first;

	obuf_printf(ob,
		    "{\"jobs\": %zu, \"flagged\": %zu, \"severity\": "
		    "\"%s\",\n\"min_group_stake_s\": ",
		    r->jobs, r->flagged, iol_sev_names[min_sev]);
	js_num(ob, r->min_stake);
	obuf_printf(ob,
		    ", \"groups_not_listed\": %zu, \"missing\": ", r->hidden);
	out_json_str(ob, r->missing);
	js_rules(ob, r);
	obuf_puts(ob, ",\n\"groups\": [");
	for (i = 0; i < r->ng; i++) {
		const struct iol_poptri_group *g = &r->g[i];

		if (!g->flagged)
			continue;
		obuf_printf(ob,
			    "%s\n  {\"rank\": %zu, \"app\": ", rank ? "," : "",
			    rank + 1);
		rank++;
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
	obuf_puts(ob, "\n]}\n");
}

static int triage_db(int argc, char **argv)
{
	static const struct option longopts[] = {
		POP_LONGOPTS,
		{"config", required_argument, NULL, OPT_CONFIG},
		{"severity", required_argument, NULL, OPT_SEVERITY},
		{"top", required_argument, NULL, OPT_TOP},
		{NULL, 0, NULL, 0}};
	struct iol_triage_conf conf;
	struct iol_error err = {0};
	struct iol_poptri r;
	struct popopts po;
	struct iol_popdb *db;
	struct out o;
	int rc, first;

	rc = pop_start(&po, argc, argv, longopts, help, extra_db, 0, &o, &db,
		       &first);
	if (rc >= 0)
		return rc;
	if (load_conf(&conf) < 0) {
		out_close(&o, 0);
		iol_popdb_close(db);
		return EXIT_DATA;
	}
	rc = iol_poptri_run(db, po.where, &conf, min_sev, (size_t)top_jobs, &r,
			    &err);
	iol_popdb_close(db);
	if (rc < 0) {
		msg("'%s': %s", po.db, err.msg[0] ? err.msg : iol_strerror(rc));
		out_close(&o, 0);
		return EXIT_DATA;
	}
	if (!r.jobs) { /* a report of nothing: say so, write nothing */
		iol_poptri_free(&r);
		out_close(&o, 0);
		return pop_none(&po);
	}
	if (po.c.fmt == FMT_TEXT)
		db_text(&o, &r);
	else if (po.c.fmt == FMT_JSON)
		db_json(&o, &r);
	else
		db_rows(&o, &r);
	iol_poptri_free(&r);
	return cmd_out_close(&o, 1) < 0 ? EXIT_DATA : EXIT_OK;
}

int cmd_triage(int argc, char **argv)
{
	static const struct option longopts[] = {
		COMMON_LONGOPTS,
		{"config", required_argument, NULL, OPT_CONFIG},
		{"print-config", no_argument, NULL, OPT_PRINT_CONFIG},
		{"where", required_argument, NULL, OPT_WHERE},
		{"severity", required_argument, NULL, OPT_SEVERITY},
		{"top", required_argument, NULL, OPT_TOP},
		{NULL, 0, NULL, 0}};
	struct iol_triage_conf conf;
	struct iol_inputs in;
	struct copts co;
	struct out o;
	int rc, i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--print-config")) {
			fputs(iol_triage_default_conf, stdout);
			return EXIT_OK;
		}
		if (!strcmp(argv[i], "--db") || !strncmp(argv[i], "--db=", 5))
			return triage_db(argc, argv);
		if (!strcmp(argv[i], "--"))
			break;
	}
	rc = copts_start(&co, argc, argv, longopts, help, extra, NULL, &o, &i);
	if (rc >= 0)
		return rc;
	if (load_conf(&conf) < 0) {
		out_close(&o, 0);
		return EXIT_DATA;
	}
	/* a directory stands for the logs in it */
	rc = cmd_inputs(&co, argc, argv, i, &in) < 0 ? EXIT_DATA : EXIT_OK;
	if (co.fmt != FMT_TEXT)
		out_table(&o, cols, 11);
	for (size_t j = 0; j < in.n; j++) {
		struct iol_job *job;
		struct iol_triage t;
		struct iol_error err = {0};
		size_t k;

		if (cmd_load(&co, &in.v[j], &job) < 0) {
			rc = EXIT_DATA;
			continue;
		}
		if (iol_triage_run(job, &conf, &t, &err) < 0) {
			msg_ioerr(in.v[j].name, err.code, &err);
			iol_job_close(job);
			rc = EXIT_DATA;
			continue;
		}
		if (co.fmt != FMT_TEXT)
			for (k = 0; k < t.n; k++)
				row(&o, in.v[j].name, &t.f[k]);
		else
			text(&o, in.v[j].name, &t);
		iol_triage_free(&t);
		iol_job_close(job);
	}
	iol_inputs_release(&in);
	if (co.fmt != FMT_TEXT)
		out_endtable(&o);
	return cmd_out_close(&o, rc == EXIT_OK) < 0 ? EXIT_DATA : rc;
}
