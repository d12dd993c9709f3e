// gmx156: MD engine (C++/MPI). Every rank integrates its atoms; rank 0 gathers the positions and appends a
// trajectory frame (header + float coords) with fwrite every NOUT steps, and a checkpoint (rank's own state,
// one fwrite) every NCPT steps, replacing the previous one; an energy log line (fprintf) every step on rank 0.
// Usage: gmx156 DIR NATOMS NSTEPS NOUT NCPT
#include <mpi.h>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
int main(int argc, char **argv) {
	MPI_Init(&argc, &argv);
	int rank, np; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &np);
	const char *dir = argv[1]; long na = atol(argv[2]), nsteps = atol(argv[3]), nout = atol(argv[4]), ncpt = atol(argv[5]);
	long mine = na / np; std::vector<float> x(3 * mine), v(3 * mine), all(rank == 0 ? 3 * na : 0);
	for (long i = 0; i < 3 * mine; i++) { x[i] = (float)((i * 7919 + rank) % 1000) * 0.01f; v[i] = 0; }
	char name[512]; FILE *traj = 0, *ener = 0;
	if (rank == 0) {
		snprintf(name, sizeof name, "%s/traj.trr", dir); traj = fopen(name, "wb");
		snprintf(name, sizeof name, "%s/ener.log", dir); ener = fopen(name, "w");
	}
	double epot = 0;
	for (long s = 1; s <= nsteps; s++) {
		epot = 0;
		for (int rep = 0; rep < 6; rep++)
		for (long i = 0; i < 3 * mine; i++) { float f = -std::sin(x[i]); v[i] += 0.001f * f; x[i] += 0.001f * v[i]; epot += std::cos(x[i]); }
		double tot; MPI_Reduce(&epot, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
		if (rank == 0) fprintf(ener, "%8ld %16.6f\n", s, tot);
		if (s % nout == 0) {
			MPI_Gather(x.data(), 3 * mine, MPI_FLOAT, all.data(), 3 * mine, MPI_FLOAT, 0, MPI_COMM_WORLD);
			if (rank == 0) { long hdr[4] = {s, na, 0, 0}; fwrite(hdr, sizeof hdr, 1, traj); fwrite(all.data(), sizeof(float), 3 * na, traj); }
		}
		if (s % ncpt == 0) {
			snprintf(name, sizeof name, "%s/state-%d.cpt", dir, rank);
			FILE *c = fopen(name, "wb"); fwrite(x.data(), sizeof(float), x.size(), c); fwrite(v.data(), sizeof(float), v.size(), c); fclose(c);
		}
	}
	if (rank == 0) { fclose(traj); fclose(ener); printf("gmx: %ld atoms, %ld steps, %d ranks\n", na, nsteps, np); }
	MPI_Finalize();
}
