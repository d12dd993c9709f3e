#!/bin/bash
# Generates the build tree the round's jobs work on (not under Darshan): $1/inc/hNNN.h (400 small headers, one
# struct and two prototypes each), $1/big.c including all of them, $1/src/uNNN.c (200 small translation units)
# and their objects $1/obj/uNNN.o compiled by gcc -O1 (make-like, 2 at a time).
set -e
P=$1; mkdir -p $P/inc $P/src $P/obj
for i in $(seq -w 0 399); do
	printf '#ifndef H%s\n#define H%s\nstruct s%s { int a, b; double c[%d]; };\nint f%s(struct s%s *p, int n);\nstatic inline int g%s(int x) { return x * %d + 1; }\n#endif\n' \
		$i $i $i $((1 + 10#$i % 7)) $i $i $i $((10#$i + 3)) > $P/inc/h$i.h
done
{ echo '#include <stdio.h>'; for i in $(seq -w 0 399); do echo "#include \"h$i.h\""; done
  echo 'int main(void) { long t = 0;'; for i in $(seq -w 0 399); do echo "  t += g$i($((10#$i)));"; done
  echo '  printf("%ld\n", t); return 0; }'; } > $P/big.c
for i in $(seq -w 0 199); do
	printf '#include "h%03d.h"\n#include <string.h>\nint f%03d(struct s%03d *p, int n) {\n  int k, s = 0;\n  for (k = 0; k < n; k++) { s += p[k].a * g%03d(k) - p[k].b; memset(p[k].c, 0, sizeof p[k].c); }\n  return s;\n}\n' \
		$((10#$i)) $((10#$i)) $((10#$i)) $((10#$i)) > $P/src/u$i.c
done
ls $P/src/*.c | xargs -P 2 -n 10 sh -c 'for f; do b=$(basename $f .c); gcc -O1 -I'$P'/inc -c $f -o '$P'/obj/$b.o; done' sh
