// searchsorted and isin: a binary search over the same unsigned keys the sorts use, so NaNs
// and signed zeros are placed as sort places them.
#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/sorting.hpp"
#include "ops/sorting/keys.hpp"

namespace ndgpu {

NDArray searchsorted(const NDArray& a_in, const NDArray& v_in, const std::string& side,
                     const std::optional<NDArray>& sorter) {
  check_device(a_in.device());
  check_device(v_in.device());
  if (side != "left" && side != "right")
    throw ValueError("side must be 'left' or 'right' (got '" + side + "')");
  if (a_in.ndim() != 1)
    throw ValueError(a_in.ndim() == 0 ? "object of too small depth for desired array"
                                      : "object too deep for desired array");
  if (sorter && sorter->size() != a_in.size()) throw ValueError("sorter.size must equal a.size");
  const DType t = promote_types(a_in.dtype(), v_in.dtype());
  if (is_complex(t)) throw NotImplementedError("searchsorted: complex values are not supported");
  Device device = current_device();
  NDArray a = ascontiguousarray(sorter ? take(a_in, *sorter) : a_in, t);
  NDArray v = ascontiguousarray(v_in, t);
  NDArray out = NDArray::empty_on(device, v_in.shape(), DType::Int64);
  const int64_t n = a.size(), m = v.size();
  if (m == 0) return out;
  if (n == 0) {
    fill(out, Scalar::py_int(0));
    return out;
  }
  const int bytes = ops::sorting::key_bytes(t);
  const ops::sorting::KeyPass pass = ops::sorting::key_passes(t)[0];
  NDArray a_keys = NDArray::empty_on(device, Shape{n * bytes}, DType::UInt8);
  NDArray v_keys = NDArray::empty_on(device, Shape{m * bytes}, DType::UInt8);
  ops::sorting::encode_keys(device, t, pass, a.data(), nullptr, a_keys.data(), nullptr, n, n, true);
  ops::sorting::encode_keys(device, t, pass, v.data(), nullptr, v_keys.data(), nullptr, m, m, true);
  ops::sorting::search_keys(device, t, a_keys.data(), n, v_keys.data(),
                            static_cast<int64_t*>(out.data()), m, side == "right");
  return out;
}

NDArray isin(const NDArray& element, const NDArray& test_elements, bool /*assume_unique*/,
             bool invert) {
  check_device(element.device());
  NDArray test = ravel(test_elements);
  if (test.size() == 0) return full(element.shape(), Scalar::py_bool(invert), DType::Bool);
  // Each element's place among the sorted tests, then whether the test there equals it (so
  // NaN is in nothing, as NumPy's ==).
  NDArray sorted = sort(test, {.axis = -1});
  NDArray at = searchsorted(sorted, element);
  NDArray last = full(Shape{}, Scalar::py_int(test.size() - 1), DType::Int64);
  NDArray clipped = call_ufunc("minimum", std::vector<Operand>{at, last})[0];
  NDArray found = call_ufunc("equal", std::vector<Operand>{take(sorted, clipped), element})[0];
  return invert ? call_ufunc("logical_not", std::vector<Operand>{found})[0] : found;
}

}  // namespace ndgpu
