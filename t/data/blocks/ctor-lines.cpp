/* file streams constructed over two lines: gcc puts a constructor's call
 * on the line of its closing parenthesis, where a trace has the open
 * (t/6092; issue 33 D6) */
#include <fstream>
#include <string>

class Dumper
{
      public:
	explicit Dumper(const std::string &dir) : dir_(dir)
	{
	}
	void dump() const
	{
		std::ofstream out(dir_ + "/records-dumped.out",
				  std::ios::binary | std::ios::trunc);

		for (int i = 0; i < 10; i++)
			out.write("0123456789", 10);
	}
	void load() const
	{
		char buf[100];
		std::ifstream in(dir_ + "/records-dumped.out",
				 std::ios::binary | std::ios::in);

		in.read(buf, sizeof buf);
	}

      private:
	std::string dir_;
};

int main()
{
	Dumper d(".");

	d.dump();
	d.load();
	return 0;
}
