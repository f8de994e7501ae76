// r_ and c_: NumPy's AxisConcatenator.__getitem__ step by step (numpy/lib/_index_tricks_impl.py
// describes the rules this follows): directives, ranges, then one result_type for all items.
#include "ndgpu/index_tricks.hpp"

#include <algorithm>
#include <complex>
#include <numeric>
#include <vector>

#include "ndgpu/errors.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu {
namespace {

struct Settings {
  int64_t axis;
  int ndmin, trans1d;
  bool matrix = false, column = false;
};

int parse_int(const std::string& s, const std::string& directive) {
  size_t used = 0;
  int v = 0;
  try {
    v = std::stoi(s, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  // Python's int() allows surrounding spaces only.
  size_t end = s.find_last_not_of(" \t") + 1;
  if (used == 0 || s.find_first_not_of(" \t") > used || used != end)
    throw ValueError("unknown special directive '" + directive + "'");
  return v;
}

// 'r', 'c', 'axis', 'axis,ndmin' or 'axis,ndmin,trans1d' (more fields are ignored, as NumPy).
void apply_directive(const std::string& d, Settings& s) {
  if (d == "r" || d == "c") {
    s.matrix = true;
    s.column = d == "c";
    return;
  }
  if (d.find(',') == std::string::npos) {
    s.axis = parse_int(d, d);
    return;
  }
  std::vector<std::string> fields;
  for (size_t start = 0;;) {
    size_t comma = d.find(',', start);
    fields.push_back(d.substr(start, comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  s.axis = parse_int(fields[0], d);
  s.ndmin = parse_int(fields[1], d);
  if (fields.size() == 3) s.trans1d = parse_int(fields[2], d);
}

// NumPy's array(a, ndmin=n): leading axes of length 1.
NDArray with_ndmin(const NDArray& a, int ndmin) {
  if (a.ndim() >= ndmin) return a;
  Shape s(size_t(ndmin - a.ndim()), 1);
  s.insert(s.end(), a.shape().begin(), a.shape().end());
  return a.reshape(s);
}

// a:b:c as arange, a:b:nj as linspace(a, b, n); a:None is arange(a) as NumPy's arange.
NDArray range_item(const ConcatRange& r) {
  Scalar start = r.start.value_or(Scalar::py_int(0));
  Scalar step = r.step.value_or(Scalar::py_int(1));
  if (is_complex(step.dtype())) {
    if (!r.stop) throw TypeError("unsupported operand type(s) for -: 'NoneType' and 'int'");
    return linspace(start, *r.stop, int64_t(std::abs(step.as_complex())));
  }
  if (!r.stop) return arange(Scalar::py_int(0), start, step);
  return arange(start, *r.stop, step);
}

// An array item's own axes moved to start at trans1d, as NumPy's transpose of the k1/k2 split.
NDArray place_axes(const NDArray& a, int item_ndim, int ndmin, int trans1d) {
  if (trans1d == -1 || item_ndim >= ndmin) return a;
  int k2 = ndmin - item_ndim, k1 = trans1d < 0 ? trans1d + k2 + 1 : trans1d;
  std::vector<int64_t> all(static_cast<size_t>(ndmin));
  std::iota(all.begin(), all.end(), 0);
  // Python's slices clip out-of-range bounds: defaxes[:k1] + defaxes[k2:] + defaxes[k1:k2].
  auto clip = [&](int v) { return std::clamp(v < 0 ? v + ndmin : v, 0, ndmin); };
  int c1 = clip(k1), c2 = clip(k2);
  std::vector<int64_t> axes(all.begin(), all.begin() + c1);
  axes.insert(axes.end(), all.begin() + c2, all.end());
  if (c1 < c2) axes.insert(axes.end(), all.begin() + c1, all.begin() + c2);
  return a.transpose(axes);
}

}  // namespace

NDArray AxisConcatenator::operator()(std::span<const ConcatItem> items) const {
  Settings s{axis, ndmin, trans1d};
  std::vector<std::variant<Scalar, NDArray>> objs;
  std::vector<PromotionOperand> promotion;
  for (size_t k = 0; k < items.size(); ++k) {
    const ConcatItem& item = items[k];
    if (auto* d = std::get_if<std::string>(&item)) {
      if (k != 0) throw ValueError("special directives must be the first entry.");
      apply_directive(*d, s);
      continue;
    }
    if (auto* sc = std::get_if<Scalar>(&item)) {
      objs.push_back(*sc);
      promotion.push_back(sc->promotion());
      continue;
    }
    NDArray a;
    if (auto* r = std::get_if<ConcatRange>(&item)) {
      a = range_item(*r);
      if (s.ndmin > 1) {  // a range's one axis goes to trans1d by a swap, unlike an array's
        a = with_ndmin(a, s.ndmin);
        if (s.trans1d != -1) a = swapaxes(a, -1, s.trans1d);
      }
    } else {
      const NDArray& in = std::get<NDArray>(item);
      a = place_axes(with_ndmin(in, s.ndmin), in.ndim(), s.ndmin, s.trans1d);
    }
    promotion.push_back(PromotionOperand::strong(a.dtype()));
    objs.push_back(a);
  }
  if (objs.empty()) throw ValueError("need at least one array to concatenate");
  DType dtype = result_type(promotion);
  std::vector<NDArray> arrays;
  for (const auto& o : objs) {
    if (auto* sc = std::get_if<Scalar>(&o))  // a Python int past the dtype: OverflowError
      arrays.push_back(full(Shape(size_t(std::max(s.ndmin, 0)), 1), *sc, dtype));
    else
      arrays.push_back(std::get<NDArray>(o).astype(dtype, false));
  }
  NDArray out = concatenate(arrays, s.axis);
  if (!s.matrix) return out;
  // NumPy's matrix: 0-d and 1-D become one row ('c': one column); more than 2-D is refused.
  if (out.ndim() > 2) throw ValueError("shape too large to be a matrix.");
  if (out.ndim() == 2) return out;
  int64_t n = out.size();
  return out.reshape(s.column && out.ndim() == 1 ? Shape{n, 1} : Shape{1, n});
}

}  // namespace ndgpu
