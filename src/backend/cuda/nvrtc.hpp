// NVRTC, opened lazily (libnvrtc.so.13, .12, then libnvrtc.so; NDGPU_NVRTC overrides).
// Compiling needs no GPU: CI compiles every generated kernel for sm_90 with it.
#pragma once
#include <map>
#include <string>
#include <vector>
#include "backend/files.hpp"

#include "backend/cuda/entry_points.hpp"
#include "ndgpu/backend.hpp"

namespace ndgpu::cuda {

struct NvrtcResult {
  std::string binary;  // a cubin, or NUL-terminated PTX text when is_ptx
  bool is_ptx = false;
  std::string arch;  // "sm_90", or "compute_90" for PTX
  std::string log;   // the compiler's log (warnings), possibly empty
  // Name expression ("scale<float>") -> lowered (mangled) name for cuModuleGetFunction.
  std::map<std::string, std::string> lowered_names;
};

// Compiles src for compute capability major.minor. ndgpu's device headers and src.headers
// are handed to NVRTC in memory. Targets sm_XY when NVRTC supports it, else PTX for the
// highest supported compute_XX below it. Raises CompileError (log and numbered source in
// what()) when the source does not compile, BackendError when NVRTC cannot be loaded.
// `cubin` asks for a cubin of a known architecture (the ahead-of-time pack needs no JIT).
NvrtcResult nvrtc_compile_program(const KernelSource& src, int sm_major, int sm_minor,
                                  const std::vector<std::string>& name_expressions = {},
                                  bool cubin = false);

// The binary only (cubin or PTX), src.name_expressions included; the log goes to *log_out
// when given.
std::string nvrtc_compile(const KernelSource& src, int sm_major, int sm_minor,
                          std::string* log_out = nullptr);

// "nvrtc-13.0"; raises BackendError when NVRTC cannot be loaded.
std::string nvrtc_version();
// The compiler identity in CUDA cache keys for compute capability `cc` (90: "nvrtc-13.0
// sm_90"). Needs NVRTC but no driver, so the ahead-of-time pack is keyed as the runtime is.
std::string nvrtc_identity(int cc);
// Whether NVRTC can be loaded (never raises).
bool nvrtc_available();
// Architectures NVRTC can emit cubins for, e.g. {75, 80, 86, 89, 90, 100, 120}.
std::vector<int> nvrtc_supported_archs();
// backend.hpp's kTryMinimalOption (never passed on): compile with -minimal, and if that
// fails, in full. User kernels get it (-minimal compiles ~20% faster; few kernels need
// what it leaves out).
inline constexpr const char* kTryMinimal = kTryMinimalOption;
// The -I options every compile gets for the CUDA toolkit's own headers (cuda_fp16.h,
// cooperative_groups.h, CCCL), as CuPy passes them; empty when no toolkit is found.
const std::vector<std::string>& toolkit_include_options();

// "   1 | line" numbering used in compile errors.
using ndgpu::number_lines;

}  // namespace ndgpu::cuda
