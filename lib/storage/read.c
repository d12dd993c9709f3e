/*
 * The entry of the device readers: the format of a recording is told
 * from its first non-blank line, which is handed with the rest of the
 * file to the reader of that format.
 */
#include <string.h>

#include "storage/devio-int.h"
#include "base/banned.h"

int iol_devfmt_sniff(const char *buf, size_t n)
{
	char head[64] = ""; /* longer than any stamp */
	size_t i = 0;

	while (i < n && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' ||
			 buf[i] == '\r'))
		i++;
	if (i == n)
		return IOL_DEVFMT_NONE;
	if (buf[i] == '{')
		return IOL_DEVFMT_IOSTAT_JSON;
	if (n - i >= 4 && !memcmp(buf + i, "=== ", 4))
		return IOL_DEVFMT_DISKSTATS;
	if (n - i >= 6 && !memcmp(buf + i, "Linux ", 6))
		return IOL_DEVFMT_IOSTAT_TEXT;
	/* the stamp parser reads a C string: buf need not be one */
	memcpy(head, buf + i, n - i < sizeof(head) ? n - i : sizeof(head) - 1);
	if (iol_parse_stamp(head, &(double){0}, &(size_t){0}) == 0)
		return IOL_DEVFMT_IOSTAT_TEXT;
	return IOL_DEVFMT_NONE;
}

const char *iol_devfmt_name(int fmt)
{
	static const char *const names[] = {"unknown", "iostat text",
					    "iostat JSON", "diskstats"};

	return fmt >= 0 && fmt <= IOL_DEVFMT_DISKSTATS ? names[fmt] : "?";
}

int iol_devset_read(struct iol_devset *ds, const char *path, int lenient,
		    int *fmt, struct iol_error *err)
{
	struct iol_lines l;
	char *line;
	size_t len;
	int r, f = IOL_DEVFMT_NONE;

	ds->cut_line = 0;
	r = iol_lines_open(&l, path, err);
	if (r < 0)
		return r;
	while ((r = iol_lines_next(&l, &line, &len, err)) > 0) {
		f = iol_devfmt_sniff(line, len);
		if (f != IOL_DEVFMT_NONE || len != strspn(line, " \t\r"))
			break;
	}
	if (r == 0)
		r = iol_error_set(err, IOL_EEMPTY, "empty recording");
	else if (r > 0 && f == IOL_DEVFMT_NONE)
		r = iol_error_set(err, IOL_ENOTLOG,
				  "line %llu: not an iostat -x -t, iostat "
				  "JSON or diskstats recording",
				  (unsigned long long)l.lineno);
	else if (r > 0 && f == IOL_DEVFMT_IOSTAT_TEXT)
		r = iol_iostat_text_read(ds, &l, line, lenient, err);
	else if (r > 0 && f == IOL_DEVFMT_IOSTAT_JSON)
		r = iol_iostat_json_read(ds, &l, line, lenient, err);
	else if (r > 0)
		r = iol_diskstats_read(ds, &l, line, lenient, err);
	iol_lines_close(&l);
	if (fmt)
		*fmt = f;
	return r < 0 ? r : 0;
}
