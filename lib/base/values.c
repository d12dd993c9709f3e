/*
 * Values typed on a command line (base/values.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "base/values.h"
#include "base/banned.h"

int iol_parse_count(const char *s, int64_t *v)
{
	char *end;
	long long x = strtoll(s, &end, 10);

	if (!*s || *end || x <= 0)
		return IOL_EINVAL;
	*v = x;
	return 0;
}

/* A size with an optional unit: 512, 64K, 10M, 8G, 1T (powers of 2). */
int iol_parse_size(const char *s, int64_t *v)
{
	char *end;
	double x = strtod(s, &end);
	double m = 1;

	switch (*end) {
	case 'k':
	case 'K':
		m = 1024.0;
		end++;
		break;
	case 'm':
	case 'M':
		m = 1048576.0;
		end++;
		break;
	case 'g':
	case 'G':
		m = 1073741824.0;
		end++;
		break;
	case 't':
	case 'T':
		m = 1099511627776.0;
		end++;
		break;
	default: break;
	}
	if (*end == 'i' && end[1] == 'B')
		end += 2;
	else if (*end == 'B')
		end++;
	if (end == s || *end || !isfinite(x) || x <= 0 || x * m > 9e18)
		return IOL_EINVAL;
	*v = (int64_t)(x * m);
	return 0;
}

/* "60", "60s", "5m", "1h", "500ms" -> seconds */
int iol_parse_duration(const char *s, double *v)
{
	char *end;
	double x = strtod(s, &end);

	if (end == s || !isfinite(x) || x < 0)
		return IOL_EINVAL;
	if (!strcmp(end, "ms"))
		x /= 1000;
	else if (!strcmp(end, "m") || !strcmp(end, "min"))
		x *= 60;
	else if (!strcmp(end, "h"))
		x *= 3600;
	else if (*end && strcmp(end, "s"))
		return IOL_EINVAL;
	*v = x;
	return 0;
}

int64_t iol_source_date(int64_t fallback)
{
	const char *s = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long v;

	if (!s || !*s)
		return fallback;
	v = strtoll(s, &end, 10);
	return *end || v < 0 ? fallback : (int64_t)v;
}

int iol_parse_word(const char *w, const char *arg)
{
	size_t len = strlen(arg), n;
	int i = 0;

	for (;;) {
		n = strcspn(w, "|,");
		if (n == len && !strncmp(w, arg, n))
			return i;
		w += n;
		if (!*w)
			return -1;
		if (*w++ == '|')
			i++;
	}
}

const char *iol_words_text(const char *w, char *b, size_t size)
{
	const char *p;
	size_t l = 0, n;
	int nw = 1, k;

	for (p = w; *p; p++)
		nw += *p == '|';
	b[0] = 0;
	for (p = w, k = 0; p && l < size; k++) {
		n = strcspn(p, "|,");
		l += (size_t)snprintf(b + l, size - l, "%s%.*s",
				      !k	   ? ""
				      : k < nw - 1 ? ", "
						   : " or ",
				      (int)n, p);
		if ((p = strchr(p, '|')))
			p++;
	}
	return b;
}
