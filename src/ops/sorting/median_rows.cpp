// Each block stages its row in shared memory as 32-bit keys ordered as the values (NaN
// greatest), counts the NaNs, then finds the key of the middle rank by a radix select: a
// histogram of the next 8 bits among the keys that share the prefix found so far, four passes.
// The rank after it (even counts) is the same key or the least key above it. One read of the
// data, where a sort moves it several times. On the CPU only small inputs take it.
#include "ops/sorting/median_rows.hpp"

#include <cmath>

#include "kernel/cache/lookup.hpp"
#include "kernel/codegen_common.hpp"
#include "kernel/launch.hpp"

namespace ndgpu::ops::sorting {
namespace {

constexpr int kCudaThreads = 256;
constexpr int64_t kMaxLen = 32768;  // 128 KiB of keys: the H200 gives a block 227 KiB

const char* kSource = R"(
#include "ndgpu/ordered_keys.cuh"
__device__ __forceinline__ unsigned key_of(float v) {
  unsigned u;
  memcpy(&u, &v, 4);
  return ndgpu::float_key(u, 0x7f800000u);
}
__device__ __forceinline__ unsigned key_of(int v) { return ndgpu::signed_key((unsigned)v); }
__device__ __forceinline__ unsigned key_of(unsigned v) { return v; }
__device__ __forceinline__ double value_of(unsigned k, const float*) {
  const unsigned u = ndgpu::float_from_key(k);
  float v;
  memcpy(&v, &u, 4);
  return (double)v;
}
__device__ __forceinline__ double value_of(unsigned k, const int*) {
  return (double)(int)ndgpu::signed_key(k);
}
__device__ __forceinline__ double value_of(unsigned k, const unsigned*) { return (double)k; }

extern "C" __global__ void NAME(const _in_t* x, long long len, int skip_nan, double nan_value,
                                _out_t* out) {
  extern __shared__ unsigned int keys_[];
  __shared__ unsigned int hist_[256];
  __shared__ unsigned int scan_[2][256];
  __shared__ unsigned int sel_[4];  // key prefix, rank within it, keys with it, NaNs
  __shared__ unsigned int least_;
  const int tid = threadIdx.x, nt = blockDim.x;
  const _in_t* row = x + (long long)blockIdx.x * len;
  if (tid == 0) sel_[3] = 0, least_ = 0xffffffffu;
  __syncthreads();
  unsigned nans = 0;
  #pragma unroll 4
  for (long long i = tid; i < len; i += nt) {
    const _in_t v = row[i];
    nans += IS_NAN(v);
    keys_[i] = key_of(v);
  }
  if (nans) atomicAdd(&sel_[3], nans);
  __syncthreads();
  const long long n = skip_nan ? len - (long long)sel_[3] : len;
  if (n == 0 || (!skip_nan && sel_[3] != 0)) {
    if (tid == 0) out[blockIdx.x] = ndgpu::cast<_out_t>(nan_value);
    return;
  }
  unsigned prefix = 0, mask = 0, k = (unsigned)((n - 1) / 2);
  for (int shift = 24; shift >= 0; shift -= 8) {
    for (int b = tid; b < 256; b += nt) hist_[b] = 0;
    __syncthreads();
    for (long long i = tid; i < len; i += nt) {
      const unsigned key = keys_[i];
      if ((key & mask) == prefix) atomicAdd(&hist_[(key >> shift) & 255u], 1u);
    }
    __syncthreads();
    // The digit holding rank k: an inclusive scan of the 256 counts (Hillis-Steele).
    for (int b = tid; b < 256; b += nt) scan_[0][b] = hist_[b];
    __syncthreads();
    int src = 0;
    for (int off = 1; off < 256; off <<= 1) {
      for (int b = tid; b < 256; b += nt)
        scan_[src ^ 1][b] = scan_[src][b] + (b >= off ? scan_[src][b - off] : 0u);
      __syncthreads();
      src ^= 1;
    }
    for (int b = tid; b < 256; b += nt) {
      const unsigned incl = scan_[src][b], excl = incl - hist_[b];
      if (excl <= k && k < incl) {
        sel_[0] = prefix | ((unsigned)b << shift);
        sel_[1] = k - excl;
        sel_[2] = hist_[b];
      }
    }
    __syncthreads();
    prefix = sel_[0], k = sel_[1], mask |= 255u << shift;
  }
  unsigned second = prefix;
  if (n % 2 == 0 && k + 1 >= sel_[2]) {  // the next rank is the least key above
    unsigned m = 0xffffffffu;
    for (long long i = tid; i < len; i += nt) {
      const unsigned key = keys_[i];
      if (key > prefix && key < m) m = key;
    }
    atomicMin(&least_, m);
    __syncthreads();
    second = least_;
  }
  if (tid == 0) {  // numpy's mean of the middle pair: the sum rounded to the result's type
    const _in_t* tag = 0;
    const double a = value_of(prefix, tag), b = value_of(second, tag);
    out[blockIdx.x] = n % 2 ? ndgpu::cast<_out_t>(a) : ndgpu::cast<_out_t>(a + b) * (_out_t)0.5;
  }
}
)";

kernel::CompiledKernel median_kernel(Device device, DType in, DType out) {
  const std::string name =
      std::string("ndgpu_median_rows_") + dtype_name(in) + "_" + dtype_name(out);
  return kernel::named_kernel(device, name, [&] {
    std::string body = kSource;
    body.replace(body.find("NAME"), 4, name);
    KernelSource src;
    src.source = "#include \"ndgpu/common.cuh\"\n#include \"ndgpu/math.cuh\"\ntypedef " +
                 kernel::kernel_ctype(in) + " _in_t;\ntypedef " + kernel::kernel_ctype(out) +
                 " _out_t;\n#define IS_NAN(x) " + (in == DType::Float32 ? "((x) != (x))" : "0") +
                 "\n" + body;
    src.entries.push_back({name, {"const _in_t*", "long long", "int", "double", "_out_t*"}});
    src.name_hint = name;
    return src;
  });
}

}  // namespace

std::optional<NDArray> median_rows(const NDArray& rows, bool skip_nan, DType out_t) {
  const DType in = rows.dtype();
  const int64_t count = rows.shape()[0], len = rows.shape()[1];
  if (in != DType::Float32 && in != DType::Int32 && in != DType::UInt32) return std::nullopt;
  if (len < 1 || len > kMaxLen || count < 1 || count > int64_t(INT32_MAX)) return std::nullopt;
  Device device = current_device();
  const bool cuda = device.type == DeviceType::CUDA;
  // On the CPU the vectorised quicksort of the rows is faster (4096 x 4096: 147 ms against
  // 310): only small inputs take the kernel there, in 64-thread blocks, so the suite covers
  // it on both backends.
  if (!cuda && count * len > (int64_t(1) << 16)) return std::nullopt;
  NDArray out = NDArray::empty_on(device, Shape{count}, out_t);
  kernel::CompiledKernel k = median_kernel(device, in, out_t);
  const unsigned threads = cuda ? kCudaThreads : 64;
  kernel::ArgPack pack;
  pack.push(static_cast<const void*>(rows.data()));
  pack.push(static_cast<long long>(len));
  pack.push(int(skip_nan));
  pack.push(std::nan(""));
  pack.push(out.data());
  LaunchConfig cfg;
  cfg.stream = current_stream(device);
  cfg.grid.x = unsigned(count);
  cfg.block.x = threads;
  cfg.shared_mem = size_t(len) * sizeof(uint32_t);
  backend_for(device).launch(device.index, k.function, cfg, pack.pointers());
  return out;
}

}  // namespace ndgpu::ops::sorting
