/*
 * A file system's server telemetry into the store during an ingest run
 * (ingest.h, population/fsstore.h): one recording, one transaction.
 * Owner: lib/population.
 */
#include "population/fsstore.h"
#include "population/ingest.h"
#include "base/banned.h"

int iol_ingest_fsload(struct iol_ingest *g, const char *path,
		      struct iol_fsput *out)
{
	struct iol_error err = {0, 0, ""};
	struct iol_sql *db = iol_store_sql(g->st, &err);

	if (!db) {
		g->dberror = 1;
		iol_ingest_say(g, "'%s': %s", g->db, err.msg);
		return -1;
	}
	if (iol_fsstore_put(db, path, out, &err) < 0) {
		iol_ingest_say(g, "cannot store '%s': %s", path,
			       err.msg[0] ? err.msg : iol_strerror(err.code));
		return -1;
	}
	g->fsload_ok++;
	return 0;
}
