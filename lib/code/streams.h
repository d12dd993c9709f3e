/*
 * C++ file streams as the source extractor sees them: a call on a
 * std::ofstream, std::ifstream or std::fstream (their basic_ templates,
 * libstdc++'s and libc++'s spellings) is a stdio-like call -- the stream
 * buffers like a FILE * -- never the POSIX call its member's name
 * (write, read, close) would say.  Private to lib/code.
 *
 * Ownership: the definitions and strings returned are static.
 */
#ifndef IOLENS_CODE_STREAMS_H
#define IOLENS_CODE_STREAMS_H

#include <clang-c/Index.h>

#include "code/iocalls.h"

/*
 * The definition of call when it is one on a C++ file stream: a member
 * (write, read, put, get, getline, flush, sync, open, close, seekp,
 * seekg), operator<< or operator>> (also along a chain, `out << a << b`),
 * or the construction of one with a file name (an open).  Argument
 * indices are the call's as libclang numbers them.  *cls_name gets the
 * class ("std::ofstream") and *member the call ("write", " <<", or the
 * class's own name for a constructor): the name shown joins them with
 * "::" (an operator with nothing).  NULL for any other call (a stream
 * that is no file stream, std::cout, is left out: messages).
 */
const struct iol_ciodef *iol_cstream_find(CXCursor call, const char **cls_name,
					  const char **member);

/* Whether call is a call of a member function (out.write(), obj.read()):
 * not a C library function whatever its name. */
int iol_cstream_is_member(CXCursor call);

#endif
