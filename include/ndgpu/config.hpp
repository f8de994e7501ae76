// show_config(): which backend and devices ndgpu uses, and which of the field's libraries it
// found and where (libcuda, NVRTC, cuBLAS, cuSOLVER, cuFFT, cuRAND, the CPU BLAS and FFT).
#pragma once
#include <string>
#include <vector>

namespace ndgpu {

struct LibraryInfo {
  std::string name;   // "cuBLAS"
  std::string path;   // the file opened; empty when none was found
  std::string note;   // why it is absent, or what it is for
  std::string tried;  // when absent: each name tried and why it failed, one a line
};

// Opens each library (as its first use would) and reports it.
std::vector<LibraryInfo> library_report();
// The report as text, and printed to stdout (NumPy's and CuPy's show_config()).
std::string config_text();
void show_config();

// The folders (Python's site-packages) searched for NVIDIA's pip wheels (nvidia/cu13/lib,
// nvidia/<library>/lib) before the system's CUDA toolkit. The Python module sets them.
void set_library_search_roots(std::vector<std::string> roots);

}  // namespace ndgpu
