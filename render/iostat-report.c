/*
 * The device-activity page: one A4 page drawn with the chart module.
 * Throughput over time as stacked read/write bars per bin with the idle
 * threshold dashed, the CDF of bin throughputs as a step line, and the
 * Table III idle classes.  The PDF's dates are pinned by the caller so
 * that the same recording gives the same bytes.
 */
#define _POSIX_C_SOURCE 200809L
#include <cairo-pdf.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "render/iostat-report.h"
#include "render/chart.h"
#include "base/version.h"
#include "render/output.h"
#include "base/banned.h"

#define PW 595.0
#define PH 842.0

static void hhmm(char *b, size_t n, double t)
{
	time_t s = (time_t)floor(t);
	struct tm tm;

	if (gmtime_r(&s, &tm))
		strftime(b, n, "%H:%M:%S", &tm);
	else
		snprintf(b, n, "%.0f", t);
}

/* Byte ticks of a rate axis: "64 MiB/s", not "64 MiB". */
static void rate_ticks(struct axis *a)
{
	char t[sizeof a->labels[0]];

	for (int i = 0; i < a->nticks; i++) {
		snprintf(t, sizeof t, "%s/s", a->labels[i]);
		memcpy(a->labels[i], t, sizeof t);
	}
}

static void time_plot(cairo_t *cr, const struct iol_binned *b,
		      const struct iol_devstats *all, double y)
{
	struct plot p;
	size_t k, row = b->ndev;
	double bw;
	static const char *const names[] = {"read", "write"};
	static const int colors[] = {C_READ, C_WRITE};
	char lab[32];
	int i;

	memset(&p, 0, sizeof(p));
	p.cr = cr;
	p.x = 70;
	p.y = y;
	p.w = 480;
	p.h = 200;
	bw = p.w / (double)b->nbins;
	axis_nice(&p.ax, 0, all->peak_bps > 0 ? all->peak_bps : 1, 0, 1);
	rate_ticks(&p.ax);
	plot_axes(&p, "throughput, all devices");
	for (k = 0; k < b->nbins; k++) {
		const struct iol_bin *x = iol_binned_at(b, row, k);
		double fr, fw, x0 = p.x + bw * (double)k;

		if (x->covered <= 0)
			continue;
		fr = axis_frac(&p.ax, (double)x->rbytes / x->covered);
		fw = axis_frac(&p.ax,
			       (double)(x->rbytes + x->wbytes) / x->covered);
		chart_color(cr, C_READ);
		cairo_rectangle(cr, x0, p.y + p.h - fr * p.h, bw, fr * p.h);
		cairo_fill(cr);
		chart_color(cr, C_WRITE);
		cairo_rectangle(cr, x0, p.y + p.h - fw * p.h, bw,
				(fw - fr) * p.h);
		cairo_fill(cr);
	}
	chart_color(cr, C_WARN);
	cairo_set_line_width(cr, 0.8);
	cairo_set_dash(cr, (double[]){3, 2}, 2, 0);
	cairo_move_to(cr, p.x,
		      p.y + p.h - axis_frac(&p.ax, all->idle_bps) * p.h);
	cairo_rel_line_to(cr, p.w, 0);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	for (i = 0; i <= 4; i++) {
		double t = b->t0 + (double)b->nbins * b->step * i / 4;

		hhmm(lab, sizeof(lab), t);
		chart_text(cr, p.x + p.w * i / 4, p.y + p.h + 10, lab, 7, 0, 0,
			   C_MUTED);
	}
	chart_text(cr, p.x + p.w / 2, p.y + p.h + 21, "time (UTC)", 7.5, 0, 0,
		   C_INK);
	chart_legend(cr, p.x + p.w - 210, p.y - 14, 2, names, colors);
	/* the dashed idle line has its own entry */
	chart_color(cr, C_WARN);
	cairo_set_line_width(cr, 0.8);
	cairo_set_dash(cr, (double[]){3, 2}, 2, 0);
	cairo_move_to(cr, p.x + p.w - 100, p.y - 16.5);
	cairo_rel_line_to(cr, 12, 0);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	chart_text(cr, p.x + p.w - 84, p.y - 14, "idle threshold", 7, 0, -1,
		   C_INK);
}

static void cdf_plot(cairo_t *cr, const struct iol_devstats *all, double y)
{
	struct plot p;
	size_t i;
	int k;
	char lab[16];

	memset(&p, 0, sizeof(p));
	p.cr = cr;
	p.x = 70;
	p.y = y;
	p.w = 230;
	p.h = 170;
	p.horizontal = 1;
	axis_nice(&p.ax, 0, all->peak_bps > 0 ? all->peak_bps : 1, 0, 1);
	rate_ticks(&p.ax);
	plot_axes(&p, "throughput of an interval");
	for (k = 0; k <= 4; k++) {
		snprintf(lab, sizeof(lab), "%d%%", k * 25);
		chart_text(cr, p.x - 3, p.y + p.h - p.h * k / 4 + 2.5, lab, 7,
			   0, 1, C_MUTED);
	}
	chart_text(cr, p.x, p.y - 5, "CDF of interval throughput", 7.5, 1, -1,
		   C_INK);
	chart_color(cr, C_WRITE);
	cairo_set_line_width(cr, 1.2);
	cairo_move_to(cr, p.x, p.y + p.h);
	for (i = 0; i < all->nbins; i++) {
		double fx = axis_frac(&p.ax, all->sorted[i]);
		double fy = (double)(i + 1) / (double)all->nbins;

		cairo_line_to(cr, p.x + fx * p.w,
			      p.y + p.h - (double)i / (double)all->nbins * p.h);
		cairo_line_to(cr, p.x + fx * p.w, p.y + p.h - fy * p.h);
	}
	cairo_stroke(cr);
}

static void idle_table(cairo_t *cr, const struct iol_devstats *all, double x,
		       double y)
{
	static const char *const hdr[] = {"idle (min)", "count", "minutes",
					  "% of time"};
	static const double widths[] = {60, 40, 50, 55};
	static const int numeric[] = {0, 1, 1, 1};
	const char *cells[IOL_NIDLE_CLASSES * 4];
	char buf[IOL_NIDLE_CLASSES][3][24];
	int k;

	for (k = 0; k < IOL_NIDLE_CLASSES; k++) {
		snprintf(buf[k][0], 24, "%d", all->t3_count[k]);
		snprintf(buf[k][1], 24, "%.1f", all->t3_minutes[k]);
		snprintf(buf[k][2], 24, "%.2f",
			 all->seconds > 0
				 ? 100 * 60 * all->t3_minutes[k] / all->seconds
				 : 0.0);
		cells[k * 4] = iol_idle_class_names[k];
		cells[k * 4 + 1] = buf[k][0];
		cells[k * 4 + 2] = buf[k][1];
		cells[k * 4 + 3] = buf[k][2];
	}
	chart_text(cr, x, y - 5, "Idle periods by duration (Table III)", 7.5, 1,
		   -1, C_INK);
	chart_table(cr, x, y, 4, widths, numeric, hdr, IOL_NIDLE_CLASSES, cells,
		    7.5);
}

static void page(cairo_t *cr, const struct iol_binned *b,
		 const struct iol_devstats *st,
		 const struct iostat_report_opts *o)
{
	const struct iol_devstats *all = &st[b->ndev];
	char line[256], a[32], c[32], r[32], w[32];

	chart_text(cr, 40, 50,
		   o->heading ? o->heading : "Storage device activity", 16, 1,
		   -1, C_INK);
	hhmm(a, sizeof(a), b->t0);
	hhmm(c, sizeof(c), b->t0 + (double)b->nbins * b->step);
	snprintf(line, sizeof(line),
		 "%s, %zu %s%s, %zu intervals of %g s, %s to %s UTC", o->title,
		 b->ndev, o->noun ? o->noun : "device", b->ndev == 1 ? "" : "s",
		 b->nbins, b->step, a, c);
	chart_text(cr, 40, 68, line, 9, 0, -1, C_MUTED);
	fmt_bytes(r, sizeof(r), (double)all->rbytes, BYTES_SHORT);
	fmt_bytes(w, sizeof(w), (double)all->wbytes, BYTES_SHORT);
	fmt_bytes(a, sizeof(a), all->peak_bps, BYTES_SHORT);
	fmt_bytes(c, sizeof(c), all->mean_bps, BYTES_SHORT);
	snprintf(line, sizeof(line),
		 "read %s, written %s; peak %s/s, mean %s/s; idle (below %g%% "
		 "of peak) %.1f%% of the time in %zu periods; %zu bursts (at "
		 "or above %g%% of peak)",
		 r, w, a, c, o->idle_pct,
		 all->seconds > 0 ? 100 * all->idle_seconds / all->seconds : 0,
		 all->nidle, all->nburst, o->burst_pct);
	chart_para(cr, 40, 82, 515, line, 9, C_INK);
	time_plot(cr, b, all, 140);
	cdf_plot(cr, all, 420);
	idle_table(cr, all, 340, 420);
}

int iostat_report_write(const char *path, const struct iol_binned *b,
			const struct iol_devstats *st,
			const struct iostat_report_opts *o,
			struct iol_error *err)
{
	char tmp[OUT_TMP_MAX], date[32];
	cairo_surface_t *pdf;
	cairo_t *cr;
	time_t t = (time_t)o->date_epoch;
	struct tm tm;
	int fd, ret = 0;

	if (!gmtime_r(&t, &tm))
		return iol_error_set(err, IOL_EINVAL, "bad date");
	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%S", &tm);
	pdf = chart_pdf_open(path, tmp, sizeof(tmp), PW, PH, &fd);
	if (!pdf)
		return iol_error_set(err, IOL_EIO, "cannot write '%s': %s",
				     path, strerror(errno));
	cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_CREATE_DATE,
				       date);
	cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_MOD_DATE, date);
	cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_TITLE,
				       "iolens device activity");
	cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_CREATOR,
				       "iolens " IOLENS_VERSION);
	cr = cairo_create(pdf);
	page(cr, b, st, o);
	cairo_show_page(cr);
	cairo_destroy(cr);
	if (chart_pdf_close(pdf, fd) < 0)
		ret = iol_error_set(err, IOL_EIO, "cannot write '%s'", path);
	if (ret == 0 && out_commit(tmp, path) < 0)
		ret = iol_error_set(err, IOL_EIO, "cannot write '%s': %s", path,
				    strerror(errno));
	if (ret < 0)
		out_discard(tmp, path);
	return ret;
}
