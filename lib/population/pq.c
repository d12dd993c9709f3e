/*
 * libpq loaded with dlopen on the first PostgreSQL store (pq.h says
 * why), its functions looked up by name once.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "population/pq.h"
#include "base/banned.h"

/* libpq's ABI has been libpq.so.5 since PostgreSQL 8.2 */
#define PQ_SONAME "libpq.so.5"

static struct iol_pq pq;
static char pq_fail[256];
static pthread_once_t pq_once = PTHREAD_ONCE_INIT;

/* each member's offset in struct iol_pq and its libpq name */
static const struct {
	size_t off;
	const char *name;
} pq_syms[] = {
#define S(m, n)                               \
	{                                     \
		offsetof(struct iol_pq, m), n \
	}
	S(connectdb, "PQconnectdb"),
	S(status, "PQstatus"),
	S(errormessage, "PQerrorMessage"),
	S(finish, "PQfinish"),
	S(setnoticeprocessor, "PQsetNoticeProcessor"),
	S(conninfoparse, "PQconninfoParse"),
	S(conninfofree, "PQconninfoFree"),
	S(exec, "PQexec"),
	S(prepare, "PQprepare"),
	S(describeprepared, "PQdescribePrepared"),
	S(sendqueryprepared, "PQsendQueryPrepared"),
	S(setsinglerowmode, "PQsetSingleRowMode"),
	S(getresult, "PQgetResult"),
	S(resultstatus, "PQresultStatus"),
	S(resulterrorfield, "PQresultErrorField"),
	S(cmdtuples, "PQcmdTuples"),
	S(ntuples, "PQntuples"),
	S(nfields, "PQnfields"),
	S(fname, "PQfname"),
	S(ftype, "PQftype"),
	S(getisnull, "PQgetisnull"),
	S(getvalue, "PQgetvalue"),
	S(getlength, "PQgetlength"),
	S(clear, "PQclear"),
};

/* looked up, not required: NULL when missing (pq.h) */
static const struct {
	size_t off;
	const char *name;
} pq_opt[] = {
	S(putcopydata, "PQputCopyData"),
	S(putcopyend, "PQputCopyEnd"),
#undef S
};

static void pq_open(void)
{
	void *h = dlopen(PQ_SONAME, RTLD_NOW | RTLD_LOCAL);
	size_t i;

	if (!h) {
		snprintf(pq_fail, sizeof(pq_fail), "%s", dlerror());
		return;
	}
	for (i = 0; i < sizeof(pq_syms) / sizeof(pq_syms[0]); i++) {
		void *f = dlsym(h, pq_syms[i].name);

		if (!f) {
			snprintf(pq_fail, sizeof(pq_fail), "%s has no %s",
				 PQ_SONAME, pq_syms[i].name);
			return;
		}
		/* POSIX: a function's address from dlsym fits a function
		 * pointer; the members are all function pointers */
		memcpy((char *)&pq + pq_syms[i].off, &f, sizeof(f));
	}
	for (i = 0; i < sizeof(pq_opt) / sizeof(pq_opt[0]); i++) {
		void *f = dlsym(h, pq_opt[i].name);

		if (f)
			memcpy((char *)&pq + pq_opt[i].off, &f, sizeof(f));
	}
}

const struct iol_pq *iol_pq_load(struct iol_error *err)
{
	pthread_once(&pq_once, pq_open);
	if (!pq_fail[0])
		return &pq;
	iol_error_set(err, IOL_EIO,
		      "cannot load " PQ_SONAME
		      " for a PostgreSQL store (Debian libpq5): %s",
		      pq_fail);
	return NULL;
}

const struct iol_pq *iol_pq_fns(void)
{
	return &pq;
}

const struct iol_pq *const iol_pq_table = &pq;
