// t/6040: a file stream's destructor closes it at the end of its scope,
// and sends what is left in its buffer (one write(2)) when it was
// written since its last flush.
#include <fstream>

static char buf[4096];

static void save()
{
	std::ofstream out("raii.out");

	for (int i = 0; i < 10; i++)
		out.write(buf, 100);
}

int main()
{
	save();
	for (int k = 0; k < 3; k++) {
		std::ofstream part("part.out");

		part.write(buf, 200);
	}
	std::ifstream in("raii.out");
	in.read(buf, 100);
	std::ofstream done("done.out");
	done.write(buf, 10);
	done.close();
	return 0;
}
