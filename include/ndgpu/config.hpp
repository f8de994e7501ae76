// show_config(): which backend and devices ndgpu uses, and which of the field's libraries it
// found, where and in which version (libcuda, NVRTC, cuBLAS, cuBLASLt, cuSOLVER, cuFFT,
// cuRAND, CUB's library, the CPU BLAS and FFT).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace ndgpu {

struct LibraryInfo {
  std::string name;     // "cuBLAS"
  std::string path;     // the file opened; empty when none was found
  std::string version;  // "13.1.0.3" as the library reports it; empty when it says none
  std::string note;     // why it is absent, or what it is for
  std::string tried;    // when absent: each name tried and why it failed, one a line
};

struct DeviceInfo {
  std::string id;                  // "cuda:0", "cpu:1"
  std::string name;                // "NVIDIA H200"
  std::string compute_capability;  // "9.0"; empty for a CPU device
  int64_t memory_bytes = 0;        // the device's total memory
};

// Everything show_config() prints, as data.
struct Config {
  std::string version;  // ndgpu's
  std::string backend;  // "cuda" or "cpu": the default device's kind
  std::vector<DeviceInfo> devices;
  std::vector<LibraryInfo> libraries;
};

// Opens each library (as its first use would) and asks it for its version.
std::vector<LibraryInfo> library_report();
Config config();
// config() as text, and printed to stdout (NumPy's and CuPy's show_config()).
std::string config_text();
void show_config();

// The folders (Python's site-packages) searched for NVIDIA's pip wheels (nvidia/cu13/lib,
// nvidia/<library>/lib) before the system's CUDA toolkit. The Python module sets them.
void set_library_search_roots(std::vector<std::string> roots);

}  // namespace ndgpu
