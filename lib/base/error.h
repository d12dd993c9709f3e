/*
 * Error codes of libiolens.  Every fallible library function returns 0 on
 * success or a negative IOL_E* code; iol_strerror() names it.  Functions that
 * can say more fill an optional struct iol_error (caller-owned, may be NULL)
 * with a one-line detail such as "POSIX region: bad zlib stream".
 */
#ifndef IOLENS_ERROR_H
#define IOLENS_ERROR_H

enum {
	IOL_OK = 0,
	IOL_ENOMEM = -1,    /* out of memory */
	IOL_EIO = -2,	    /* read error; errno in iol_error.sys */
	IOL_ENOTLOG = -3,   /* not a Darshan log (bad magic) */
	IOL_EVERSION = -4,  /* unsupported log or module format version */
	IOL_ETRUNC = -5,    /* file ends before the data it declares */
	IOL_ECORRUPT = -6,  /* inconsistent or impossible contents */
	IOL_ECOMPRESS = -7, /* compressed stream does not decode */
	IOL_EINVAL = -8,    /* bad argument */
	IOL_EEMPTY = -9,    /* empty input */
	IOL_ESYNTAX = -10,  /* unparsable trace line */
	IOL_EUNSUPP = -11,  /* feature not built in (e.g. no bzip2) */
};

struct iol_error {
	int code;      /* last IOL_E* code */
	int sys;       /* errno, for IOL_EIO */
	char msg[256]; /* detail, "" if none */
};

/* Static text for an error code; never NULL. */
const char *iol_strerror(int code);

/* The detail of err when it has one, else the text of code: what a
 * failure says in one phrase. */
const char *iol_error_text(const struct iol_error *err, int code);

/* Record code and a printf-style detail in err (if non-NULL); returns code. */
int iol_error_set(struct iol_error *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
