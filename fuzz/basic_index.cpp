// Basic indexing (NDArray::index in src/core/ndarray.cpp): integers, slices with any bounds
// and steps, newaxis and Ellipsis applied to a small array's view. Bad indices raise
// IndexError or ValueError; an accepted view must stay inside the array's memory.
#include <cstdlib>
#include <memory>

#include "fuzz_input.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/ndarray.hpp"

namespace {

using namespace ndgpu;

// Interesting int64 values as well as raw ones: the bounds around 0, the dims and the limits.
int64_t number(fuzz::Reader& in) {
  uint8_t pick = in.byte();
  if (pick < 128) return int64_t(pick % 16) - 8;
  if (pick < 192) {
    const int64_t edges[] = {INT64_MIN,           INT64_MIN + 1,   -INT64_MAX,
                             INT64_MAX,           INT64_MAX - 1,   int64_t(1) << 62,
                             -(int64_t(1) << 62), int64_t(1) << 32};
    return edges[pick % 8];
  }
  return in.int64();
}

std::optional<int64_t> maybe(fuzz::Reader& in, uint8_t flags, int bit) {
  if (!(flags >> bit & 1)) return std::nullopt;
  return number(in);
}

// The lowest and one past the highest byte the view can touch, relative to the storage.
void check_inside(const NDArray& v, size_t nbytes) {
  if (v.size() == 0) return;
  __int128 lo = v.offset(), hi = v.offset();
  for (int d = 0; d < v.ndim(); ++d) {
    __int128 span = __int128(v.strides()[d]) * (v.shape()[d] - 1);
    (span < 0 ? lo : hi) += span;
  }
  if (lo < 0 || hi + v.itemsize() > __int128(nbytes)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader in(data, size);
  static const DType kTypes[] = {DType::Bool, DType::Int16, DType::Float32, DType::Complex128};
  DType t = kTypes[in.byte() & 3];
  Shape shape;
  for (int nd = in.byte() % 5; nd > 0; --nd) shape.push_back(in.byte() % 6);
  const size_t nbytes = size_t(shape_size(shape) * int64_t(itemsize(t)));
  static char memory[5 * 5 * 5 * 5 * 16];
  auto storage = std::make_shared<Storage>(Device{}, memory, nbytes, [] {});
  NDArray a(storage, 0, shape, c_strides(shape, int64_t(itemsize(t))), t);
  if (in.byte() & 1) a = a.transpose();  // negative and non-C strides come from slicing below
  for (int round = 0; round < 2 && !in.empty(); ++round) {
    std::vector<IndexItem> items;
    for (int n = in.byte() % 8; n > 0; --n) {
      uint8_t kind = in.byte();
      switch (kind % 4) {
        case 0:
          items.emplace_back(number(in));
          break;
        case 1: {
          Slice s;
          s.start = maybe(in, kind, 2);
          s.stop = maybe(in, kind, 3);
          s.step = maybe(in, kind, 4);
          items.emplace_back(s);
          break;
        }
        case 2:
          items.emplace_back(newaxis);
          break;
        default:
          items.emplace_back(ellipsis);
          break;
      }
    }
    try {
      a = a.index(items);
    } catch (const IndexError&) {
      return 0;
    } catch (const ValueError&) {
      return 0;
    }
    check_inside(a, nbytes);
  }
  return 0;
}
