/*
 * The one rule of output choice of every command with -o
 * (render/outfmt.h): --format against the extension of the output's
 * name, and the formats each command writes.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/outfmt.h"
#include "base/banned.h"

static const char *const outf_names[OUTF_N] = {
	"text", "csv", "tsv", "json", "pdf", "svg", "png", "folded", "html"};
static const char *const outf_exts[OUTF_N] = {".txt",  ".csv",	  ".tsv",
					      ".json", ".pdf",	  ".svg",
					      ".png",  ".folded", ".html"};

/* *why = the refusal, sized to fit; returns -1 */
static int refuse(char **why, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int refuse(char **why, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	*why = n < 0 ? NULL : malloc((size_t)n + 1);
	if (*why) {
		va_start(ap, fmt);
		vsnprintf(*why, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	return -1;
}

static int same_nocase(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return 0;
	return !*a && !*b;
}

/* The format the name of path says (its extension, any case), or -1. */
static int outf_of_path(const char *path)
{
	const char *b, *dot;

	if (!path || !strcmp(path, "-"))
		return -1;
	b = strrchr(path, '/');
	dot = strrchr(b ? b + 1 : path, '.');
	for (int f = 0; dot && f < OUTF_N; f++)
		if (same_nocase(dot, outf_exts[f]))
			return f;
	return dot && same_nocase(dot, ".htm") ? OUTF_HTML : -1;
}

/* "text, csv, tsv or json" */
static void outf_list(char *buf, size_t n, unsigned mask)
{
	size_t len = 0;
	int k = 0, total = 0;

	for (int f = 0; f < OUTF_N; f++)
		total += !!(mask & OUTF_BIT(f));
	buf[0] = '\0';
	for (int f = 0; f < OUTF_N; f++) {
		if (!(mask & OUTF_BIT(f)))
			continue;
		k++;
		len += (size_t)snprintf(buf + len, len < n ? n - len : 0,
					"%s%s",
					k == 1	     ? ""
					: k == total ? " or "
						     : ", ",
					outf_names[f]);
	}
}

/*
 * Extensions that name a format only another command writes (or none):
 * writing plain text under them would make a file its name lies about.
 */
static const struct {
	const char *ext, *what, *cmd;
} foreign_exts[] = {
	{".xlsx", "workbooks", "export"},
	{".xls", "workbooks", "export"},
	{".ods", "workbooks", "export"},
	{".darshan", "Darshan logs", "convert"},
	{".html", "HTML", "report"},
	{".htm", "HTML", "report"},
	{".xml", "XML", NULL},
};

/* 0, or -1 with *why set when path is named as a format the command me
 * does not write. */
static int foreign_check(const char *me, const char *path, char **why)
{
	const char *b, *dot;

	if (!path || !strcmp(path, "-"))
		return 0;
	b = strrchr(path, '/');
	dot = strrchr(b ? b + 1 : path, '.');
	for (size_t i = 0;
	     dot && i < sizeof foreign_exts / sizeof *foreign_exts; i++) {
		if (!same_nocase(dot, foreign_exts[i].ext) ||
		    (foreign_exts[i].cmd && !strcmp(me, foreign_exts[i].cmd)))
			continue;
		if (foreign_exts[i].cmd)
			return refuse(
				why,
				"'%s': %s does not write %s; use iolens %s",
				dot, me, foreign_exts[i].what,
				foreign_exts[i].cmd);
		return refuse(why,
			      "'%s': %s does not write %s, nor does any "
			      "iolens command",
			      dot, me, foreign_exts[i].what);
	}
	return 0;
}

int out_format_choose(const char *cmd, const char *fmtarg, const char *path,
		      unsigned mask, int dflt, const char *own, char **why)
{
	int ext = outf_of_path(path), given = -1;
	char list[64];

	*why = NULL;
	/* a command that writes the format its name says is not foreign */
	if ((ext < 0 || !(mask & OUTF_BIT(ext))) &&
	    foreign_check(cmd, path, why) < 0)
		return -1;
	outf_list(list, sizeof list, mask);
	if (fmtarg) {
		for (int f = 0; f < OUTF_N; f++)
			if ((mask & OUTF_BIT(f)) &&
			    !strcmp(fmtarg, outf_names[f]))
				given = f;
		if (given < 0)
			return refuse(why, "unknown format '%s' (%s)", fmtarg,
				      list);
		if (ext >= 0 && ext != given)
			return refuse(why,
				      "--format %s, but the output '%s' is "
				      "named as %s: name it to match",
				      fmtarg, path, outf_names[ext]);
		return given;
	}
	if (ext >= 0 && !(mask & OUTF_BIT(ext))) {
		/* a page of a command that draws none: report draws it */
		unsigned pages = OUTF_BIT(OUTF_PDF) | OUTF_BIT(OUTF_SVG) |
				 OUTF_BIT(OUTF_PNG) | OUTF_BIT(OUTF_HTML);
		int hint = (OUTF_BIT(ext) & pages) && !(mask & pages);

		if (mask)
			return refuse(why, "cannot write %s to '%s' (%s: %s)%s",
				      outf_names[ext], path,
				      mask & (mask - 1) ? "formats" : "only",
				      list, hint ? "; use iolens report" : "");
		return refuse(why,
			      "the output '%s' is named as %s, but it is %s",
			      path, outf_names[ext], own);
	}
	return ext >= 0 ? ext : dflt;
}

void out_formats_of(const char *cmd, unsigned *mask, int *dflt,
		    const char **own)
{
	static const struct {
		const char *cmd;
		unsigned mask;
		int dflt;
		const char *own;
	} t[] = {
		{"iostat", OUTF_TABLES | OUTF_BIT(OUTF_PDF), OUTF_TEXT, NULL},
		{"fsload", OUTF_TABLES | OUTF_BIT(OUTF_PDF), OUTF_TEXT, NULL},
		{"report",
		 OUTF_BIT(OUTF_PDF) | OUTF_BIT(OUTF_SVG) | OUTF_BIT(OUTF_PNG) |
			 OUTF_BIT(OUTF_HTML),
		 OUTF_PDF, NULL},
		{"population-report", OUTF_BIT(OUTF_PDF) | OUTF_BIT(OUTF_HTML),
		 OUTF_PDF, NULL},
		{"blocks",
		 OUTF_TABLES | OUTF_BIT(OUTF_PDF) | OUTF_BIT(OUTF_SVG) |
			 OUTF_BIT(OUTF_PNG) | OUTF_BIT(OUTF_FOLDED) |
			 OUTF_BIT(OUTF_HTML),
		 OUTF_TEXT, NULL},
		{"replay-script", OUTF_BIT(OUTF_TEXT), OUTF_TEXT, NULL},
		{"export", 0, OUTF_TEXT, "an .xlsx workbook"},
		{"convert", 0, OUTF_TEXT, "a Darshan log"},
	};

	*mask = OUTF_TABLES;
	*dflt = OUTF_TEXT;
	*own = NULL;
	for (size_t i = 0; cmd && i < sizeof t / sizeof *t; i++)
		if (!strcmp(cmd, t[i].cmd)) {
			*mask = t[i].mask;
			*dflt = t[i].dflt;
			*own = t[i].own;
		}
}

const char *out_format_words(const char *cmd, char *b, size_t size)
{
	unsigned mask;
	size_t l = 0;
	int dflt;
	const char *own;

	out_formats_of(cmd, &mask, &dflt, &own);
	b[0] = 0;
	for (int f = 0; f < OUTF_N && l < size; f++)
		if (mask & OUTF_BIT(f))
			l += (size_t)snprintf(b + l, size - l, "%s%s",
					      l ? " " : "", outf_names[f]);
	return b;
}
