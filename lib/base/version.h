/*
 * The one place the version of iolens is written.  The Makefile reads it
 * for iolens.pc; the library, the commands, the report footer and the
 * logs that convert writes print it from here.
 */
#ifndef IOLENS_VERSION_H
#define IOLENS_VERSION_H

#define IOLENS_VERSION "0.1.0"

#endif
