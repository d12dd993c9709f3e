// t/6137: std::ofstream opened with a mode.  binary, out|trunc and
// out|ate truncate their file, as the default does (libstdc++ opens
// them O_WRONLY|O_CREAT|O_TRUNC): a create; app appends and in|out
// reads and writes a file that is there: an open.  With std::ios::binary
// the open was costed as an open (p24_cxx_small: 2 us costed, 30 us
// measured, the costliest of its blocks ranked third).
#include <fstream>

static char rec[100];

int main()
{
	std::ofstream a("a.dat", std::ios::binary);
	std::ofstream b("b.dat", std::ios::out | std::ios::trunc);
	std::ofstream c("c.dat", std::ios::app);
	std::ofstream d("a.dat", std::ios::in | std::ios::out);
	std::ofstream e("e.dat");

	a.write(rec, 100);
	b.write(rec, 100);
	c.write(rec, 100);
	d.write(rec, 100);
	e.write(rec, 100);
	return 0;
}
