/*
 * The names and dates of iolens report's files (render/view-report.c).
 */
#ifndef IOLENS_VIEW_REPORT_H
#define IOLENS_VIEW_REPORT_H

#include <stddef.h>
#include <stdint.h>

/* With several logs, -o DIR: DIR/NAME.pdf (.svg, .png for format 1, 2)
 * into buf, NAME the log's file name without ".darshan", other
 * characters than letters, digits, '.', '-' and '_' made '_'. */
void view_report_file_name(char *buf, size_t n, const char *dir,
			   const char *log, int format);
/* The files one run has named, so that two logs of one name do not
 * overwrite each other's report. */
struct view_report_files {
	char **v;
	size_t n;
};
/* The file of log's report (view_report_file_name()) into buf, claimed
 * in f: 0, 1 when an earlier log claimed the same file (buf holds it),
 * or -1 when memory ran out. */
int view_report_file_claim(struct view_report_files *f, char *buf, size_t n,
			   const char *dir, const char *log, int format);
void view_report_files_free(struct view_report_files *f);
/* The date stamped on a report, "YYYY-MM-DDTHH:MM:SS" UTC, of an epoch
 * second into buf: 0, or -1 when it has none. */
int view_report_date(char *buf, size_t n, int64_t v);
/* --date: YYYY-MM-DD[THH:MM:SS] or epoch seconds into buf as above: 0,
 * or -1 when it is neither. */
int view_report_date_parse(char *buf, size_t n, const char *arg);

#endif
