/*
 * libpq, loaded when the first PostgreSQL store is opened and not
 * before: a binary linked with it loads Kerberos, LDAP and GnuTLS too (30
 * libraries, 4.5 ms a start where darshan-parser takes 2 ms), and needs
 * them installed, for every command, though most never open a
 * PostgreSQL store.  The functions sql.c calls, by their libpq names.
 */
#ifndef IOL_POPULATION_PQ_H
#define IOL_POPULATION_PQ_H

#include <libpq-fe.h>

#include "base/error.h"

struct iol_pq {
	PGconn *(*connectdb)(const char *);
	ConnStatusType (*status)(const PGconn *);
	char *(*errormessage)(const PGconn *);
	void (*finish)(PGconn *);
	PQnoticeProcessor (*setnoticeprocessor)(PGconn *, PQnoticeProcessor,
						void *);
	PQconninfoOption *(*conninfoparse)(const char *, char **);
	void (*conninfofree)(PQconninfoOption *);
	PGresult *(*exec)(PGconn *, const char *);
	PGresult *(*prepare)(PGconn *, const char *, const char *, int,
			     const Oid *);
	PGresult *(*describeprepared)(PGconn *, const char *);
	int (*sendqueryprepared)(PGconn *, const char *, int,
				 const char *const *, const int *, const int *,
				 int);
	int (*setsinglerowmode)(PGconn *);
	PGresult *(*getresult)(PGconn *);
	ExecStatusType (*resultstatus)(const PGresult *);
	char *(*resulterrorfield)(const PGresult *, int);
	char *(*cmdtuples)(PGresult *);
	int (*ntuples)(const PGresult *);
	int (*nfields)(const PGresult *);
	char *(*fname)(const PGresult *, int);
	Oid (*ftype)(const PGresult *, int);
	int (*getisnull)(const PGresult *, int, int);
	char *(*getvalue)(const PGresult *, int, int);
	int (*getlength)(const PGresult *, int, int);
	void (*clear)(PGresult *);
	/* optional (NULL when this libpq lacks them): COPY FROM STDIN, the
	 * bulk path of merge-db; without them rows go one INSERT each */
	int (*putcopydata)(PGconn *, const char *, int);
	int (*putcopyend)(PGconn *, const char *);
};

/* libpq's functions, loaded once (thread-safe; the library stays loaded
 * till the process ends): borrowed, never NULL on success.  Returns NULL
 * and sets err (IOL_EIO, "cannot load libpq.so.5 (Debian libpq5): ...")
 * when it is not installed or lacks a function. */
const struct iol_pq *iol_pq_load(struct iol_error *err);

/* The same functions, unchecked: only after iol_pq_load() succeeded (a
 * PostgreSQL connection exists only then). */
const struct iol_pq *iol_pq_fns(void);
/* The same, as a constant: no call for each of a million values read. */
extern const struct iol_pq *const iol_pq_table;

#endif
