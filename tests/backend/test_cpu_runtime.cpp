// CUDA on the CPU backend: barriers, shared memory, atomics, shuffles and faults, through the
// kernel cache and the backend's launch (no Python, no RawKernel).
#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "backend/cpu/cuda_on_cpu.hpp"
#include "kernel/cache/lookup.hpp"
#include "ndgpu/errors.hpp"

using namespace ndgpu;

namespace {

kernel::CompiledKernel compile(const std::string& name, const std::string& code,
                               std::vector<std::string> types) {
  KernelSource src;
  src.name_hint = name;
  src.source = code;
  src.entries.push_back({name, std::move(types)});
  return kernel::get_kernel(Device{DeviceType::CPU, 0}, src);
}

void launch(const kernel::CompiledKernel& k, Dim3 grid, Dim3 block, void** args,
            size_t shared = 0) {
  LaunchConfig cfg;
  cfg.grid = grid;
  cfg.block = block;
  cfg.shared_mem = shared;
  backend_for(DeviceType::CPU).launch(0, k.function, cfg, args);
}

}  // namespace

TEST(CpuRuntime, TreeReductionWithSyncthreads) {
  auto k = compile("tree_sum", R"(
extern "C" __global__ void tree_sum(const float* x, float* out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = x[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned step = blockDim.x / 2; step > 0; step >>= 1) {
    if (t < step) s[t] += s[t + step];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
})",
                   {"const float*", "float*"});
  std::vector<float> x(4 * 256), out(4, -1);
  std::iota(x.begin(), x.end(), 0.0f);
  const float* xp = x.data();
  float* op = out.data();
  void* args[] = {&xp, &op};
  launch(k, {4}, {256}, args);
  for (int b = 0; b < 4; ++b) {
    double expect = 0;
    for (int i = 0; i < 256; ++i) expect += b * 256 + i;
    EXPECT_FLOAT_EQ(out[b], float(expect)) << b;
  }
}

TEST(CpuRuntime, AtomicHistogramInDynamicSharedMemory) {
  auto k = compile("hist", R"(
extern "C" __global__ void hist(const int* x, int n, unsigned* bins, int nbins) {
  extern __shared__ unsigned local[];
  for (int b = threadIdx.x; b < nbins; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[x[i] % nbins], 1);
  __syncthreads();
  for (int b = threadIdx.x; b < nbins; b += blockDim.x) atomicAdd(&bins[b], local[b]);
})",
                   {"const int*", "int", "unsigned*", "int"});
  int n = 10000, nbins = 7;
  std::vector<int> x(n);
  std::iota(x.begin(), x.end(), 0);
  std::vector<unsigned> bins(nbins, 0);
  const int* xp = x.data();
  unsigned* bp = bins.data();
  void* args[] = {&xp, &n, &bp, &nbins};
  launch(k, {8}, {64}, args, nbins * sizeof(unsigned));
  for (int b = 0; b < nbins; ++b) EXPECT_EQ(bins[b], unsigned(n / nbins + (b < n % nbins)));
}

TEST(CpuRuntime, WarpShuffleVoteAndAtomicsOnEveryType) {
  auto k = compile("warp_ops", R"(
extern "C" __global__ void warp_ops(float* sums, unsigned* ballots, double* d, unsigned long long* u) {
  float v = threadIdx.x;
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
  float b = __shfl_sync(0xffffffff, v, 0);
  unsigned ballot = __ballot_sync(0xffffffff, threadIdx.x % 3 == 0);
  if ((threadIdx.x & 31) == 0) { sums[threadIdx.x / 32] = b; ballots[threadIdx.x / 32] = ballot; }
  atomicAdd(d, 0.5);
  atomicMax(u, (unsigned long long)threadIdx.x);
})",
                   {"float*", "unsigned*", "double*", "unsigned long long*"});
  std::vector<float> sums(2);
  std::vector<unsigned> ballots(2);
  double d = 0;
  unsigned long long u = 0;
  float* sp = sums.data();
  unsigned* bp = ballots.data();
  double* dp = &d;
  unsigned long long* up = &u;
  void* args[] = {&sp, &bp, &dp, &up};
  launch(k, {3}, {64}, args);
  EXPECT_FLOAT_EQ(sums[0], 496.0f);            // 0 + ... + 31
  EXPECT_FLOAT_EQ(sums[1], 496.0f + 1024.0f);  // 32 + ... + 63
  EXPECT_EQ(ballots[0], 0x49249249u);
  EXPECT_DOUBLE_EQ(d, 3 * 64 * 0.5);
  EXPECT_EQ(u, 63u);
}

TEST(CpuRuntime, FaultInKernelRaisesNamingIt) {
  auto k = compile("bad_store", R"(
extern "C" __global__ void bad_store(float* p) { p[threadIdx.x] = 1.0f; })",
                   {"float*"});
  float* p = reinterpret_cast<float*>(16);
  void* args[] = {&p};
  try {
    launch(k, {2}, {4}, args);
    FAIL() << "expected an error";
  } catch (const BackendError& e) {
    EXPECT_NE(std::string(e.what()).find("bad_store"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("SIGSEGV"), std::string::npos) << e.what();
  }
  // The backend still works afterwards.
  std::vector<float> x(4, 0);
  float* xp = x.data();
  void* ok[] = {&xp};
  launch(k, {1}, {4}, ok);
  EXPECT_EQ(x[3], 1.0f);
}

TEST(CpuRuntime, DivergentBarrierIsReportedNotHung) {
  auto k = compile("divergent", R"(
extern "C" __global__ void divergent(int* x) {
  if (threadIdx.x < 16) __syncthreads(); else __syncwarp();
  x[threadIdx.x] = 1;
})",
                   {"int*"});
  std::vector<int> x(32);
  int* xp = x.data();
  void* args[] = {&xp};
  EXPECT_THROW(launch(k, {1}, {32}, args), BackendError);
}

TEST(CpuRuntime, RewritesExternSharedKeepingLines) {
  std::string src =
      "extern __shared__ float a[];\n__global__ void k() {\n"
      "  extern __shared__ __align__(16) unsigned char s[];\n  s[0] = a[0];\n}\n";
  std::string out = cpu::rewrite_extern_shared(src);
  EXPECT_NE(out.find("#define a ((float*)ndgpu_cpu::dynamic_shared())"), std::string::npos) << out;
  EXPECT_NE(out.find("unsigned char* s = ((unsigned char*)ndgpu_cpu::dynamic_shared());"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("#line 1\n"), std::string::npos) << out;
  EXPECT_EQ(cpu::entry_symbol("my_add"), "my_add__ndgpu_entry");
  EXPECT_EQ(cpu::entry_symbol("f<int>"), "ndgpu_x_663c696e743e__ndgpu_entry");
  EXPECT_TRUE(cpu::uses_barriers("x = __shfl_xor_sync(m, x, 1);"));
  EXPECT_FALSE(cpu::uses_barriers("y[i] = x[i];"));
}

TEST(CpuRuntime, KernelsAreRenamedAtDeclarationsAndDefinitions) {
  std::set<std::string> names{"cabs", "absent"};
  std::string src =
      "extern \"C\" __global__ void cabs(float* y);  // cabs( in a comment\n"
      "extern \"C\" __global__ void __launch_bounds__(64, 2) cabs(float* y) {\n"
      "  y[0] = abs(y[0]); const char* s = \"__global__ void cabs(\";\n}\n"
      "__device__ float other(float x) { return x; }\n";
  std::string out = cpu::rename_kernels(src, &names);
  EXPECT_EQ(names, std::set<std::string>{"cabs"});  // only what was found
  EXPECT_NE(out.find("void cabs__ndgpu_kernel(float* y);  // cabs( in a comment"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("__launch_bounds__(64, 2) cabs__ndgpu_kernel(float* y) {"), std::string::npos)
      << out;
  EXPECT_NE(out.find("\"__global__ void cabs(\""), std::string::npos) << out;  // strings kept
  EXPECT_NE(out.find("float other(float x)"), std::string::npos) << out;
}
