/*
 * Error texts and the detail carrier used by every libiolens decoder.
 */
#include <stdarg.h>
#include <stdio.h>

#include "base/error.h"
#include "base/banned.h"

const char *iol_strerror(int code)
{
	switch (code) {
	case IOL_OK: return "success";
	case IOL_ENOMEM: return "out of memory";
	case IOL_EIO: return "read error";
	case IOL_ENOTLOG: return "not a Darshan log";
	case IOL_EVERSION: return "unsupported format version";
	case IOL_ETRUNC: return "truncated log";
	case IOL_ECORRUPT: return "corrupt log";
	case IOL_ECOMPRESS: return "corrupt compressed data";
	case IOL_EINVAL: return "invalid argument";
	case IOL_EEMPTY: return "empty file";
	case IOL_ESYNTAX: return "syntax error";
	case IOL_EUNSUPP: return "not supported";
	}
	return "unknown error";
}

int iol_error_set(struct iol_error *err, int code, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return code;
	err->code = code;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	return code;
}

const char *iol_error_text(const struct iol_error *err, int code)
{
	return err && err->msg[0] ? err->msg : iol_strerror(code);
}
