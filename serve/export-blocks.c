/*
 * `iolens blocks TRACE -o blocks.html`: a trace's code blocks as one
 * HTML file that needs nothing else (export.c's policy and script): the
 * table of `iolens blocks --format csv`, sortable, and the I/O flame
 * graph of the same rows laid out as render/flame.c lays out the PDF's
 * (a root's width its share of the roots' sum, a child's of its
 * parent's), drawn as inline SVG.  A click on a frame zooms into it (its
 * block the whole width, its ancestors above it), a search box marks the
 * frames whose name holds the text and says the share of the I/O time
 * they hold.  Each frame's number is the CSV's cell in its data-v; its
 * name, a hostile string of the trace, is escaped into data-n and the
 * text, which the script reads and writes as text only.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve/internal.h"
#include "base/banned.h"

#define FW 1000 /* the graph's width in its own units */
#define FROW 18 /* a depth's height */

static const char flame_css[] =
	"svg.flame{max-width:100%;height:auto;font:11px sans-serif}"
	"g.fr{cursor:pointer}g.fr text{pointer-events:none}"
	"g.fr.off{display:none}g.fr.anc rect{opacity:.55}"
	"g.fr.hit rect{fill:#d03ad0}g.fr:hover rect{stroke:#000}"
	".fsearch input{width:20em}.fsearch span{margin-left:1em}\n";

static const char flame_js[] =
	"'use strict';\n"
	"(function(){var svg=document.querySelector('svg.flame');"
	"if(!svg)return;var fig=svg.parentNode,W=1000,byi={},"
	"fr=Array.prototype.slice.call(svg.querySelectorAll('g.fr'));"
	"fr.forEach(function(g){byi[g.dataset.i]=g;});"
	"function up(g){return byi[g.dataset.up];}"
	"function under(g,a){for(var u=g;u;u=up(u))if(u===a)return true;"
	"return false;}"
	"function fit(g,x,w){var t=g.querySelector('text'),n=g.dataset.n,"
	"k=Math.floor((w-4)/6.5);t.setAttribute('x',x+3);"
	"t.textContent=k<3?'':n.length>k?n.slice(0,k-1)+'\\u2026':n;}"
	"function zoom(f){var fx=f?+f.dataset.x:0,fw=f?+f.dataset.w:1;"
	"fig.dataset.zoom=f?f.dataset.i:'';"
	"fr.forEach(function(g){var r=g.querySelector('rect'),x,w,"
	"a=f&&g!==f&&under(f,g),on=!f||a||under(g,f);"
	"if(a){x=0;w=W;}else{x=(+g.dataset.x-fx)/fw*W;w=+g.dataset.w/fw*W;}"
	"g.classList.toggle('anc',!!a);"
	"g.classList.toggle('off',!on||w<0.3);if(!on)return;"
	"r.setAttribute('x',x.toFixed(3));"
	"r.setAttribute('width',w.toFixed(3));fit(g,x,w);});}"
	"fr.forEach(function(g){g.addEventListener('click',function(){"
	"zoom(g);});});"
	"var q=fig.querySelector('input'),say=fig.querySelector('.fsearch "
	"span'),rst=fig.querySelector('button');"
	"rst.addEventListener('click',function(){zoom(null);});"
	"function search(){var s=q.value.toLowerCase(),n=0,v=0,t=0;"
	"fr.forEach(function(g){var h=s!==''&&g.dataset.n.toLowerCase()"
	".indexOf(s)>=0;g.classList.toggle('hit',h);if(h)n++;"
	"if(g.dataset.up==='-1')t+=+g.dataset.v;});"
	"fr.forEach(function(g){if(!g.classList.contains('hit'))return;"
	"for(var u=up(g);u;u=up(u))if(u.classList.contains('hit'))return;"
	"v+=+g.dataset.v;});"
	"say.textContent=s===''?'':n+' frames match: '+(t>0?(100*v/t)"
	".toFixed(1):'0')+' % of '+fig.dataset.what;}"
	"q.addEventListener('input',search);zoom(null);})();\n";

/* a frame's layout: x and w fractions of the whole width */
struct frame {
	int row, up, depth;
	double v, x, w, used;
};

static const char *cellv(const struct csv *c, int r, int i)
{
	return i >= 0 && i < c->ncells[r] ? c->rows[r][i] : "";
}

/* the frame's value: I/O time, or bytes moved */
static double fval(const struct csv *c, int r, int ti, int ri, int wi)
{
	if (ti >= 0)
		return strtod(cellv(c, r, ti), NULL);
	return strtod(cellv(c, r, ri), NULL) + strtod(cellv(c, r, wi), NULL);
}

/* Each row's place, the rows in tree order (a block before its
 * children, as `blocks` prints them): its parent the last row one level
 * up, its depth the call path's ';'s.  Returns the deepest depth. */
static int layout(const struct csv *c, int by_bytes, struct frame *f)
{
	int pi = csv_col(c, "path"),
	    ti = by_bytes ? -1 : csv_col(c, "io_time_s");
	int ri = csv_col(c, "bytes_read"), wi = csv_col(c, "bytes_written");
	int last[256], maxd = 0;
	double total = 0, rootx = 0;

	for (int r = 1; r < c->nrows; r++) {
		const char *p = cellv(c, r, pi);
		struct frame *k = &f[r - 1];
		k->row = r;
		k->depth = 0;
		for (; *p; p++)
			k->depth += *p == ';';
		if (k->depth > 255)
			k->depth = 255;
		k->up = k->depth > 0 && k->depth <= maxd + 1
				? last[k->depth - 1]
				: -1;
		if (k->up < 0)
			k->depth = 0;
		last[k->depth] = r - 1;
		maxd = k->depth > maxd ? k->depth : maxd;
		k->v = fval(c, r, ti, ri, wi);
		if (k->up < 0)
			total += k->v;
	}
	for (int r = 0; r < c->nrows - 1; r++) {
		struct frame *k = &f[r];
		if (k->up < 0) {
			k->x = rootx;
			k->w = total > 0 ? k->v / total : 0;
			rootx += k->w;
		} else {
			struct frame *p = &f[k->up];
			k->w = p->v > 0 ? k->v / p->v * p->w : 0;
			k->x = p->x + p->used;
			p->used += k->w;
		}
	}
	return maxd;
}

/* the frame's name: the call path's last label */
static const char *fname(const struct csv *c, int r)
{
	const char *p = cellv(c, r, csv_col(c, "path")), *s = strrchr(p, ';');

	return s ? s + 1 : p;
}

/* the name cut to what w units hold (as the script cuts it), at a
 * character's start */
static void flabel(struct sb *b, const char *n, double w)
{
	long k = (long)((w - 4) / 6.5);
	size_t len = strlen(n), cut;

	if (k < 3)
		return;
	if ((size_t)k >= len)
		return sb_html(b, n);
	cut = (size_t)k - 1;
	while (cut > 0 && ((unsigned char)n[cut] & 0xC0) == 0x80)
		cut--;
	{
		char *t = strndup(n, cut);
		if (!t) {
			b->nomem = 1;
			return;
		}
		sb_html(b, t);
		sb_puts(b, "\xe2\x80\xa6");
		free(t);
	}
}

/* the frame's number: the CSV's I/O time as printed, or the bytes it
 * read and wrote */
static void fnum(struct sb *b, const struct csv *c, const struct frame *k,
		 int by_bytes)
{
	if (by_bytes)
		sb_printf(b, "%.0f", k->v);
	else
		sb_html(b, cellv(c, k->row, csv_col(c, "io_time_s")));
}

static void frame_svg(struct sb *b, const struct csv *c, const struct frame *k,
		      int i, int by_bytes)
{
	const char *kind = cellv(c, k->row, csv_col(c, "kind"));
	const char *fill = !strcmp(kind, "loop")       ? "#5a99d9"
			   : !strcmp(kind, "function") ? "#ed8c40"
						       : "#d9d9cc";

	sb_printf(b,
		  "<g class=\"fr\" data-i=\"%d\" data-up=\"%d\" "
		  "data-x=\"%.9f\" data-w=\"%.9f\" data-v=\"",
		  i, k->up, k->x, k->w);
	fnum(b, c, k, by_bytes);
	sb_puts(b, "\" data-n=\"");
	sb_html(b, fname(c, k->row));
	sb_printf(b,
		  "\"><rect x=\"%.3f\" y=\"%d\" width=\"%.3f\" "
		  "height=\"%d\" fill=\"%s\" stroke=\"#fff\"/>"
		  "<text x=\"%.3f\" y=\"%d\">",
		  k->x * FW, k->depth * FROW, k->w * FW, FROW - 1, fill,
		  k->x * FW + 3, k->depth * FROW + 13);
	flabel(b, fname(c, k->row), k->w * FW);
	sb_puts(b, "</text><title>");
	sb_html(b, cellv(c, k->row, csv_col(c, "path")));
	sb_puts(b, ": ");
	fnum(b, c, k, by_bytes);
	sb_puts(b, by_bytes ? " bytes</title></g>\n" : " s</title></g>\n");
}

static void flame(struct sb *b, const struct csv *c, int by_bytes)
{
	struct frame *f;
	int maxd;

	if (c->nrows < 2)
		return sb_puts(b, "<p class=\"note\">no code blocks</p>\n");
	if (!(f = calloc((size_t)c->nrows, sizeof *f))) {
		b->nomem = 1;
		return;
	}
	maxd = layout(c, by_bytes, f);
	sb_printf(b,
		  "<figure class=\"flame\" data-what=\"%s\">"
		  "<p class=\"fsearch\"><input type=\"search\" "
		  "placeholder=\"search frames\" aria-label=\"search "
		  "frames\"><button type=\"button\">whole graph</button>"
		  "<span></span></p>"
		  "<svg class=\"flame\" viewBox=\"0 0 %d %d\" width=\"%d\" "
		  "height=\"%d\">\n",
		  by_bytes ? "bytes moved" : "I/O time", FW, (maxd + 1) * FROW,
		  FW, (maxd + 1) * FROW);
	for (int i = 0; i < c->nrows - 1; i++)
		frame_svg(b, c, &f[i], i, by_bytes);
	sb_puts(b, "</svg><figcaption>The I/O flame graph: a block's width "
		   "its share of ");
	sb_puts(b, by_bytes ? "bytes moved" : "I/O time");
	sb_puts(b, ", its children below it. Click a frame to zoom into it; "
		   "search to mark frames by name.</figcaption></figure>\n");
	free(f);
}

/* Is a the option name (after "--") of o, or a prefix getopt_long
 * takes for it? */
static int is_opt(const char *a, const char *o)
{
	size_t n = strcspn(a, "=");

	return n >= 3 && !strncmp(a, o, n) && n <= strlen(o);
}

/* argv of `blocks --format csv` with the command's own arguments but
 * -o/--output and --format (and their values): the same trace read
 * with the same options.  av has room for n + 4. */
static void child_args(const char *const *args, int n, const char **av)
{
	int k = 0, opts = 1;

	av[k++] = "blocks";
	av[k++] = "--format";
	av[k++] = "csv";
	for (int i = 0; i < n; i++) {
		const char *a = args[i];
		if (opts && !strcmp(a, "--"))
			opts = 0;
		else if (opts &&
			 (!strcmp(a, "-o") || (!strncmp(a, "--", 2) &&
					       (is_opt(a + 2, "output") ||
						is_opt(a + 2, "format"))))) {
			if (!strchr(a, '='))
				i++;
			continue;
		} else if (opts && !strncmp(a, "-o", 2)) {
			continue;
		}
		av[k++] = a;
	}
	av[k] = NULL;
}

int blocks_html(const struct serve_opts *o, const char *const *args, int n,
		const char *name, int by_bytes, char **notes, char **buf,
		size_t *len, struct iol_error *err)
{
	const char **av = calloc((size_t)n + 6, sizeof *av);
	struct sb b = {0};
	struct run r;
	struct csv c;

	*buf = NULL;
	*len = 0;
	*notes = NULL;
	if (!av)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	child_args(args, n, av);
	run_iolens(o, av, -1, &r);
	free(av);
	if (r.status != 0 ||
	    csv_parse(r.out.s ? r.out.s : "", r.out.len, &c) < 0) {
		/* the command's own message, as it would print it */
		const char *m = r.err.len ? r.err.s : "blocks failed";
		char *nl = r.err.s ? strchr(r.err.s, '\n') : NULL;
		int rc;
		if (nl)
			*nl = '\0';
		if (!strncmp(m, "iolens blocks: ", 15))
			m += 15;
		rc = iol_error_set(err, IOL_EINVAL, "%s", m);
		run_free(&r);
		return rc;
	}
	/* its warnings (a binary gone, stacks cut) for the caller to say */
	if (r.err.len)
		*notes = strndup(r.err.s, r.err.len);
	run_free(&r);
	html_doc_head(&b, "blocks: ", name ? name : "", flame_css, flame_js);
	sb_puts(&b, "Code blocks: ");
	sb_html(&b, name ? name : "");
	sb_puts(&b, "</h1>\n<section><h2>I/O flame graph</h2>\n");
	flame(&b, &c, by_bytes);
	sb_puts(&b, "</section>\n<section><h2>Code blocks</h2>\n");
	page_table(&b, "blocks", &c);
	sb_puts(&b, "</section>\n");
	csv_free(&c);
	return html_doc_end(&b, flame_js, buf, len, err);
}
