// align156: short-read aligner front end (C++, serial). Streams a FASTQ-like file of fixed 256-B records, scores
// each read against a small in-memory reference (compute), writes hits to a SAM-like output (buffered ofstream).
// MODE=rec: one read(2) of 256 B per record (problem); MODE=buf: read(2) of 4 MiB blocks (twin).
// Usage: align156 INPUT OUTPUT MODE
#include <fcntl.h>
#include <unistd.h>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <vector>
#include <string>
int main(int argc, char **argv) {
	const char *in = argv[1]; std::string mode = argv[3];
	int fd = open(in, O_RDONLY); const size_t R = 256; size_t B = mode == "buf" ? (4u << 20) : R;
	std::vector<char> buf(B); std::ofstream out(argv[2]); unsigned long nrec = 0, hits = 0, h = 0;
	ssize_t got;
	while ((got = read(fd, buf.data(), B)) > 0) {
		for (ssize_t off = 0; off + (ssize_t)R <= got; off += R) {
			const char *r = buf.data() + off; unsigned s = 0;
			for (size_t i = 0; i < R; i++) s = s * 31 + (unsigned char)r[i];
			h ^= s; nrec++;
			if ((s & 1023) == 7) { hits++; out << "read" << nrec << "\t0\tchr1\t" << (s % 100000) << "\t60\n"; }
		}
	}
	close(fd); out.close();
	printf("align: %lu records, %lu hits, hash %lx\n", nrec, hits, h);
}
