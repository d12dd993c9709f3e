/*
 * The pages and their JSON twins.  A table on a page is the CSV of the
 * command that prints it (serve/run.c), each cell HTML-escaped; its
 * twin under /api/ is that command's --format=json, byte for byte.  No
 * string of a log or the store is ever put in a script or a URL but as
 * a percent-encoded query value.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "render/output.h"
#include "render/view.h"
#include "replay/sandbox.h"
#include "serve/internal.h"
#include "serve/store.h"
#include "serve/static.h"
#include "base/banned.h"

/* the name a command is given its log by: the descriptor opened beneath
 * --logs (store_open_log), so that the command reads the file checked */
#define LOGFD "/dev/fd/3"
#define LIMIT_MAX 1000
#define BINS_MAX 4096
/* the job page's commands (the twin's members), the app's runs it shows */
#define NPARTS 9
#define RUNS_MAX "50"

typedef const char *(*getf)(void *ctx, const char *key);

/* who to call first: the group, then the job; the JSON twin has all */
static const char *const tri_cols[] = {
	"group",	 "app",		  "user",    "group_jobs",
	"group_flagged", "group_stake_s", "jobid",   "stake_s",
	"worst",	 "codes",	  "findings"};
#define NTRICOLS (int)(sizeof tri_cols / sizeof tri_cols[0])
/* the applications (groups --by app): Carns' Table VI columns */
static const char *const app_cols[] = {"group",
				       "jobs",
				       "bytes_read",
				       "bytes_written",
				       "share_pct",
				       "mib_s_per_node_median",
				       "pct_io_time_slowest",
				       "md_cost_pct",
				       "files_per_proc",
				       "pct_sequential",
				       "pct_aligned",
				       "mib_per_proc"};
#define NAPPCOLS (int)(sizeof app_cols / sizeof app_cols[0])

static void head(struct page *p, const char *title)
{
	p->status = 200;
	p->type = "text/html; charset=utf-8";
	sb_puts(&p->body, "<!DOCTYPE html>\n<html lang=\"en\"><head>"
			  "<meta charset=\"utf-8\"><title>");
	sb_html(&p->body, title);
	sb_puts(&p->body,
		" - iolens</title>"
		"<link rel=\"stylesheet\" href=\"/static/iolens.css\">"
		"<script src=\"/static/iolens.js\" defer></script>"
		"</head><body><nav><a href=\"/\">dashboard</a> "
		"<a href=\"/jobs\">jobs</a></nav><main><h1>");
	sb_html(&p->body, title);
	sb_puts(&p->body, "</h1>\n");
}

static void foot(struct page *p)
{
	sb_puts(&p->body, "</main></body></html>\n");
}

static void fail(struct page *p, int status, const char *why)
{
	sb_free(&p->body);
	p->status = status;
	p->type = "text/plain; charset=utf-8";
	sb_puts(&p->body, why);
	sb_puts(&p->body, "\n");
}

/* The command's one-line message (its stderr), for a page. */
static void say_err(struct sb *b, const struct run *r)
{
	sb_puts(b, "<p class=\"note\">");
	if (r->pending)
		sb_puts(b, "being made (a table of the whole store takes a "
			   "while): reload the page later");
	else if (r->timedout)
		sb_puts(b, "the command took longer than the time allowed");
	else if (r->toobig)
		sb_puts(b, "the command's output is larger than a page may be");
	else if (r->err.len)
		sb_html(b, r->err.s);
	else
		sb_puts(b, "nothing to show");
	sb_puts(b, "</p>\n");
}

/* A link to the job with store id id (or, when 0, the number idtext),
 * text the cell. */
void page_job_link(struct sb *b, int64_t id, const char *idtext,
		   const char *text)
{
	char *end;
	long long v = id ? id : strtoll(idtext, &end, 10);

	if (id ? id > 0 : (*idtext && !*end && v > 0)) {
		sb_printf(b, "<a href=\"/job/%lld\">", v);
		sb_html(b, text);
		sb_puts(b, "</a>");
	} else {
		sb_html(b, text);
	}
}

static int numeric(const char *s)
{
	char *end;

	if (!*s)
		return 0;
	strtod(s, &end);
	return *end == '\0';
}

static void head_cell(struct sb *b, const char *cmd, const char *key,
		      const char *sortbase);

/* A number for people: a time column as its UTC date, an integer as it
 * is, another number to a few digits; the command's exact text stays in
 * the cell's title (shown on hover) and data-v (what a sort compares). */
static void num_cell(struct sb *b, const char *name, const char *v)
{
	double x = strtod(v, NULL);
	char buf[64];
	time_t t;
	struct tm tm;

	sb_puts(b, "<td class=\"n\" data-v=\"");
	sb_html(b, v);
	sb_puts(b, "\" title=\"");
	sb_html(b, v);
	sb_puts(b, "\">");
	if ((!strcmp(name, "start_time") || !strcmp(name, "end_time")) &&
	    x > 0 && x < 1e11) {
		t = (time_t)x;
		gmtime_r(&t, &tm);
		strftime(buf, sizeof(buf), "%Y-%m-%d %H:%M:%S", &tm);
	} else if (strspn(v, "-0123456789") == strlen(v)) {
		snprintf(buf, sizeof(buf), "%s", v);
	} else if (fabs(x) >= 1000) {
		snprintf(buf, sizeof(buf), "%.1f", x);
	} else {
		snprintf(buf, sizeof(buf), "%.4g", x);
	}
	sb_html(b, buf);
	sb_puts(b, "</td>");
}

/* A table of one row and many columns (summary: 200) read down: a
 * line per column, its name and value. */
static void table_down(struct sb *b, const char *cmd, const struct csv *c)
{
	sb_puts(b, "<div class=\"scroll\"><table class=\"sortable "
		   "down\"><thead><tr><th>column</th>"
		   "<th>value</th></tr></thead><tbody>\n");
	for (int i = 0; i < c->ncells[0]; i++) {
		const char *v = i < c->ncells[1] ? c->rows[1][i] : "";
		sb_puts(b, "<tr>");
		head_cell(b, cmd, c->rows[0][i], NULL);
		if (numeric(v)) {
			num_cell(b, c->rows[0][i], v);
		} else {
			sb_puts(b, "<td>");
			sb_html(b, v);
			sb_puts(b, "</td>");
		}
		sb_puts(b, "</tr>\n");
	}
	sb_puts(b, "</tbody></table></div>\n");
}

/* The CSV as a table: cols (NULL: every column) in that order, the
 * column named link (or none) a link to its row's job (ids[row], or the
 * cell's own number), the headers links to sort by (sortbase). */
/* The column key of command cmd as its view describes it (NULL: none
 * does): the header for people, with its unit. */
static const struct iol_col *view_col(const char *cmd, const char *key)
{
	const struct iol_view *v[16];
	int n = cmd ? iol_views_of(cmd, v, 16) : 0;

	for (int i = 0; i < n; i++)
		for (int k = 0; k < v[i]->ncols; k++)
			if (!strcmp(v[i]->cols[k].key, key))
				return &v[i]->cols[k];
	return NULL;
}

/* A header cell: the view's header for people where there is one, the
 * key and what the column holds on hover. */
void page_head_cell(struct sb *b, const char *key, const struct iol_col *vc,
		    const char *sortbase)
{
	sb_puts(b, "<th title=\"");
	sb_html(b, key);
	if (vc) {
		sb_puts(b, ": ");
		sb_html(b, vc->doc);
	}
	sb_puts(b, "\">");
	if (sortbase) {
		sb_puts(b, "<a href=\"");
		sb_html(b, sortbase);
		sb_puts(b, "sort=");
		sb_url(b, key);
		sb_puts(b, "\">");
	}
	sb_html(b, vc ? vc->head : key);
	sb_puts(b, sortbase ? "</a></th>" : "</th>");
}

static void head_cell(struct sb *b, const char *cmd, const char *key,
		      const char *sortbase)
{
	page_head_cell(b, key, view_col(cmd, key), sortbase);
}

/* A cell that is not a link: a number for people, or text (a path
 * keeping a width to be read in). */
void page_data_cell(struct sb *b, const char *key, const char *v)
{
	if (numeric(v)) {
		num_cell(b, key, v);
		return;
	}
	sb_puts(b, *v == '/' ? "<td class=\"p\">" : "<td>");
	sb_html(b, v);
	sb_puts(b, "</td>");
}

static void table(struct sb *b, const char *cmd, const struct csv *c,
		  const char *const *cols, int ncols, const char *link,
		  const int64_t *ids, const char *sortbase)
{
	int *idx, n = 0, li = link ? csv_col(c, link) : -1;

	if (c->nrows == 0)
		return;
	if (!cols && c->nrows == 2 && c->ncells[0] > 12)
		return table_down(b, cmd, c);
	idx = calloc((size_t)c->ncells[0] + (size_t)ncols + 1, sizeof(*idx));
	if (!idx) {
		b->nomem = 1;
		return;
	}
	for (int k = 0; k < (cols ? ncols : c->ncells[0]); k++) {
		int i = cols ? csv_col(c, cols[k]) : k;
		if (i >= 0)
			idx[n++] = i;
	}
	sb_puts(b,
		"<div class=\"scroll\"><table class=\"sortable\"><thead><tr>");
	for (int k = 0; k < n; k++) {
		head_cell(b, cmd, c->rows[0][idx[k]], sortbase);
	}
	sb_puts(b, "</tr></thead><tbody>\n");
	for (int r = 1; r < c->nrows; r++) {
		sb_puts(b, "<tr>");
		for (int k = 0; k < n; k++) {
			const char *v =
				idx[k] < c->ncells[r] ? c->rows[r][idx[k]] : "";
			if (idx[k] == li && li < c->ncells[r]) {
				sb_puts(b, "<td class=\"n\">");
				page_job_link(b, ids ? ids[r] : 0,
					      c->rows[r][li], v);
				sb_puts(b, "</td>");
			} else {
				page_data_cell(b, c->rows[0][idx[k]], v);
			}
		}
		sb_puts(b, "</tr>\n");
	}
	sb_puts(b, "</tbody></table></div>\n");
	free(idx);
}

/* The log's cells named by the descriptor: its path in the store (the
 * cells point to path, which outlives c: its cells are not freed one
 * by one) */
static void name_log(struct csv *c, const char *path)
{
	int li = csv_col(c, "log");

	for (int r = 1; li >= 0 && path && r < c->nrows; r++)
		if (li < c->ncells[r] && !strcmp(c->rows[r][li], LOGFD))
			c->rows[r][li] = (char *)path;
}

/* The same in JSON: each row's first member, "log", as the command
 * would write it given the path (out_json_str), so that the twin is the
 * command's output byte for byte.  A JSON string holds no bare quote:
 * the text searched for is only ever a row's start. */
static void name_log_json(struct sb *b, const char *path)
{
	static const char key[] = "{\"log\":\"" LOGFD "\"";
	struct sb out = {0};
	struct obuf ob;
	const char *s, *at;

	if (!b->s || !strstr(b->s, key) ||
	    obuf_init(&ob, -1, strlen(path) * 6 + 16) < 0)
		return;
	out_json_str(&ob, path);
	for (s = b->s; (at = strstr(s, key)); s = at + sizeof(key) - 1) {
		sb_put(&out, s, (size_t)(at - s));
		sb_puts(&out, "{\"log\":");
		sb_put(&out, ob.buf, ob.len);
	}
	sb_puts(&out, s);
	free(ob.buf);
	if (out.nomem) {
		sb_free(&out);
		return;
	}
	sb_free(b);
	*b = out;
}

/* UMAMI's view of context's CSV c: each metric's box plot of the
 * earlier jobs with the job on it, the scope they are stated */
static void context_chart(struct sb *b, const struct csv *c)
{
	int si = csv_col(c, "scope"), ni = csv_col(c, "earlier_jobs");
	char cap[512];

	if (c->nrows < 2 || si < 0 || ni < 0 || si >= c->ncells[1] ||
	    ni >= c->ncells[1])
		return;
	snprintf(cap, sizeof cap,
		 "this job (the red mark) among %s earlier jobs (%s): "
		 "whiskers min to max, box p10 to p90, the bar the median; "
		 "its percentile on the right",
		 c->rows[1][ni], c->rows[1][si]);
	hc_context(b, c, cap);
}

/* The weather context prints after its table (--iostat's device, the
 * store's file-system telemetry): its title by a column of its own */
static const char *weather_h3(const char *const *header, int n)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(header[i], "fs_bytes"))
			return "The file system while it ran";
		else if (!strcmp(header[i], "device_mean_bps"))
			return "The storage devices while it ran";
	return "Weather";
}

/* context's CSV c: its metrics as a table and UMAMI's view; then each
 * weather table it printed after them, each headed by a row whose log
 * is "log" (the job's log here is a path, never that word) */
static void context_tables(struct sb *b, const struct csv *c)
{
	int r0 = 0, r;

	for (;;) {
		for (r = r0 + 1; r < c->nrows; r++)
			if (c->ncells[r] > 0 && !strcmp(c->rows[r][0], "log"))
				break;
		struct csv sub = {c->rows + r0, c->ncells + r0, r - r0, NULL,
				  NULL};
		if (r0) {
			sb_puts(b, "<h3>");
			sb_html(b, weather_h3((const char *const *)sub.rows[0],
					      sub.ncells[0]));
			sb_puts(b, "</h3>\n");
		}
		table(b, "context", &sub, NULL, 0, NULL, NULL, NULL);
		if (!r0)
			context_chart(b, &sub);
		if (r >= c->nrows)
			return;
		r0 = r;
	}
}

/* The output r of the command argv as a table (or its message); path
 * names the log the command read. */
static void section_of(struct sb *b, const char *h2, const char *const *argv,
		       const struct run *r, const char *path,
		       const char *const *cols, int ncols, const char *link)
{
	struct csv c;

	sb_puts(b, "<section><h2>");
	sb_html(b, h2);
	sb_puts(b, "</h2>\n");
	if (r->status == 0 &&
	    csv_parse(r->out.s ? r->out.s : "", r->out.len, &c) == 0) {
		name_log(&c, path);
		if (!strcmp(argv[0], "context"))
			context_tables(b, &c);
		else
			table(b, argv[0], &c, cols, ncols, link, NULL, NULL);
		csv_free(&c);
	} else {
		say_err(b, r);
	}
	sb_puts(b, "</section>\n");
}

/* Run the command and put its CSV as a table (or its message); path
 * names the log of logfd. */
static void section(const struct serve_opts *o, struct sb *b, const char *h2,
		    const char *const *argv, int logfd, const char *path,
		    const char *const *cols, int ncols, const char *link)
{
	struct run r;

	run_many(o, &argv, 1, logfd, &r);
	section_of(b, h2, argv, &r, path, cols, ncols, link);
	run_free(&r);
}

/* context --iostat fails when no recording can say a thing of the job
 * (too short: fewer than two snapshots, no sample): the job's context
 * is then shown without the weather (context run without --iostat),
 * and why (the failure's message, its first line) in why.  r is
 * replaced only when that run succeeds. */
static void weather_fallback(const struct serve_opts *o,
			     const char *const *argv, int fd, struct run *r,
			     struct sb *why)
{
	const char *av[16 + 2 * SERVE_MAX_IOSTAT];
	const char *const *argvs[1] = {av};
	struct run plain;
	int n = 0;

	if (!o->niostat || r->status != 1 || r->timedout || r->toobig ||
	    !r->err.len)
		return;
	for (int i = 0; argv[i] && n < (int)(sizeof av / sizeof av[0]) - 1;
	     i++) {
		if (!strcmp(argv[i], "--iostat") && argv[i + 1]) {
			i++;
			continue;
		}
		av[n++] = argv[i];
	}
	av[n] = NULL;
	run_many(o, argvs, 1, fd, &plain);
	if (plain.status != 0) {
		run_free(&plain);
		return;
	}
	{
		const char *m = r->err.s;
		if (!strncmp(m, "iolens context: ", 16))
			m += 16;
		sb_put(why, m, strcspn(m, "\n"));
	}
	run_free(r);
	*r = plain;
}

/* The line saying why the devices' weather is absent, the last of the
 * section just written to b. */
static void weather_note(struct sb *b, const struct sb *why)
{
	static const char end[] = "</section>\n";
	size_t n = sizeof end - 1;

	if (!why->len)
		return;
	if (b->len >= n && !memcmp(b->s + b->len - n, end, n))
		b->len -= n;
	sb_puts(b, "<p class=\"note\">No I/O weather of the storage devices: ");
	sb_html(b, why->s);
	sb_puts(b, "</p>\n");
	sb_puts(b, end);
}

/* The JSON of several commands as one object, each member the
 * command's own --format=json output (null when it printed none). */
struct part {
	const char *key;
	const char *const *argv;
};

/* The member io_weather_why: the message of context --iostat when no
 * recording could say a thing of the job (as out_json_str writes a
 * string). */
static void why_json(struct sb *b, const char *why)
{
	struct obuf ob;

	if (obuf_init(&ob, -1, strlen(why) * 6 + 16) < 0)
		return;
	out_json_str(&ob, why);
	sb_puts(b, ",\n\"io_weather_why\": ");
	sb_put(b, ob.buf, ob.len);
	free(ob.buf);
}

/* context's JSON (r), one array per table it printed, as members:
 * "context" its metrics, "io_weather" and "fs_weather" the weather
 * tables (null when it printed none), each array as it wrote it; the
 * metrics alone unless weather.  An
 * array ends in "]" on a line of its own, which no JSON string holds. */
static void context_json(struct sb *b, const struct run *r, int weather,
			 const struct sb *why)
{
	const char *s = r->status == 0 && r->out.len ? r->out.s : NULL;
	const char *end = s ? s + r->out.len : NULL, *io = NULL, *fs = NULL;
	const char *cut[3] = {end, end, end}, *at;
	int n = 0;

	for (at = s; at && n < 2 && (at = strstr(at, "\n]\n[")); at += 3)
		cut[n++] = at + 3; /* the next array's "[" */
	for (int k = 0; k < n; k++) {
		const char *e = k + 1 < n ? cut[k + 1] : end;
		const char *f = memmem(cut[k], (size_t)(e - cut[k]),
				       "\"fs_bytes\"", 10);
		if (f)
			fs = cut[k];
		else
			io = cut[k];
	}
	if (s)
		sb_put(b, s, (size_t)(cut[0] - s));
	else
		sb_puts(b, "null");
	if (!weather)
		return;
	sb_puts(b, ",\n\"io_weather\": ");
	if (io)
		sb_put(b, io, (size_t)((io == cut[0] ? cut[1] : end) - io));
	else
		sb_puts(b, "null");
	sb_puts(b, ",\n\"fs_weather\": ");
	if (fs)
		sb_put(b, fs, (size_t)((fs == cut[0] ? cut[1] : end) - fs));
	else
		sb_puts(b, "null");
	if (why && why->len)
		why_json(b, why->s);
}

/* The members of parts appended to b, a comma before the first unless
 * it is the object's first: the commands run together (run_many). */
static void api_members(const struct serve_opts *o, const struct part *parts,
			int n, int logfd, const char *path, struct sb *b,
			int first)
{
	const char *const *argvs[RUN_MAX_MANY];
	struct run r[RUN_MAX_MANY];

	struct sb why = {0};

	for (int i = 0; i < n; i++)
		argvs[i] = parts[i].argv;
	run_many(o, argvs, n, logfd, r);
	if (logfd >= 0)
		run_demote(o, argvs, n, logfd);
	for (int i = 0; i < n; i++) {
		if (logfd >= 0 && !strcmp(parts[i].key, "context"))
			weather_fallback(o, argvs[i], logfd, &r[i], &why);
		if (path)
			name_log_json(&r[i].out, path);
		sb_printf(b, "%s\"%s\": ", i || !first ? ",\n" : "",
			  parts[i].key);
		if (!strcmp(parts[i].key, "context"))
			context_json(b, &r[i], 1, &why);
		else if (!strncmp(parts[i].key, "context_", 8))
			context_json(b, &r[i], 0, NULL);
		else if (r[i].status == 0 && r[i].out.len)
			sb_put(b, r[i].out.s, r[i].out.len);
		else
			sb_puts(b, "null");
		run_free(&r[i]);
	}
	sb_free(&why);
}

static void api(const struct serve_opts *o, const struct part *parts, int n,
		int logfd, const char *path, struct page *p)
{
	p->type = "application/json";
	sb_puts(&p->body, "{");
	api_members(o, parts, n, logfd, path, &p->body, 1);
	sb_puts(&p->body, "}\n");
}

/* ---- a page kept whole ---- */

/* A job page or the dashboard is made of its commands' outputs (kept)
 * and of the store read in-process: rendered again at each visit, it
 * cost a few milliseconds of the server's CPU (the tables parsed and
 * written, the charts drawn), more than the job list.  Kept whole, by
 * what it depends on (the log's identity, the store's state, the
 * recordings': the key of a command naming them all), a visit copies
 * it.  A page with a run killed or still being made is not kept.  The
 * cache's entry: the body as the output, X-Total-Count as the error. */
static int page_kept(const struct serve_opts *o, const char *what, int fd,
		     int json, int peek, struct sb *key, struct page *p)
{
	const char *av[6 + 2 * SERVE_MAX_IOSTAT] = {
		"page", what, json ? "json" : "html", "--db", o->db};
	struct run r;
	int n = 5, rc;

	run_mark_reset();
	for (int i = 0; i < o->niostat; i++) {
		av[n++] = "--iostat";
		av[n++] = o->iostat[i];
	}
	av[n] = NULL;
	memset(key, 0, sizeof *key);
	/* a page being made by another is waited for: fifty visitors
	 * of a new job page render it once, not each */
	rc = run_key(o, av, fd, key) < 0 ? -1
	     : peek			 ? (cache_peek(key, &r) ? 1 : -1)
					 : cache_get(key, &r, 1);
	if (rc < 0) {
		sb_free(key); /* not kept, or being made by another */
		return 0;
	}
	if (rc == 0)
		return 0; /* claimed: the caller makes it, page_keep() */
	sb_free(key);
	sb_free(&p->body);
	p->body = r.out;
	if (json)
		p->type = "application/json";
	/* "P": kept while its tables are being made (page_keep) */
	p->partial = r.err.len && r.err.s[0] == 'P';
	snprintf(p->total, sizeof p->total, "%.*s", (int)r.err.len - p->partial,
		 r.err.s ? r.err.s + p->partial : "");
	sb_free(&r.err);
	return 1;
}

/* The seconds a dashboard saying its tables are being made is kept
 * (IOLENS_TEST_PARTIAL_TTL for a test): not kept, its visitors each
 * waited for the one making it, then made it again in turn (the 1M-job
 * store, 50 clients: the dashboard's p50 about 100 ms for 0.7 ms of
 * CPU); a visitor may see it a second after its tables came. */
#define PARTIAL_TTL 1.0

static double partial_ttl(void)
{
	const char *e = getenv("IOLENS_TEST_PARTIAL_TTL");
	double t = e && *e ? atof(e) : 0;

	return t > 0 && t <= 3600 ? t : PARTIAL_TTL;
}

/* p kept under key (claimed by page_kept(), or empty) when whole */
static void page_keep(struct sb *key, const struct page *p)
{
	struct run r = {0};

	if (!key->len)
		return;
	if (p->status == 200 && !p->body.nomem && !run_marked()) {
		r.out = p->body;
		sb_puts(&r.err, p->total);
		cache_put(key, &r, 0);
		/* a job page on disk too (a restart, or memory short of a
		 * store's pages, reads it back); the dashboard's tables are
		 * there, and it is one page */
		if (key->s[0] == 'L' && !run_failed())
			disk_put(key, &r);
		sb_free(&r.err);
	} else if (p->status == 200 && p->partial && !p->body.nomem &&
		   key->s[0] != 'L') {
		r.out = p->body;
		sb_printf(&r.err, "P%s", p->total);
		cache_put_for(key, &r, partial_ttl());
		sb_free(&r.err);
	} else {
		cache_cancel(key);
	}
	sb_free(key);
}

/* ---- / ---- */

/* triage --db's table (r, its CSV), each flagged job a link */
static void triage_links(const struct serve_opts *o, struct sb *b,
			 const struct run *r)
{
	struct csv c;
	int64_t *ids;
	int pi;

	sb_puts(b, "<section><h2>Who to call first</h2>\n");
	if (r->status || csv_parse(r->out.s ? r->out.s : "", r->out.len, &c)) {
		say_err(b, r);
		sb_puts(b, "</section>\n");
		return;
	}
	/* the flagged jobs are named by their log: each jobid a link to
	 * the job by the store's id of that log */
	pi = csv_col(&c, "path");
	ids = calloc((size_t)c.nrows + 1, sizeof(*ids));
	for (int i = 1; ids && pi >= 0 && i < c.nrows && i <= 200; i++)
		if (pi < c.ncells[i])
			ids[i] = store_id_of(o, c.rows[i][pi]);
	table(b, "triage", &c, tri_cols, NTRICOLS, ids ? "jobid" : NULL, ids,
	      NULL);
	free(ids);
	csv_free(&c);
	sb_puts(b, "</section>\n");
}

/* The latest jobs, read in-process; as the twin's member when json.
 * The store's count too; 0, or -1 with why. */
static int dash_jobs(const struct serve_opts *o, int json, int64_t *n,
		     struct sb *b, char *why, size_t nwhy)
{
	struct iol_popfilter all = {NULL, NULL, NULL, NAN, NAN, 0, 0};
	const struct joblist_q recent = {&all, "-start_time", 20, 0, NULL};
	struct iol_popdb *db = store_get(o, why, nwhy);
	char w2[256];
	int rc;

	if (!db)
		return -1;
	if (store_count(o, db, &all, n, why, nwhy) < 0) {
		store_put(db);
		return -1;
	}
	if (json) {
		sb_puts(b, "\"recent_jobs\": ");
		if (joblist_json(db, &recent, b, w2, sizeof w2) <= 0)
			sb_puts(b, "null");
	} else {
		sb_puts(b, "<section><h2>Latest jobs</h2>\n");
		rc = joblist_html(db, &recent, NULL, b, w2, sizeof w2);
		if (rc <= 0) {
			sb_puts(b, "<p class=\"note\">");
			sb_html(b, rc ? w2 : "no jobs in the store");
			sb_puts(b, "</p>\n");
		}
		sb_puts(b, "</section>\n");
	}
	store_put(db);
	return 0;
}

/* The dashboard's five tables, each made by a command on the whole
 * store (minutes of CPU at a million jobs), each a section of the page
 * and a page of its own, /dashboard/NAME, which the page's script asks
 * for when the section was not made yet (a link without script). */
#define NDASH 5
static const char *const dash_names[NDASH] = {"triage", "apps", "variance",
					      "coverage", "trend"};
static const char *const dash_h2[NDASH] = {
	"Who to call first", "Applications",
	"Repeated jobs: how their I/O time varies", "Instrumentation coverage",
	"What changed: MiB/s per node by app and month"};

/* the commands (fmt "json" or "csv"), in av's room for 10 words each */
static void dash_argvs(const struct serve_opts *o, const char *fmt,
		       const char *av[NDASH][10])
{
	const char *const words[NDASH][6] = {
		{"triage"},
		{"groups", "--by", "app"},
		{"variance"},
		{"coverage"},
		/* what changed (issue 35): each app's MiB/s/CN by month,
		 * the months beyond their noise marked */
		{"trend", "--by", "app", "--every", "month"}};

	for (int i = 0; i < NDASH; i++) {
		int n = 0;

		av[i][n++] = words[i][0];
		av[i][n++] = "--db";
		av[i][n++] = o->db;
		for (int k = 1; k < 6 && words[i][k]; k++)
			av[i][n++] = words[i][k];
		av[i][n++] = "--format";
		av[i][n++] = fmt;
		av[i][n] = NULL;
	}
}

/* section i of the dashboard from its run r; a section not made yet
 * says so, with a link to its page, and its data-part for the script */
static void dash_section(const struct serve_opts *o, struct sb *b, int i,
			 const char *const *argv, const struct run *r)
{
	if (r->pending) {
		sb_printf(b,
			  "<section data-part=\"/dashboard/%s\"><h2>%s</h2>\n"
			  "<p class=\"note\">being made (a table of the whole "
			  "store takes a while): <a href=\"/dashboard/%s\">"
			  "this table alone</a> when made</p></section>\n",
			  dash_names[i], dash_h2[i], dash_names[i]);
		return;
	}
	if (i == 0)
		return triage_links(o, b, r);
	section_of(b, dash_h2[i], argv, r, NULL, i == 1 ? app_cols : NULL,
		   i == 1 ? NAPPCOLS : 0, NULL);
}

/* the seconds a visitor of the dashboard (or one of its tables' pages)
 * waits for its tables, from when their child began: set at the
 * server's start (IOLENS_SERVE_DASH_WAIT) */
static double dash_wait = DASH_WAIT;

void page_dash_wait(double s)
{
	dash_wait = s;
}

static void dashboard_make(const struct serve_opts *o, int json, struct page *p)
{
	const char *av[NDASH][10];
	const char *const *argvs[NDASH];
	struct part parts[NDASH];
	struct sb recent = {0};
	struct run r[NDASH];
	char why[256];
	int64_t n = 0;

	cache_count_page();
	if (dash_jobs(o, json, &n, &recent, why, sizeof(why)) < 0) {
		sb_free(&recent);
		return fail(p, 500, why);
	}
	snprintf(p->total, sizeof(p->total), "%lld", (long long)n);
	dash_argvs(o, json ? "json" : "csv", av);
	for (int i = 0; i < NDASH; i++) {
		parts[i].key = dash_names[i];
		parts[i].argv = argvs[i] = av[i];
	}
	if (json) {
		p->type = "application/json";
		sb_puts(&p->body, "{");
		sb_put(&p->body, recent.s, recent.len);
		api_members(o, parts, NDASH, -1, NULL, &p->body, 0);
		sb_puts(&p->body, "}\n");
		sb_free(&recent);
		return;
	}
	head(p, "iolens: the store");
	sb_printf(&p->body,
		  "<p><a href=\"/jobs\">%lld jobs</a> in the store "
		  "<span class=\"path\">",
		  (long long)n);
	sb_html(&p->body, o->db);
	sb_puts(&p->body, "</span></p>\n");
	run_many_wait(o, argvs, NDASH, -1, dash_wait, r);
	for (int i = 0; i < NDASH; i++) {
		p->partial |= r[i].pending;
		dash_section(o, &p->body, i, argvs[i], &r[i]);
		if (i == 0)
			sb_put(&p->body, recent.s, recent.len);
		run_free(&r[i]);
	}
	sb_free(&recent);
	foot(p);
}

static void dashboard(const struct serve_opts *o, int json, struct page *p)
{
	struct sb key;

	if (page_kept(o, "/", -1, json, 0, &key, p))
		return;
	dashboard_make(o, json, p);
	page_keep(&key, p);
}

/* /dashboard/NAME: one of the dashboard's tables alone (its twin the
 * member of /api/ of that name), so that the dashboard answers before
 * the tables of a large store are made and its script fills them in as
 * they come; the same outputs, kept as the dashboard's */
static void dashboard_part(const struct serve_opts *o, const char *name,
			   int json, struct page *p)
{
	const char *av[NDASH][10];
	const char *const *argv;
	struct part part;
	struct run r;
	int i = 0;

	while (i < NDASH && strcmp(name, dash_names[i]))
		i++;
	if (i == NDASH)
		return fail(p, 404, "no such page");
	dash_argvs(o, json ? "json" : "csv", av);
	argv = av[i];
	if (json) {
		part.key = dash_names[i];
		part.argv = argv;
		return api(o, &part, 1, -1, NULL, p);
	}
	head(p, dash_h2[i]);
	run_many_wait(o, &argv, 1, -1, dash_wait, &r);
	p->partial = r.pending;
	dash_section(o, &p->body, i, argv, &r);
	run_free(&r);
	foot(p);
}

/* ---- /jobs ---- */

static int bad_value(const char *v)
{
	if (strlen(v) > 256)
		return 1;
	for (; *v; v++)
		if ((unsigned char)*v < 0x20 || *v == 0x7f)
			return 1;
	return 0;
}

/* "2026-11-21" or "2026-11-21T06:00:00" (UTC) or epoch seconds */
static int parse_when(const char *s, double *t)
{
	struct tm tm = {0};
	char *end;

	*t = strtod(s, &end);
	if (*s && !*end)
		return 0;
	end = strptime(s, "%Y-%m-%d", &tm);
	if (end && *end == 'T')
		end = strptime(end + 1, "%H:%M:%S", &tm);
	if (!end || *end)
		return -1;
	*t = (double)timegm(&tm);
	return 0;
}

/* The filters of the query into f (values borrowed from the query,
 * bound as parameters by the store) and into qs as a query string. */
static int build_filter(getf get, void *ctx, struct iol_popfilter *f,
			struct sb *qs, char *why, size_t n)
{
	static const char *const eq[] = {"user", "app", "project"};
	static const char *const when[] = {"from", "to"};
	const char **fv[] = {&f->user, &f->app, &f->project};
	double *fw[] = {&f->from, &f->to};

	memset(f, 0, sizeof *f);
	f->from = f->to = NAN;
	for (int i = 0; i < 3; i++) {
		const char *v = get(ctx, eq[i]);
		if (!v || !*v)
			continue;
		if (bad_value(v))
			return snprintf(why, n, "bad %s", eq[i]), -1;
		*fv[i] = v;
		sb_printf(qs, "%s=", eq[i]);
		sb_url(qs, v);
		sb_puts(qs, "&");
	}
	for (int i = 0; i < 2; i++) {
		const char *v = get(ctx, when[i]);
		if (!v || !*v)
			continue;
		if (bad_value(v) || parse_when(v, fw[i]) < 0)
			return snprintf(why, n,
					"%s wants YYYY-MM-DD or epoch "
					"seconds",
					when[i]),
			       -1;
		sb_printf(qs, "%s=", when[i]);
		sb_url(qs, v);
		sb_puts(qs, "&");
	}
	return 0;
}

static int get_int(getf get, void *ctx, const char *key, long long dflt,
		   long long lo, long long hi, long long *v)
{
	const char *s = get(ctx, key);
	char *end;

	*v = dflt;
	if (!s || !*s)
		return 0;
	errno = 0;
	*v = strtoll(s, &end, 10);
	return (*end || errno || *v < lo || *v > hi) ? -1 : 0;
}

/* a column the list shows (those the store's indexes order) */
static int sort_ok(const char *s)
{
	return strlen(s) <= 64 && joblist_sortable(s);
}

static void filter_form(struct sb *b, getf get, void *ctx)
{
	static const char *const keys[] = {"user", "app",  "project", "from",
					   "to",   "sort", "limit"};

	sb_puts(b, "<form method=\"get\" action=\"/jobs\" class=\"filters\">");
	for (int i = 0; i < 7; i++) {
		const char *v = get(ctx, keys[i]);
		sb_printf(b, "<label>%s <input name=\"%s\" value=\"", keys[i],
			  keys[i]);
		sb_html(b, v ? v : "");
		sb_puts(b, "\"></label> ");
	}
	sb_puts(b, "<button type=\"submit\">show</button></form>\n");
}

static void pager(struct sb *b, const char *base, const char *sort,
		  long long off, long long lim, long long total)
{
	sb_printf(b, "<p class=\"pager\">rows %lld to %lld of %lld ",
		  total ? off + 1 : 0, off + lim < total ? off + lim : total,
		  total);
	if (off > 0) {
		sb_puts(b, "<a rel=\"prev\" href=\"");
		sb_html(b, base);
		sb_puts(b, "sort=");
		sb_url(b, sort);
		sb_printf(b, "&amp;limit=%lld&amp;offset=%lld\">previous</a> ",
			  lim, off > lim ? off - lim : 0);
	}
	if (off + lim < total) {
		sb_puts(b, "<a rel=\"next\" href=\"");
		sb_html(b, base);
		sb_puts(b, "sort=");
		sb_url(b, sort);
		sb_printf(b, "&amp;limit=%lld&amp;offset=%lld\">next</a>", lim,
			  off + lim);
	}
	sb_puts(b, "</p>\n");
}

static void jobs_page(struct iol_popdb *db, const struct joblist_q *q,
		      int64_t total, getf get, void *ctx, const char *qs,
		      int json, struct page *p)
{
	char why[512];
	int rc;

	if (json) {
		p->type = "application/json";
		rc = joblist_json(db, q, &p->body, why, sizeof why);
		if (rc == 0)
			sb_puts(&p->body, "[]\n");
		else if (rc < 0)
			fail(p, 500, why);
		return;
	}
	head(p, "Jobs");
	filter_form(&p->body, get, ctx);
	pager(&p->body, qs, q->sort, q->offset, q->limit, total);
	rc = joblist_html(db, q, qs, &p->body, why, sizeof why);
	if (rc <= 0) {
		sb_puts(&p->body, "<p class=\"note\">");
		sb_html(&p->body, rc ? why : "no jobs match");
		sb_puts(&p->body, "</p>\n");
	}
	foot(p);
}

/* Read a filtered page in the sort's order when that finds its rows
 * sooner than sorting every match: walking the order meets
 * (offset + limit) x all / matched rows, the filter's index gives
 * matched rows to sort. */
static int in_order(const struct serve_opts *o, struct iol_popdb *db,
		    const struct iol_popfilter *f, const struct joblist_q *q,
		    int64_t matched)
{
	struct iol_popfilter none = {NULL, NULL, NULL, NAN, NAN, 0, 0};
	char why[256];
	int64_t all;

	/* a user's jobs have an index in each order of the list (user,
	 * column): none is needed */
	if (f->user ||
	    (!f->app && !f->project && isnan(f->from) && isnan(f->to)))
		return 0;
	if (matched == 0 || store_count(o, db, &none, &all, why, sizeof why))
		return 0;
	return (double)(q->offset + q->limit) * (double)all <
	       (double)matched * (double)matched;
}

static void jobs(const struct serve_opts *o, getf get, void *ctx, int json,
		 struct page *p)
{
	struct iol_popfilter f;
	struct joblist_q q = {&f, get(ctx, "sort"), 0, 0, o};
	struct iol_popdb *db;
	struct sb qs = {0};
	char why[512];
	int64_t total = 0;

	sb_puts(&qs, "/jobs?");
	if (!q.sort || !*q.sort)
		q.sort = "id";
	if (build_filter(get, ctx, &f, &qs, why, sizeof(why)) < 0 ||
	    !sort_ok(q.sort) ||
	    get_int(get, ctx, "limit", 50, 1, LIMIT_MAX, &q.limit) < 0 ||
	    get_int(get, ctx, "offset", 0, 0, 100000000, &q.offset) < 0) {
		sb_free(&qs);
		return fail(p, 400,
			    "bad parameter: user, app, project, from, "
			    "to, sort (a column of the list), limit (1 to "
			    "1000), offset");
	}
	if (!(db = store_get(o, why, sizeof why))) {
		sb_free(&qs);
		return fail(p, 500, why);
	}
	if (store_count(o, db, &f, &total, why, sizeof(why)) < 0) {
		store_put(db);
		sb_free(&qs);
		return fail(p, 400, why);
	}
	snprintf(p->total, sizeof(p->total), "%lld", (long long)total);
	f.in_order = in_order(o, db, &f, &q, total);
	jobs_page(db, &q, total, get, ctx, qs.s, json, p);
	store_put(db);
	sb_free(&qs);
}

/* ---- /job/ID ---- */

/* The timeline of window g (NULL: the whole job, as the job page
 * shows it), with links that zoom and pan for a browser without
 * script; with it, a drag across the picture goes to the window. */
static void timeline_fig(struct sb *b, long long id, const struct tl_grid *g,
			 int bins)
{
	char w[160];

	w[0] = '\0';
	if (g)
		snprintf(w, sizeof(w),
			 "t0=%.9g&amp;t1=%.9g&amp;ranks=%d-%d&amp;"
			 "bins=%d",
			 g->t0, g->t1, g->r0, g->r0 + g->nr - 1, bins);
	sb_printf(b,
		  "<section><h2>Timeline</h2>\n"
		  "<figure class=\"timeline\" data-job=\"%lld\">"
		  "<img src=\"/job/%lld/timeline.svg?%s\" width=\"1000\" "
		  "height=\"400\" alt=\"rank by time: I/O busy share of each "
		  "interval\"><figcaption>ranks by time, from the DXT "
		  "segments: the share of each interval a rank spent in I/O; "
		  "drag across it to zoom. ",
		  id, id, w);
	if (!g) {
		sb_printf(b, "<a href=\"/job/%lld/timeline\">zoom and pan</a> ",
			  id);
	} else {
		double t0 = g->t0, t1 = g->t1, d = t1 - t0, e = g->tend;
		struct {
			const char *name;
			double a, z;
		} nav[] = {{"zoom in", t0 + d / 4, t1 - d / 4},
			   {"zoom out", t0 - d / 2, t1 + d / 2},
			   {"earlier", t0 - d / 2, t1 - d / 2},
			   {"later", t0 + d / 2, t1 + d / 2}};
		for (size_t i = 0; i < sizeof(nav) / sizeof(nav[0]); i++) {
			double a = nav[i].a < 0 ? 0 : nav[i].a;
			double z = nav[i].z > e ? e : nav[i].z;
			/* no move past the job's ends */
			if (z <= a || (i > 0 && a <= t0 && z >= t1) ||
			    (i == 2 && t0 <= 0) || (i == 3 && t1 >= e))
				continue;
			sb_printf(
				b,
				"<a href=\"/job/%lld/timeline?t0=%.9g&amp;"
				"t1=%.9g&amp;ranks=%d-%d&amp;bins=%d\">%s</a> ",
				id, a, z, g->r0, g->r0 + g->nr - 1, bins,
				nav[i].name);
		}
		sb_printf(b,
			  "<a href=\"/job/%lld/timeline\">the whole job</a> "
			  "<a href=\"/job/%lld\">the job</a> ",
			  id, id);
	}
	sb_printf(b,
		  "<a href=\"/api/job/%lld/timeline?%s\">as JSON</a>"
		  "</figcaption></figure></section>\n",
		  id, w);
}

/* The job's row in the store, read in-process: as `jobs --format=json`
 * prints it (json; null when none), or the list's table in its section. */
static void store_row(const struct serve_opts *o, long long id, int json,
		      struct sb *b)
{
	struct iol_popfilter f = {NULL, NULL, NULL, NAN, NAN, 0, id};
	const struct joblist_q q = {&f, "id", 1, 0, NULL};
	struct iol_popdb *db = store_get(o, NULL, 0);
	char why[256] = "cannot open the store";
	int rc = -1;

	if (!json)
		sb_puts(b, "<section><h2>In the store</h2>\n");
	if (db && json)
		rc = joblist_json(db, &q, b, why, sizeof why);
	else if (db)
		rc = joblist_html(db, &q, NULL, b, why, sizeof why);
	if (db)
		store_put(db);
	if (json) {
		if (rc <= 0)
			sb_puts(b, "null");
		return;
	}
	if (rc <= 0) {
		sb_puts(b, "<p class=\"note\">");
		sb_html(b, rc ? why : "no such job in the store");
		sb_puts(b, "</p>\n");
	}
	sb_puts(b, "</section>\n");
}

/* context's CSV of r into c: 1, or 0 (nothing to free) */
static int ctx_csv(const struct run *r, struct csv *c)
{
	return r->status == 0 &&
	       csv_parse(r->out.s ? r->out.s : "", r->out.len, c) == 0;
}

/* UMAMI's view in the app's earlier jobs alone and in its user's of
 * them (context --scope app, user: a, u), each unless its scope is the
 * one context chose (autor: its chart is above) */
static void scoped_charts(struct sb *b, const struct run *autor,
			  const struct run *a, const struct run *u)
{
	const struct run *rs[2] = {a, u};
	struct csv c0, c;
	int ok0 = ctx_csv(autor, &c0), si, r;

	for (int k = 0; k < 2; k++) {
		if (!ctx_csv(rs[k], &c))
			continue;
		si = csv_col(&c, "scope");
		if (c.nrows > 1 && si >= 0 && si < c.ncells[1] &&
		    !(ok0 && c0.nrows > 1 && si < c0.ncells[1] &&
		      !strcmp(c0.rows[1][si], c.rows[1][si]))) {
			/* the metrics' rows alone: weather after them */
			for (r = 1; r < c.nrows; r++)
				if (c.ncells[r] > 0 &&
				    !strcmp(c.rows[r][0], "log"))
					break;
			struct csv sub = {c.rows, c.ncells, r, NULL, NULL};
			context_chart(b, &sub);
		}
		csv_free(&c);
	}
	if (ok0)
		csv_free(&c0);
}

/* The app's runs up to the job (r: their `jobs` CSV), each of
 * context's metrics that is a column of the store over time, the job
 * marked and its user's runs told apart */
static void runs_section(struct sb *b, long long id, const struct run *r)
{
	static const char *const cols[] = {"mib_s", "mib_s_per_node",
					   "pct_io_time_slowest", "md_cost_pct",
					   "files"};
	char idtext[32], cap[160];
	struct csv c;
	int ui, ii;

	sb_puts(b, "<section><h2>Its app's runs over time</h2>\n");
	if (r->status || csv_parse(r->out.s ? r->out.s : "", r->out.len, &c)) {
		say_err(b, r);
		sb_puts(b, "</section>\n");
		return;
	}
	snprintf(idtext, sizeof idtext, "%lld", id);
	ui = csv_col(&c, "user");
	ii = csv_col(&c, "id");
	for (int i = 1; ui >= 0 && ii >= 0 && i < c.nrows; i++)
		if (ui < c.ncells[i] && ii < c.ncells[i] &&
		    !strcmp(c.rows[i][ii], idtext)) {
			for (size_t k = 0; k < sizeof cols / sizeof cols[0];
			     k++) {
				snprintf(cap, sizeof cap,
					 "%s of the app's last %d runs to "
					 "this job, by start time",
					 cols[k], c.nrows - 1);
				hc_series(b, &c, cols[k], idtext, c.rows[i][ui],
					  cap);
			}
			break;
		}
	csv_free(&c);
	sb_puts(b, "</section>\n");
}

/* The job page's sections, the commands of parts (in the twin's
 * order) run together, shown in the page's order */
static void job_sections(const struct serve_opts *o, long long id, int fd,
			 const char *path, const struct part *parts,
			 struct sb *b)
{
	static const struct {
		int part;
		const char *h2;
	} order[] = {{2, "Triage"},	  {3, "Against its app's history"},
		     {0, "Summary"},	  {1, "Files"},
		     {4, "Access sizes"}, {5, "Metadata"}};
	const char *const *argvs[NPARTS];
	struct run r[NPARTS];
	struct sb why = {0};

	for (int i = 0; i < NPARTS; i++)
		argvs[i] = parts[i].argv;
	run_many(o, argvs, NPARTS, fd, r);
	run_demote(o, argvs, NPARTS, fd);
	weather_fallback(o, argvs[3], fd, &r[3], &why);
	for (int i = 0; i < 6; i++) {
		section_of(b, order[i].h2, argvs[order[i].part],
			   &r[order[i].part], path, NULL, 0, NULL);
		if (order[i].part == 3) {
			weather_note(b, &why);
			scoped_charts(b, &r[3], &r[7], &r[8]);
			runs_section(b, id, &r[6]);
		}
	}
	for (int i = 0; i < NPARTS; i++)
		run_free(&r[i]);
	sb_free(&why);
}

static void job_make(const struct serve_opts *o, long long id, int json,
		     struct page *p)
{
	char path[4096], why[256];
	const char *ld = LOGFD;
	int fd, rc;

	rc = store_job_col(o, id, "path", path, sizeof(path));
	if (rc <= 0)
		return fail(p, rc < 0 ? 500 : 404, "no such job in the store");
	cache_count_page();
	const char *sum[] = {"summary", ld, "--format", json ? "json" : "csv",
			     NULL};
	const char *files[] = {"files", ld, "--format", json ? "json" : "csv",
			       NULL};
	const char *tri[] = {"triage", ld, "--format", json ? "json" : "csv",
			     NULL};
	/* with the devices' recordings, the job's I/O weather too */
	const char *ctx[8 + 2 * SERVE_MAX_IOSTAT] = {"context", "--db", o->db};
	int nc = 3;
	for (int i = 0; i < o->niostat; i++) {
		ctx[nc++] = "--iostat";
		ctx[nc++] = o->iostat[i];
	}
	ctx[nc++] = ld;
	ctx[nc++] = "--format";
	ctx[nc++] = json ? "json" : "csv";
	ctx[nc] = NULL;
	/* and in the app's earlier jobs alone, and its user's of them */
	const char *ctx_app[] = {
		"context", "--db", o->db,      "--scope",
		"app",	   ld,	   "--format", json ? "json" : "csv",
		NULL};
	const char *ctx_user[] = {
		"context", "--db", o->db,      "--scope",
		"user",	   ld,	   "--format", json ? "json" : "csv",
		NULL};
	const char *hist[] = {"hist", ld, "--format", json ? "json" : "csv",
			      NULL};
	const char *meta[] = {"meta", ld, "--format", json ? "json" : "csv",
			      NULL};
	/* the app's complete runs up to the job, and the job: what context
	 * compares it with, before narrowing to its user */
	char where[200];
	snprintf(where, sizeof where,
		 "app = (SELECT app FROM jobs WHERE id = %lld) AND "
		 "(partial = 0 OR id = %lld) AND start_time <= (SELECT "
		 "start_time FROM jobs WHERE id = %lld)",
		 id, id, id);
	const char *runs[] = {"jobs",
			      "--db",
			      o->db,
			      "--where",
			      where,
			      "--sort",
			      "-start_time",
			      "--top",
			      RUNS_MAX,
			      "--format",
			      json ? "json" : "csv",
			      NULL};
	const struct part parts[NPARTS] = {{"summary", sum},
					   {"files", files},
					   {"triage", tri},
					   {"context", ctx},
					   {"hist", hist},
					   {"meta", meta},
					   {"runs", runs},
					   {"context_app", ctx_app},
					   {"context_user", ctx_user}};
	fd = store_open_log(o, path, why, sizeof(why));
	if (json) {
		if (fd < 0) {
			p->type = "application/json";
			sb_puts(&p->body, "{\"job\": ");
			store_row(o, id, 1, &p->body);
			sb_puts(&p->body, "}\n");
			return;
		}
		api(o, parts, NPARTS, fd, path, p);
		close(fd);
		return;
	}
	{
		char app[256] = "", title[320];
		if (store_job_col(o, id, "app", app, sizeof(app)) <= 0)
			app[0] = '\0';
		snprintf(title, sizeof(title), "Job %lld: %s", id, app);
		head(p, title);
	}
	store_row(o, id, 0, &p->body);
	if (fd < 0) {
		sb_puts(&p->body, "<p class=\"note\">");
		sb_html(&p->body, why);
		sb_puts(&p->body, "</p>\n");
		return foot(p);
	}
	timeline_fig(&p->body, id, NULL, 0);
	job_sections(o, id, fd, path, parts, &p->body);
	close(fd);
	foot(p);
}

/* the job's page, kept whole by its log's identity (a log the store
 * names but --logs does not reach: made each time, without a child) */
/* the log of job id opened (or -1), the page's name in what */
static int job_log(const struct serve_opts *o, long long id, char *what,
		   size_t n)
{
	char path[4096], why[256];

	snprintf(what, n, "/job/%lld", id);
	if (store_job_col(o, id, "path", path, sizeof(path)) <= 0)
		return -1;
	return store_open_log(o, path, why, sizeof(why));
}

static void job(const struct serve_opts *o, long long id, int json,
		struct page *p)
{
	char what[48];
	struct sb key = {0};
	int fd = job_log(o, id, what, sizeof what);

	if (fd >= 0 && page_kept(o, what, fd, json, 0, &key, p)) {
		close(fd);
		return;
	}
	job_make(o, id, json, p);
	page_keep(&key, p);
	if (fd >= 0)
		close(fd);
}

/* The job's page at once, before its tables are made (http.c: a first
 * visit that waited for them as long as it may): its row of the store,
 * the timeline's figure (a picture asked apart) and a line saying the
 * tables are being made, with a link to the page; a browser with
 * script asks it again a second later.  The page itself is made by
 * the thread that went on, and kept whole as before. */
void page_job_soon(const struct serve_opts *o, long long id, struct page *p)
{
	char app[256] = "", title[320], path[4096], why[256];
	int fd, rc = store_job_col(o, id, "path", path, sizeof path);

	if (rc <= 0)
		return fail(p, rc < 0 ? 500 : 404, "no such job in the store");
	if (store_job_col(o, id, "app", app, sizeof app) <= 0)
		app[0] = '\0';
	fd = store_open_log(o, path, why, sizeof why);
	snprintf(title, sizeof title, "Job %lld: %s", id, app);
	head(p, title);
	p->partial = 1;
	store_row(o, id, 0, &p->body);
	if (fd >= 0) {
		timeline_fig(&p->body, id, NULL, 0);
		close(fd);
	}
	sb_printf(&p->body,
		  "<p class=\"note\" id=\"making\">This job's tables are "
		  "being made: <a href=\"/job/%lld\">reload the page</a> in "
		  "a moment to see them.</p>\n",
		  id);
	foot(p);
}

/* ---- the timeline ---- */

enum { TL_SVG, TL_JSON, TL_PAGE };

static int parse_ranks(const char *s, int *r0, int *r1)
{
	char *end;
	long a, b;

	*r0 = 0;
	*r1 = -1;
	if (!s || !*s)
		return 0;
	a = strtol(s, &end, 10);
	b = a;
	if (*end == '-')
		b = strtol(end + 1, &end, 10);
	if (*end || a < 0 || b < a || b > 1 << 24)
		return -1;
	*r0 = (int)a;
	*r1 = (int)b;
	return 0;
}

static int get_num(getf get, void *ctx, const char *key, double *v)
{
	const char *s = get(ctx, key);
	char *end;

	*v = 0;
	if (!s || !*s)
		return 0;
	*v = strtod(s, &end);
	return (*end || !(*v >= 0 && *v < 1e9)) ? -1 : 0;
}

static void grid_json(struct sb *b, const struct tl_grid *g)
{
	sb_printf(b,
		  "{\"t0\": %.9g, \"t1\": %.9g, \"end\": %.9g, "
		  "\"rank0\": %d, \"ranks\": %d, \"nranks\": %d, "
		  "\"bins\": %d, \"raw\": %s,\n\"busy_s\": [",
		  g->t0, g->t1, g->tend, g->r0, g->nr, g->nranks, g->bins,
		  g->raw ? "true" : "false");
	for (int i = 0; i < g->nr * g->bins; i++)
		sb_printf(b, "%s%.6g", i ? "," : "", g->busy[i]);
	sb_puts(b, "],\n\"bytes\": [");
	for (int i = 0; i < g->nr * g->bins; i++)
		sb_printf(b, "%s%.17g", i ? "," : "", g->bytes[i]);
	sb_puts(b, "],\n\"ops\": [");
	for (int i = 0; i < g->nr * g->bins; i++)
		sb_printf(b, "%s%u", i ? "," : "", g->ops[i]);
	sb_puts(b, "]}\n");
}

static void timeline(const struct serve_opts *o, long long id, getf get,
		     void *ctx, int as, struct page *p)
{
	char path[4096], why[256], key[4200];
	struct tl_req q;
	struct tl_grid g;
	long long bins;
	struct stat st;
	int fd, rc;

	if (get_num(get, ctx, "t0", &q.t0) < 0 ||
	    get_num(get, ctx, "t1", &q.t1) < 0 ||
	    parse_ranks(get(ctx, "ranks"), &q.r0, &q.r1) < 0 ||
	    get_int(get, ctx, "bins", 0, 1, BINS_MAX, &bins) < 0)
		return fail(p, 400,
			    "bad parameter: t0, t1 (seconds), ranks "
			    "(a or a-b), bins (1 to 4096)");
	q.bins = (int)bins;
	rc = store_job_col(o, id, "path", path, sizeof(path));
	if (rc <= 0)
		return fail(p, rc < 0 ? 500 : 404, "no such job in the store");
	cache_count_page();
	fd = store_open_log(o, path, why, sizeof(why));
	if (fd < 0)
		return fail(p, 404, why);
	if (fstat(fd, &st) < 0) {
		close(fd);
		return fail(p, 500, "cannot read the log");
	}
	snprintf(key, sizeof(key), "%llu:%llu:%lld.%09ld:%lld",
		 (unsigned long long)st.st_dev, (unsigned long long)st.st_ino,
		 (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec,
		 (long long)st.st_size);
	rc = tl_grid(o, key, fd, &q, &g, why, sizeof(why));
	close(fd);
	/* the picture a page shows says why there is none (a log without
	 * DXT), rather than a broken image */
	if (rc < 0 && as == TL_SVG) {
		p->type = "image/svg+xml";
		if (tl_svg_note(why, 1000, 400, &p->body) < 0)
			fail(p, 500, "cannot draw the timeline");
		return;
	}
	if (rc < 0)
		return fail(p, 404, why);
	if (as == TL_JSON) {
		p->type = "application/json";
		grid_json(&p->body, &g);
	} else if (as == TL_PAGE) {
		char title[64];
		snprintf(title, sizeof(title), "Job %lld: timeline", id);
		head(p, title);
		timeline_fig(&p->body, id, &g, g.bins);
		foot(p);
	} else {
		p->type = "image/svg+xml";
		if (tl_svg(&g, 1000, 400, &p->body) < 0)
			fail(p, 500, "cannot draw the timeline");
	}
	tl_grid_free(&g);
}

/* ---- /api/stats ---- */

/* What the server did since it started: the children it ran, the
 * command outputs it found kept (hits) or not (misses) */
static void stats(struct page *p)
{
	struct serve_stats s;
	unsigned long long counted;
	unsigned long kpages, kkeys;
	int waiting;

	int abi = iol_sbx_landlock_abi();

	cache_stats(&s);
	store_count_stats(&counted, &waiting);
	p->type = "application/json";
	sb_printf(&p->body,
		  "{\"children\": %llu, \"cache_hits\": %llu, "
		  "\"cache_misses\": %llu, \"cache_bytes\": %zu, "
		  "\"made_ahead\": %llu, \"ahead_passes\": %llu, "
		  "\"processes_started\": %llu, "
		  "\"disk_hits\": %llu, \"pages_made\": %llu, "
		  "\"counts_made\": %llu, \"counts_waiting\": %d, ",
		  s.children, s.hits, s.misses, s.bytes, s.made, s.passes,
		  s.spawned, s.disk, s.pages, counted, waiting);
	keyset_stats(&kpages, &kkeys);
	sb_printf(&p->body, "\"keyset_pages\": %lu, \"keys_made\": %lu, ",
		  kpages, kkeys);
	/* the children's confinement (render/batch.h serve_confine): a
	 * kernel without Landlock leaves them their limits and the
	 * process filter */
	sb_printf(&p->body, "\"landlock\": %d, \"confined\": \"limits%s%s\"}\n",
		  abi, abi ? ", Landlock" : "",
		  iol_sbx_noproc_known() ? ", no new process" : "");
}

/* ---- routing ---- */

/* "/job/123" + rest: the id, rest after it; 0 if none */
static long long job_id(const char *s, const char **rest)
{
	char *end;
	long long v;

	if (*s < '1' || *s > '9')
		return 0;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno || v <= 0)
		return 0;
	*rest = end;
	return v;
}

void page_route(const struct serve_opts *o, const char *url, getf get,
		void *ctx, struct page *p)
{
	const char *rest = "";
	int json = 0;
	long long id;

	if (!strcmp(url, "/static/iolens.css")) {
		p->type = "text/css; charset=utf-8";
		return sb_puts(&p->body, serve_css);
	}
	if (!strcmp(url, "/static/iolens.js")) {
		p->type = "text/javascript; charset=utf-8";
		return sb_puts(&p->body, serve_js);
	}
	if (!strncmp(url, "/api/", 5)) {
		json = 1;
		url += 4;
	}
	if (!strcmp(url, "/"))
		return dashboard(o, json, p);
	if (!strncmp(url, "/dashboard/", 11))
		return dashboard_part(o, url + 11, json, p);
	if (json && !strcmp(url, "/stats"))
		return stats(p);
	if (!strcmp(url, "/jobs"))
		return jobs(o, get, ctx, json, p);
	if (!strncmp(url, "/job/", 5) && (id = job_id(url + 5, &rest)) > 0) {
		if (!*rest)
			return job(o, id, json, p);
		if (!json && !strcmp(rest, "/timeline.svg"))
			return timeline(o, id, get, ctx, TL_SVG, p);
		if (!strcmp(rest, "/timeline"))
			return timeline(o, id, get, ctx,
					json ? TL_JSON : TL_PAGE, p);
	}
	fail(p, 404, "no such page");
}

void page_make(const struct serve_opts *o, long long id)
{
	struct page p = {200, "text/html; charset=utf-8", {0}, "", "", 0};

	if (id)
		job(o, id, 0, &p);
	else
		dashboard(o, 0, &p);
	sb_free(&p.body);
	cache_count_made();
}

int page_route_kept(const struct serve_opts *o, const char *url, struct page *p)
{
	const char *rest = "";
	struct sb key;
	char what[48];
	int json = !strncmp(url, "/api/", 5), fd, rc = 0;
	long long id;

	url += json ? 4 : 0;
	if (!strcmp(url, "/"))
		return page_kept(o, "/", -1, json, 1, &key, p);
	if (strncmp(url, "/job/", 5) || (id = job_id(url + 5, &rest)) <= 0 ||
	    *rest)
		return 0;
	if ((fd = job_log(o, id, what, sizeof what)) >= 0) {
		rc = page_kept(o, what, fd, json, 1, &key, p);
		close(fd);
	}
	return rc;
}

void page_section(const struct serve_opts *o, struct sb *b, const char *h2,
		  const char *const *argv, int logfd, const char *path)
{
	section(o, b, h2, argv, logfd, path, NULL, 0, NULL);
}

void page_table(struct sb *b, const char *cmd, const struct csv *c)
{
	table(b, cmd, c, NULL, 0, NULL, NULL, NULL);
}

void page_run_err(struct sb *b, const struct run *r)
{
	say_err(b, r);
}
