/*
 * The commands' --help texts (render/help.h) and their printer.
 */
#include <string.h>

#include "render/help.h"

/* generated from man/help/<name>.txt by man/help.pl (the Makefile) */
static const struct {
	const char *name, *text;
} texts[] = {
#include "render/help-text.inc"
};

#include "base/banned.h"

const char *iol_help_text(const char *name)
{
	for (size_t i = 0; i < sizeof texts / sizeof *texts; i++)
		if (!strcmp(texts[i].name, name))
			return texts[i].text;
	return NULL;
}

/* The length of the placeholder name at p (after an @ and before the
 * closing @), or 0 when p starts none. */
static size_t placeholder(const char *p)
{
	size_t n = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_");

	return n && p[n] == '@' ? n : 0;
}

int iol_help_print(FILE *f, const char *name, iol_help_value value)
{
	const char *t = iol_help_text(name), *at, *v;
	char key[64];
	size_t n;

	if (!t)
		return -1;
	while ((at = strchr(t, '@')) != NULL) {
		fwrite(t, 1, (size_t)(at - t), f);
		n = placeholder(at + 1);
		v = NULL;
		if (n && n < sizeof(key)) {
			memcpy(key, at + 1, n);
			key[n] = 0;
			v = value ? value(key) : NULL;
		}
		if (v) {
			fputs(v, f);
			t = at + n + 2;
		} else {
			fputc('@', f);
			t = at + 1;
		}
	}
	fputs(t, f);
	return 0;
}
