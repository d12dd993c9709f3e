/*
 * parse-desc: the per-module "description of counters" blocks that
 * darshan-parser prints before each module's records in base mode.
 */
#ifndef IOLENS_PARSE_DESC_H
#define IOLENS_PARSE_DESC_H

#include "render/obuf.h"

/*
 * Print the description block of module `mod` (enum iol_mod) for record
 * version `ver`, exactly as darshan-parser's log_print_description(ver).
 * Returns 0, or -1 if the module has no description function in
 * darshan-util (then prints nothing).
 */
int parse_print_description(struct obuf *ob, int mod, int ver);

#endif
