/*
 * libFuzzer harness: replay scripts in their text form
 * (lib/replay/script-parse.c): parsed, totalled and written back.
 */
#include "fuzz/fuzz.h" /* first: it asks for _GNU_SOURCE */

#include <string.h>

#include "replay/script.h"

static int sink(void *ctx, const char *text)
{
	*(size_t *)ctx += strlen(text);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct iol_rscript s;
	struct iol_rtotals t;
	size_t n = 0;

	iol_rscript_init(&s);
	if (iol_rscript_parse(&s, (const char *)data, size, NULL) == 0) {
		int64_t(*pf)[3] = calloc(s.nstr ? s.nstr : 1, sizeof(*pf));

		iol_rscript_totals(&s, &t, pf);
		free(pf);
		iol_rscript_write(&s, sink, &n);
	}
	iol_rscript_release(&s);
	return 0;
}
