// meshpart156: mesh partitioner (C++/MPI). Rank 0 reads the whole binary mesh (coords + connectivity) in 8 MiB
// chunks with std::ifstream and MPI_Scatterv's element blocks; every rank partitions (compute) and writes its
// partition file (std::ofstream, one write). Usage: meshpart156 MESH OUTDIR COMPUTE_ITERS
#include <mpi.h>
#include <fstream>
#include <vector>
#include <cmath>
#include <cstdio>
#include <string>
int main(int argc, char **argv) {
	MPI_Init(&argc, &argv);
	int rank, np; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	std::string mesh = argv[1], out = argv[2]; long iters = atol(argv[3]);
	std::vector<double> all; long n = 0;
	if (rank == 0) {
		std::ifstream f(mesh, std::ios::binary | std::ios::ate);
		long bytes = f.tellg(); f.seekg(0); n = bytes / 8; all.resize(n);
		const long chunk = 8 << 20; char *p = (char *)all.data();
		for (long off = 0; off < bytes; off += chunk) f.read(p + off, std::min(chunk, bytes - off));
	}
	MPI_Bcast(&n, 1, MPI_LONG, 0, MPI_COMM_WORLD);
	long mine = n / np; std::vector<double> loc(mine);
	MPI_Scatter(all.data(), mine, MPI_DOUBLE, loc.data(), mine, MPI_DOUBLE, 0, MPI_COMM_WORLD);
	std::vector<int> part(mine);
	double acc = 0;
	for (long it = 0; it < iters; it++)
		for (long i = 0; i < mine; i += 64) { acc += std::sin(loc[i] + it); part[i] = (int)(fabs(acc) * 7) % 16; }
	char name[256]; snprintf(name, sizeof name, "%s/part-%04d.bin", out.c_str(), rank);
	std::ofstream o(name, std::ios::binary); o.write((char *)part.data(), part.size() * sizeof(int)); o.close();
	double tot; MPI_Reduce(&acc, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0) printf("meshpart: %ld values, %d ranks, checksum %.3f\n", n, np, tot);
	MPI_Finalize();
}
