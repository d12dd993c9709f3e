/* tools103: round 103's serial jobs. align reref|once REF READS OUT BATCHES: a short-read aligner that reads
 * its reference index whole for every batch (reref) or once (once); kmer small|buf OUT MIB: a k-mer counter
 * dumping its table as one 16-B (k-mer, count) write(2) an entry (small) or 1 MiB writes (buf); archive DIR NFILES OUT: tar-like packing of small files through a 1 MiB buffer. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#define MB (1<<20)
static unsigned long mix(const unsigned char *b, size_t n, unsigned long h)
{ for (size_t i = 0; i < n; i += 64) h = h * 31 + b[i]; return h; }
/* stands for the CPU part of each job (alignment, counting, compression) so that I/O is a share of a real run */
static double work(long n, double x) { for (long i = 0; i < n; i++) x = x * 1.0000001 + 1e-9; return x; }
static unsigned long readall(const char *p, unsigned char *b, size_t cap)
{ int fd = open(p, O_RDONLY); ssize_t k; size_t t = 0; unsigned long h = 0;
  while ((k = read(fd, b + t, MB)) > 0) { t += k; if (t + MB > cap) t = 0; }
  close(fd); return mix(b, cap, h); }
static int align(char **a)
{ size_t cap = 64 * MB; unsigned char *ix = malloc(cap); int nb = atoi(a[5]); char line[256];
  unsigned long h = readall(a[2], ix, cap);
  FILE *in = fopen(a[3], "r"), *out = fopen(a[4], "w"); long nr = 0;
  for (int b = 0; b < nb; b++) {
    if (!strcmp(a[1], "reref")) h ^= readall(a[2], ix, cap);
    for (int j = 0; j < 500 && fgets(line, sizeof line, in); j++, nr++) {
      unsigned long pos = (h + nr * 2654435761UL) % (cap - 4096); h = mix(ix + pos, 4096, h); h += (unsigned long)work(30000, 1.0);
      fprintf(out, "read%ld\t0\tchr1\t%lu\t60\t100M\t*\t0\t0\t%.40s\n", nr, pos, line); }
  }
  fclose(in); fclose(out); printf("%lu\n", h); return 0; }
static int kmer(char **a)
{ size_t n = (size_t)atoi(a[3]) * MB, rec = !strcmp(a[1], "small") ? 16 : MB; unsigned char *t = malloc(n);
  for (size_t i = 0; i < n; i++) t[i] = (unsigned char)(i * 2654435761UL >> 13);
  t[0] += (unsigned char)work(500000000L, 1.0);
  int fd = open(a[2], O_CREAT | O_TRUNC | O_WRONLY, 0644);
  for (size_t o = 0; o < n; o += rec) if (write(fd, t + o, rec) != (ssize_t)rec) return 1;
  close(fd); return 0; }
static int archive(char **a)
{ int nf = atoi(a[2]), out = open(a[3], O_CREAT | O_TRUNC | O_WRONLY, 0644); char p[512];
  unsigned char *b = malloc(MB); size_t u = 0;
  for (int i = 0; i < nf; i++) {
    snprintf(p, sizeof p, "%s/f%04d.dat", a[1], i); int fd = open(p, O_RDONLY); ssize_t k;
    while ((k = read(fd, b + u, 65536)) > 0) { u += k; if (u + 65536 > MB) { if (write(out, b, u) < 0) return 1; u = 0; } }
    close(fd); b[0] += (unsigned char)work(2000000L, 1.0); }
  if (u && write(out, b, u) < 0) return 1;
  close(out); return 0; }
int main(int c, char **a)
{ (void)c; if (!strcmp(a[1], "kmer")) return kmer(a + 1); if (!strcmp(a[1], "archive")) return archive(a + 1);
  return align(a + 1); }
