/*
 * iolens triage: what is wrong with a job's I/O and what to do — each
 * rule of lib/analysis/triage.c as a finding with its value, threshold
 * and recommendation; text grouped by severity or one record per finding.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/triage.h"
#include "cmd/commands.h"
#include "cmd/common.h"
#include "cmd/util.h"
#include "base/banned.h"

static const char usage_str[] =
	"usage: iolens triage [--config file] [--print-config] [--format fmt] "
	"[--output file] log ...\n";

enum { OPT_CONFIG = 2000, OPT_PRINT_CONFIG };
static const char *conf_path;
static int print_conf;

static void help(void)
{
	fputs(usage_str, stdout);
	printf("\nFindings about a job's I/O: each rule's code, severity, "
	       "measured value,\nthreshold and a recommendation.\n\n"
	       "  --config file      thresholds (key = value) over the "
	       "defaults\n"
	       "  --print-config     print the default thresholds and exit\n"
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
		fprintf(stderr, "iolens triage: cannot open '%s': %s\n",
			conf_path, strerror(errno));
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
	"log",	     "code", "severity", "title",	   "value",
	"threshold", "unit", "detail",	 "recommendation",
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

int cmd_triage(int argc, char **argv)
{
	static const struct option longopts[] = {
		COMMON_LONGOPTS,
		{"config", required_argument, NULL, OPT_CONFIG},
		{"print-config", no_argument, NULL, OPT_PRINT_CONFIG},
		{NULL, 0, NULL, 0}};
	struct iol_triage_conf conf;
	struct copts co;
	struct out o;
	int rc, i;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--print-config")) {
			fputs(iol_triage_default_conf, stdout);
			return EXIT_OK;
		}
	rc = copts_start(&co, argc, argv, longopts, help, extra, NULL, &o, &i);
	if (rc >= 0)
		return rc;
	if (load_conf(&conf) < 0) {
		out_close(&o, 0);
		return EXIT_DATA;
	}
	/* a directory stands for the logs in it */
	rc = copts_expand(&argc, &argv, i) < 0 ? EXIT_DATA : EXIT_OK;
	if (co.fmt != FMT_TEXT)
		out_table(&o, cols, 9);
	for (; i < argc; i++) {
		struct iol_job *job;
		struct iol_triage t;
		struct iol_error err = {0};
		size_t k;

		if (load_job(&co, argc, argv, &i, &job) < 0) {
			rc = EXIT_DATA;
			continue;
		}
		if (iol_triage_run(job, &conf, &t, &err) < 0) {
			msg_ioerr(argv[i], err.code, &err);
			iol_job_close(job);
			rc = EXIT_DATA;
			continue;
		}
		if (co.fmt != FMT_TEXT)
			for (k = 0; k < t.n; k++)
				row(&o, argv[i], &t.f[k]);
		else
			text(&o, argv[i], &t);
		iol_triage_free(&t);
		iol_job_close(job);
	}
	if (co.fmt != FMT_TEXT)
		out_endtable(&o);
	return cmd_out_close(&o, rc == EXIT_OK) < 0 ? EXIT_DATA : rc;
}
