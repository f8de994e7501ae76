#include "ops/sorting/keys.hpp"

#include <map>
#include <mutex>
#include <string>

#include "kernel/cache/lookup.hpp"
#include "kernel/launch.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::ops::sorting {
namespace {

// One source per key width K; floats are told apart by their exponent mask, so the kind is
// an argument and a width compiles once for every dtype.
const char* kKeySource = R"(
#include "ndgpu/ordered_keys.cuh"
typedef KEY_T K;
#define SIGN_BIT ndgpu::sign_bit_of<K>()

extern "C" __global__ void NAME_encode(const K* src, const long long* perm, K* keys,
    long long* values, long long n, long long len, long long units, long long part, int kind,
    K exp_mask, int fold_zero) {
  if (kind == 2 && !perm && !values && units == 1) {  // a real float sort: a loop that vectorises
    NDGPU_LOOP(long long, i, n) {
      K x = src[i];
      if (fold_zero && x == SIGN_BIT) x = 0;
      keys[i] = ndgpu::float_key(x, exp_mask);
    }
    return;
  }
  NDGPU_LOOP(long long, i, n) {
    // The row only matters with a permutation or for the indices: division is slow on CPUs.
    const long long col = perm ? perm[i] : values ? i % len : 0;
    const long long at = (perm ? i - i % len + col : i) * units;
    K x = src[at + part], key;
    if (kind == 0) {
      key = x;
    } else if (kind == 1) {
      key = ndgpu::signed_key(x);
    } else if (kind == 2) {
      if (fold_zero && x == SIGN_BIT) x = 0;
      key = ndgpu::float_key(x, exp_mask);
    } else {
      key = K(ndgpu::nan_bits(src[at], exp_mask) * 2 + ndgpu::nan_bits(src[at + 1], exp_mask));
    }
    keys[i] = key;
    if (values && !perm) values[i] = col;
  }
}

extern "C" __global__ void NAME_decode(const K* keys, K* dst, long long n, int kind) {
  NDGPU_LOOP(long long, i, n) {
    const K k = keys[i];
    dst[i] = kind == 0 ? k : kind == 1 ? ndgpu::signed_key(k) : ndgpu::float_from_key(k);
  }
}

// NumPy's searchsorted on keys: the first position whose key is >= (left) or > (right).
extern "C" __global__ void NAME_search(const K* sorted, long long n, const K* needles,
    long long* out, long long m, int right) {
  NDGPU_LOOP(long long, i, m) {
    const K v = needles[i];
    long long lo = 0, hi = n;
    while (lo < hi) {
      const long long mid = (lo + hi) >> 1;
      if (right ? sorted[mid] <= v : sorted[mid] < v)
        lo = mid + 1;
      else
        hi = mid;
    }
    out[i] = lo;
  }
}

extern "C" __global__ void NAME_gather(const K* src, const long long* idx, K* dst, long long n,
    long long len, long long units) {
  NDGPU_LOOP(long long, i, n) {
    const long long at = (i / len * len + idx[i]) * units;
    for (long long u = 0; u < units; ++u) dst[i * units + u] = src[at + u];
  }
}
)";

const char* key_ctype(int bytes) {
  switch (bytes) {
    case 1:
      return "unsigned char";
    case 2:
      return "unsigned short";
    case 4:
      return "unsigned int";
    default:
      return "unsigned long long";
  }
}

enum Entry : size_t { kEncode = 0, kDecode = 1, kSearch = 2, kGather = 3 };

kernel::CompiledKernel key_kernel(Device device, int bytes, Entry entry) {
  static std::mutex mu;
  static std::map<std::tuple<std::string, int, size_t>, kernel::CompiledKernel> cache;
  auto key = std::make_tuple(device.str(), bytes, size_t(entry));
  {
    std::lock_guard lk(mu);
    if (auto it = cache.find(key); it != cache.end()) return it->second;
  }
  const std::string name = "ndgpu_sort_keys_u" + std::to_string(bytes * 8);
  const std::string k = std::string(key_ctype(bytes));
  std::string body = kKeySource;
  for (auto [from, to] : {std::pair<std::string, std::string>{"KEY_T", k}, {"NAME", name}})
    for (size_t p = 0; (p = body.find(from, p)) != std::string::npos; p += to.size())
      body.replace(p, from.size(), to);
  KernelSource src;
  src.source = body;
  src.entries.push_back({name + "_encode",
                         {"const " + k + "*", "const long long*", k + "*", "long long*",
                          "long long", "long long", "long long", "long long", "int", k, "int"}});
  src.entries.push_back({name + "_decode", {"const " + k + "*", k + "*", "long long", "int"}});
  src.entries.push_back(
      {name + "_search",
       {"const " + k + "*", "long long", "const " + k + "*", "long long*", "long long", "int"}});
  src.entries.push_back(
      {name + "_gather",
       {"const " + k + "*", "const long long*", k + "*", "long long", "long long", "long long"}});
  src.name_hint = name;
  kernel::CompiledKernel compiled = kernel::get_kernel(device, src, entry);
  std::lock_guard lk(mu);
  cache.emplace(key, compiled);
  return compiled;
}

uint64_t exponent_mask(DType t) {
  switch (real_dtype(t)) {
    case DType::Float16:
      return 0x7C00u;
    case DType::Float32:
      return 0x7F800000u;
    case DType::Float64:
      return 0x7FF0000000000000ull;
    default:
      return 0;
  }
}

// Pushes an unsigned value as a kernel argument of `bytes` bytes.
void push_key(kernel::ArgPack& pack, int bytes, uint64_t v) {
  switch (bytes) {
    case 1:
      return pack.push(uint8_t(v));
    case 2:
      return pack.push(uint16_t(v));
    case 4:
      return pack.push(uint32_t(v));
    default:
      return pack.push(uint64_t(v));
  }
}

KeyKind one_pass_kind(DType t) {
  switch (kind(t)) {
    case DTypeKind::Int:
      return KeyKind::Signed;
    case DTypeKind::Float:
      return KeyKind::Float;
    default:
      return KeyKind::Unsigned;
  }
}

}  // namespace

std::vector<KeyPass> key_passes(DType t) {
  if (is_complex(t))
    return {{KeyKind::Float, 1}, {KeyKind::Float, 0}, {KeyKind::ComplexNanClass, 0}};
  return {{one_pass_kind(t), 0}};
}

int key_bytes(DType t) {
  return int(is_complex(t) ? itemsize(t) / 2 : itemsize(t));
}

void encode_keys(Device device, DType t, const KeyPass& pass, const void* src, const int64_t* perm,
                 void* keys, int64_t* values, int64_t n, int64_t len, bool fold_zero) {
  const int bytes = key_bytes(t);
  kernel::CompiledKernel k = key_kernel(device, bytes, kEncode);
  kernel::ArgPack pack;
  pack.push(src);
  pack.push(reinterpret_cast<const long long*>(perm));
  pack.push(keys);
  pack.push(reinterpret_cast<long long*>(values));
  for (int64_t v : {n, len, int64_t(is_complex(t) ? 2 : 1), int64_t(pass.part)})
    pack.push(static_cast<long long>(v));
  pack.push(int(pass.kind));
  push_key(pack, bytes, exponent_mask(t));
  pack.push(int(fold_zero));
  kernel::launch_elementwise(device, k, n, pack);
}

void decode_keys(Device device, DType t, const void* keys, void* dst, int64_t n) {
  if (is_complex(t)) throw TypeError("decode_keys: complex keys take several passes");
  kernel::CompiledKernel k = key_kernel(device, key_bytes(t), kDecode);
  kernel::ArgPack pack;
  pack.push(keys);
  pack.push(dst);
  pack.push(static_cast<long long>(n));
  pack.push(int(one_pass_kind(t)));
  kernel::launch_elementwise(device, k, n, pack);
}

void search_keys(Device device, DType t, const void* sorted, int64_t n, const void* needles,
                 int64_t* out, int64_t m, bool right) {
  kernel::CompiledKernel k = key_kernel(device, key_bytes(t), kSearch);
  kernel::ArgPack pack;
  pack.push(sorted);
  pack.push(static_cast<long long>(n));
  pack.push(needles);
  pack.push(reinterpret_cast<long long*>(out));
  pack.push(static_cast<long long>(m));
  pack.push(int(right));
  kernel::launch_elementwise(device, k, m, pack);
}

void gather_rows(Device device, const void* src, const int64_t* idx, void* dst, int64_t n,
                 int64_t len, int64_t itemsize) {
  kernel::CompiledKernel k = key_kernel(device, 8, kGather);
  kernel::ArgPack pack;
  pack.push(src);
  pack.push(reinterpret_cast<const long long*>(idx));
  pack.push(dst);
  for (int64_t v : {n, len, itemsize / 8}) pack.push(static_cast<long long>(v));
  kernel::launch_elementwise(device, k, n, pack);
}

}  // namespace ndgpu::ops::sorting
