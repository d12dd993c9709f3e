// Round 66: C++ iostreams. MPI ranks run Jacobi sweeps; mode "endl"/"nl": every step each rank writes
// LINES diagnostic lines to its own ofstream, ended by std::endl (a flush, so one write(2) a line) or
// by '\n' (libstdc++'s filebuf gathers them); mode "getline": each rank reads a shared text input with
// std::getline (filebuf reads of BUFSIZ) and parses each line, between sweeps.
#include <mpi.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>
static double sweep(std::vector<double> &u, std::vector<double> &v, int n)
{
	double s = 0;
	for (int i = 1; i < n - 1; i++) { v[i] = 0.5 * (u[i - 1] + u[i + 1]); s += v[i]; }
	u.swap(v);
	return s;
}
int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	int rank; MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	if (argc < 6) { if (!rank) fprintf(stderr, "usage: cxxlog66 endl|nl|getline CELLS_K STEPS SWEEPS PATH [LINES]\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
	const char *mode = argv[1];
	int n = atoi(argv[2]) * 1024, steps = atoi(argv[3]), sw = atoi(argv[4]);
	int lines = argc > 6 ? atoi(argv[6]) : 0;
	std::vector<double> u(n, 1.0), v(n, 0.0);
	for (int i = 0; i < n; i++) u[i] = (i * 7 + rank) % 13;
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime(), acc = 0;
	std::ofstream out;
	if (strcmp(mode, "getline")) out.open(std::string(argv[5]) + "." + std::to_string(rank));
	for (int s = 0; s < steps; s++) {
		for (int k = 0; k < sw; k++) acc += sweep(u, v, n);
		if (!strcmp(mode, "getline")) {
			std::ifstream in(argv[5]);
			std::string l;
			while (std::getline(in, l)) acc += l.size() > 20 ? atof(l.c_str() + 15) : 0;
		} else {
			for (int i = 0; i < lines; i++) {
				out << "step " << s << " cell " << i << " u " << u[(i * 31) % n];
				if (!strcmp(mode, "endl")) out << std::endl; else out << '\n';
			}
		}
	}
	out.close();
	double t = MPI_Wtime() - t0, tmax;
	MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (!rank) printf("%s slowest %.3f s (acc %g)\n", mode, tmax, acc);
	MPI_Finalize();
	return 0;
}
