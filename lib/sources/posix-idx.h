/*
 * Indices of Darshan's POSIX counters that the trace reducer fills and
 * the DXT event reader looks up (the order of counters/modnames.c, newest
 * layout).  The one place these numbers are written in lib/sources until
 * the counters are generated from their definition files.
 */
#ifndef IOLENS_POSIX_IDX_H
#define IOLENS_POSIX_IDX_H

enum {
	P_OPENS = 0,
	P_FILENOS = 1,
	P_DUPS = 2,
	P_READS = 3,
	P_WRITES = 4,
	P_SEEKS = 5,
	P_STATS = 6,
	P_MMAPS = 7,
	P_FSYNCS = 8,
	P_FDSYNCS = 9,
	P_RENAME_SOURCES = 10,
	P_RENAME_TARGETS = 11,
	P_RENAMED_FROM = 12,
	P_MODE = 13,
	P_BYTES_READ = 14,
	P_BYTES_WRITTEN = 15,
	P_MAX_BYTE_READ = 16,
	P_MAX_BYTE_WRITTEN = 17,
	P_CONSEC_READS = 18,
	P_CONSEC_WRITES = 19,
	P_SEQ_READS = 20,
	P_SEQ_WRITES = 21,
	P_RW_SWITCHES = 22,
	P_MEM_NOT_ALIGNED = 23,
	P_MEM_ALIGNMENT = 24,
	P_FILE_NOT_ALIGNED = 25,
	P_FILE_ALIGNMENT = 26,
	P_MAX_READ_TIME_SIZE = 27,
	P_MAX_WRITE_TIME_SIZE = 28,
	P_SIZE_READ_0 = 29,
	P_SIZE_WRITE_0 = 39,
	P_STRIDE1 = 49,
	P_ACCESS1 = 57,
	P_ACCESS1_COUNT = 61,
	P_FASTEST_RANK = 65,
	P_FASTEST_RANK_BYTES = 66,
	P_SLOWEST_RANK = 67,
	P_SLOWEST_RANK_BYTES = 68,
};
enum {
	PF_OPEN_START = 0,
	PF_READ_START = 1,
	PF_WRITE_START = 2,
	PF_CLOSE_START = 3,
	PF_OPEN_END = 4,
	PF_READ_END = 5,
	PF_WRITE_END = 6,
	PF_CLOSE_END = 7,
	PF_READ_TIME = 8,
	PF_WRITE_TIME = 9,
	PF_META_TIME = 10,
	PF_MAX_READ_TIME = 11,
	PF_MAX_WRITE_TIME = 12,
	PF_FASTEST_RANK_TIME = 13,
	PF_SLOWEST_RANK_TIME = 14,
	PF_VARIANCE_TIME = 15,
	PF_VARIANCE_BYTES = 16,
};

#endif
