// ndarray.flat: the array read and written as if 1-D in C order, whatever its layout. A key
// becomes int64 flat positions; reads gather them, writes put values cyclically (NumPy's).
#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu {
namespace {

// The flat positions a key names in an array of `size` elements (0-d for an integer).
NDArray positions(int64_t size, const Index& key) {
  if (auto* k = std::get_if<int64_t>(&key)) {
    int64_t p = *k < 0 ? *k + size : *k;
    if (p < 0 || p >= size)
      throw IndexError("index " + std::to_string(*k) + " is out of bounds for axis 0 with size " +
                       std::to_string(size));
    return full(Shape{}, Scalar::typed_int(DType::Int64, p));
  }
  NDArray all = arange(Scalar::py_int(0), Scalar::py_int(size), Scalar::py_int(1), DType::Int64);
  if (auto* s = std::get_if<Slice>(&key)) return all.index(std::vector<IndexItem>{*s});
  if (std::holds_alternative<EllipsisIndex>(key)) return all;
  if (std::holds_alternative<NewAxis>(key))
    throw IndexError(
        "only integers, slices (`:`), ellipsis (`...`) and integer or boolean arrays "
        "are valid indices");
  const NDArray& arr = std::get<NDArray>(key);
  if (arr.dtype() == DType::Bool) {
    if (arr.size() != size) throw IndexError("boolean index did not match indexed flat array");
    return flatnonzero(arr);
  }
  if (!is_integer(arr.dtype()))
    throw IndexError("arrays used as indices must be of integer (or boolean) type");
  return arr;
}

}  // namespace

NDArray flat_get(const NDArray& a, const Index& key) {
  NDArray pos = positions(a.size(), key);
  return take(a, pos, std::nullopt, ClipMode::Raise);
}

void flat_set(NDArray& a, const Index& key, const Operand& values) {
  auto* v = std::get_if<NDArray>(&values);
  if (std::holds_alternative<int64_t>(key) && v && v->ndim() != 0)  // as NumPy
    throw ValueError("Error setting single item of array.");
  NDArray pos = positions(a.size(), key);
  put(a, pos, values, ClipMode::Raise);
}

}  // namespace ndgpu
