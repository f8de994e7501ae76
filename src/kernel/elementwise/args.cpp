#include "kernel/elementwise/args.hpp"

#include <algorithm>
#include <cstring>

namespace ndgpu::kernel {

void pack_elementwise_args(ArgPack& pack, std::span<const ArgSpec> specs, const IterationPlan& plan,
                           std::span<const NDArray* const> op_arrays,
                           std::span<const NDArray* const> raw_arrays,
                           std::span<const Scalar* const> scalars) {
  const int nd = plan.ndim();
  const size_t index_bytes = plan.index32 ? 4 : 8;
  auto put_index = [&](std::byte* dst, int64_t v) {
    if (plan.index32) {
      int32_t v32 = int32_t(v);
      std::memcpy(dst, &v32, 4);
    } else {
      std::memcpy(dst, &v, 8);
    }
  };
  size_t op = 0, raw = 0, sc = 0;
  for (const auto& a : specs) {
    if (a.kind == ArgKind::Array) {
      char* ptr = static_cast<char*>(op_arrays[op]->data());
      if (plan.contiguous) {
        pack.push(ptr);
      } else {  // ndgpu::Strided<I, N>: the pointer, then N strides
        std::byte buf[8 + 8 * 64];
        std::memcpy(buf, &ptr, sizeof ptr);
        for (int d = 0; d < nd; ++d) put_index(buf + 8 + d * index_bytes, plan.strides[op][d]);
        pack.push_bytes(buf, 8 + nd * index_bytes);
      }
      ++op;
    } else if (a.kind == ArgKind::Scalar) {
      alignas(16) std::byte v[16];
      scalars[sc++]->store_as(a.type, v);
      pack.push_bytes(v, itemsize(a.type));
    } else {  // ndgpu::RawArray<T, N>: pointer, shape, strides, size, contiguous flag
      const NDArray* arr = raw_arrays[raw++];
      int rn = std::max(arr->ndim(), 1);
      int64_t words[3 + 2 * 64];
      int w = 0;
      words[w++] = int64_t(reinterpret_cast<intptr_t>(arr->data()));
      for (int d = 0; d < rn; ++d) words[w++] = arr->ndim() ? arr->shape()[d] : 1;
      for (int d = 0; d < rn; ++d) words[w++] = arr->ndim() ? arr->strides()[d] : 0;
      words[w++] = arr->size();
      words[w++] = arr->c_contiguous() ? 1 : 0;
      pack.push_bytes(words, size_t(w) * 8);
    }
  }
  if (!plan.contiguous) {  // ndgpu::Extents<I, N>
    std::byte buf[8 * 64];
    for (int d = 0; d < nd; ++d) put_index(buf + d * index_bytes, plan.shape[d]);
    pack.push_bytes(buf, nd * index_bytes);
  }
}

}  // namespace ndgpu::kernel
