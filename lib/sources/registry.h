/*
 * The sources this build knows (model/source.h), and the record id every
 * source gives a file.
 *
 * Ownership: the sources are static and live forever.
 */
#ifndef IOLENS_REGISTRY_H
#define IOLENS_REGISTRY_H

#include <stddef.h>
#include <stdint.h>

#include "model/source.h"

extern const struct iol_source iol_source_darshan;
extern const struct iol_source iol_source_strace;
extern const struct iol_source iol_source_iota;

/* The registry in the order sources are asked; *n set to its length. */
const struct iol_source *const *iol_sources(size_t *n);
/* The source called name ("darshan", "strace", "iota"), or NULL. */
const struct iol_source *iol_source_find(const char *name);

/* Darshan's record id of a path: Bob Jenkins' lookup8 hash of its bytes
 * (FORMAT.md section 5), so that files seen by traces and by Darshan logs
 * have the same id (lib/sources/record-id.c). */
uint64_t iol_record_id(const char *path);

#endif
