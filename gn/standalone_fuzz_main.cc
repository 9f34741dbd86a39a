// main() for fuzzer targets in non-fuzzer builds: runs
// LLVMFuzzerTestOneInput once on each file named on the command line (or on
// stdin when none is given).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv)
    __attribute__((weak));

static void RunOne(const std::vector<char>& buf) {
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(buf.data()),
                         buf.size());
}

int main(int argc, char** argv) {
  if (LLVMFuzzerInitialize)
    LLVMFuzzerInitialize(&argc, &argv);
  if (argc < 2) {
    std::vector<char> buf((std::istreambuf_iterator<char>(std::cin)),
                          std::istreambuf_iterator<char>());
    RunOne(buf);
    return 0;
  }
  for (int i = 1; i < argc; i++) {
    std::string arg = argv[i];
    if (!arg.empty() && arg[0] == '-')
      continue;  // ignore libFuzzer-style flags
    std::ifstream f(arg, std::ios::binary);
    if (!f) {
      std::fprintf(stderr, "cannot open %s\n", arg.c_str());
      return 1;
    }
    std::vector<char> buf((std::istreambuf_iterator<char>(f)),
                          std::istreambuf_iterator<char>());
    RunOne(buf);
    std::fprintf(stderr, "ran %s (%zu bytes)\n", arg.c_str(), buf.size());
  }
  return 0;
}
