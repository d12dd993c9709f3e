import random
r = random.Random(1189)
kinds = {
 "serial STDIO tool": ["bulk STDIO data (FASTQ read and rewritten through fgets/fputs, unbuffered-ish: setvbuf tiny)",
                       "true re-reads (two full passes over the FASTQ file, e.g. count then filter)",
                       "fsync per record (fflush+fsync after every output record)"],
 "variant caller": ["true re-reads (each region re-reads the whole reference/BAM index)",
                    "4 KiB-or-smaller requests (record-by-record pread of aligned records)",
                    "unbalanced ranks (one rank gets the chromosome-1 sized region)"],
 "aligner": ["rank-0 funnel (rank 0 reads all FASTQ and writes all SAM; others compute)",
             "small requests (per-read 300-B pwrite of SAM lines to a shared file)",
             "file storm (one output file per read batch per rank)"],
}
for k, v in kinds.items(): print(k, "->", r.choice(v))
