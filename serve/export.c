/*
 * `iolens report LOG -o job.html`: the job's report as one HTML file
 * that needs nothing else, not even the network: the tables of the same
 * commands the server's job page shows, each table sortable by a click
 * (the script inline), and the timeline at five levels of detail (the
 * whole job, halves, quarters, eighths, sixteenths: 31 windows drawn by
 * Cairo, each a data: image), zoomed and panned by links between them,
 * which need no script (CSS :target shows the window a link names).  Its
 * Content-Security-Policy allows only its own style and script, by their
 * hashes, and data: images: the file fetches nothing.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "serve/internal.h"
#include "serve/static.h"
#include "base/sha256.h"
#include "base/banned.h"

#define LEVELS 5
#define LOGFD "/dev/fd/3"

static const char tl_css[] =
	".wins .win{display:none}.wins .win:target{display:block}"
	".wins:not(:has(.win:target)) #w0-0{display:block}"
	".win img{border:1px solid #ccc;max-width:100%;height:auto}"
	".win figcaption a{margin-right:1em}\n";

static void b64(struct sb *b, const unsigned char *p, size_t n)
{
	static const char t[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		"0123456789+/";
	char q[4];

	for (size_t i = 0; i < n; i += 3) {
		unsigned v = (unsigned)p[i] << 16;
		if (i + 1 < n)
			v |= (unsigned)p[i + 1] << 8;
		if (i + 2 < n)
			v |= p[i + 2];
		q[0] = t[v >> 18];
		q[1] = t[(v >> 12) & 63];
		q[2] = i + 1 < n ? t[(v >> 6) & 63] : '=';
		q[3] = i + 2 < n ? t[v & 63] : '=';
		sb_put(b, q, 4);
	}
}

/* 'sha256-...' of s, for the policy */
static void csp_hash(struct sb *b, const char *s)
{
	unsigned char d[32];

	iol_sha256(s, strlen(s), d);
	sb_puts(b, "'sha256-");
	b64(b, d, 32);
	sb_puts(b, "'");
}

static void win_link(struct sb *b, int lev, long i, const char *text)
{
	sb_printf(b, "<a href=\"#w%d-%ld\">%s</a>", lev, i, text);
}

/* One window of the timeline, level lev, index i of 2^lev. */
static int window(const struct serve_opts *o, const char *key, int fd,
		  double end, int lev, long i, struct sb *b)
{
	long n = 1L << lev;
	struct tl_req q = {end * i / n, end * (i + 1) / n, 0, -1, 500};
	struct tl_grid g;
	struct sb svg = {0};
	char why[256];

	if (i == n - 1)
		q.t1 = end;
	if (tl_grid(o, key, fd, &q, &g, why, sizeof(why)) < 0)
		return -1;
	if (tl_svg(&g, 1000, 400, &svg) < 0 || svg.nomem) {
		tl_grid_free(&g);
		sb_free(&svg);
		return -1;
	}
	sb_printf(b,
		  "<figure class=\"win\" id=\"w%d-%ld\">"
		  "<img width=\"1000\" height=\"400\" alt=\"ranks by time "
		  "from %.6g s to %.6g s\" src=\"data:image/svg+xml;base64,",
		  lev, i, g.t0, g.t1);
	b64(b, (const unsigned char *)svg.s, svg.len);
	sb_printf(b, "\"><figcaption>%.6g s to %.6g s of %.6g s. ", g.t0, g.t1,
		  end);
	if (lev + 1 < LEVELS) {
		win_link(b, lev + 1, 2 * i, "zoom in: first half");
		win_link(b, lev + 1, 2 * i + 1, "zoom in: second half");
	}
	if (lev > 0)
		win_link(b, lev - 1, i / 2, "zoom out");
	if (i > 0)
		win_link(b, lev, i - 1, "earlier");
	if (i < n - 1)
		win_link(b, lev, i + 1, "later");
	if (lev > 0)
		win_link(b, 0, 0, "the whole job");
	sb_puts(b, "</figcaption></figure>\n");
	tl_grid_free(&g);
	sb_free(&svg);
	return 0;
}

static void timeline(const struct serve_opts *o, int fd, struct sb *b)
{
	struct tl_req whole = {0, 0, 0, -1, 1};
	struct tl_grid g;
	struct stat st;
	char key[128], why[256];
	double end;

	sb_puts(b, "<section><h2>Timeline</h2>\n");
	if (fstat(fd, &st) < 0)
		return sb_puts(b, "<p class=\"note\">cannot read the log</p>"
				  "</section>\n");
	snprintf(key, sizeof(key), "%llu:%llu:%lld.%09ld:%lld",
		 (unsigned long long)st.st_dev, (unsigned long long)st.st_ino,
		 (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec,
		 (long long)st.st_size);
	if (tl_grid(o, key, fd, &whole, &g, why, sizeof(why)) < 0) {
		sb_puts(b, "<p class=\"note\">");
		sb_html(b, why);
		return sb_puts(b, "</p></section>\n");
	}
	end = g.tend;
	tl_grid_free(&g);
	sb_puts(b, "<p>Ranks by time, from the DXT segments: the share of "
		   "each interval a rank spent in I/O. Zoom and pan by the "
		   "links under the picture.</p><div class=\"wins\">\n");
	for (int lev = 0; lev < LEVELS; lev++)
		for (long i = 0; i < 1L << lev; i++)
			if (window(o, key, fd, end, lev, i, b) < 0)
				break;
	sb_puts(b, "</div></section>\n");
}

void html_doc_head(struct sb *b, const char *what, const char *name,
		   const char *css2, const char *js2)
{
	sb_puts(b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta "
		   "charset=\"utf-8\"><meta http-equiv=\"Content-Security-"
		   "Policy\" content=\"default-src 'none'; img-src data:; "
		   "style-src ");
	csp_hash(b, serve_css);
	sb_puts(b, " ");
	csp_hash(b, css2);
	sb_puts(b, "; script-src ");
	csp_hash(b, serve_js);
	if (js2) {
		sb_puts(b, " ");
		csp_hash(b, js2);
	}
	sb_puts(b, "\"><title>iolens ");
	sb_puts(b, what);
	sb_html(b, name);
	sb_puts(b, "</title><style>");
	sb_puts(b, serve_css);
	sb_puts(b, "</style><style>");
	sb_puts(b, css2);
	sb_puts(b, "</style></head><body><main><h1>");
}

int html_doc_end(struct sb *b, const char *js2, char **buf, size_t *len,
		 struct iol_error *err)
{
	sb_puts(b, "</main><script>");
	sb_puts(b, serve_js);
	sb_puts(b, "</script>");
	if (js2) {
		sb_puts(b, "<script>");
		sb_puts(b, js2);
		sb_puts(b, "</script>");
	}
	sb_puts(b, "</body></html>\n");
	if (b->nomem) {
		sb_free(b);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	*buf = b->s;
	*len = b->len;
	return 0;
}

int report_html(const struct serve_opts *o, const char *log, char **buf,
		size_t *len, struct iol_error *err)
{
	const char *sum[] = {"summary", LOGFD, "--format", "csv", NULL};
	const char *tri[] = {"triage", LOGFD, "--format", "csv", NULL};
	const char *files[] = {"files", LOGFD, "--format", "csv", NULL};
	struct sb b = {0};
	int fd = open(log, O_RDONLY | O_CLOEXEC);

	*buf = NULL;
	*len = 0;
	if (fd < 0)
		return iol_error_set(err, IOL_EIO, "cannot open '%s'", log);
	html_doc_head(&b, "report: ", log, tl_css, NULL);
	sb_html(&b, log);
	sb_puts(&b, "</h1>\n");
	timeline(o, fd, &b);
	page_section(o, &b, "Triage", tri, fd, log);
	page_section(o, &b, "Summary", sum, fd, log);
	page_section(o, &b, "Files", files, fd, log);
	close(fd);
	tl_cache_free();
	cache_free();
	return html_doc_end(&b, NULL, buf, len, err);
}
