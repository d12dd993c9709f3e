// t/6041: `<< std::endl` writes a newline and flushes (a write(2) each
// time on a file stream); `<< std::flush` flushes.
#include <fstream>

int main()
{
	std::ofstream log("log.out");

	for (int i = 0; i < 5; i++)
		log << "step" << std::endl;
	log << "x" << std::flush;
	log << "end\n";
	return 0;
}
