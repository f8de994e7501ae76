// NumPy's pad: the array is copied into the middle of a new one, then each axis in turn
// fills its two pad areas. Axis d works on the region where the axes before it are already
// padded and the axes after it cover the original area only, so corners come out as NumPy's.
#include "ndgpu/errors.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"
#include "ndgpu/sorting.hpp"

namespace ndgpu {
namespace {

using Widths = std::vector<std::pair<int64_t, int64_t>>;

NDArray along(const NDArray& a, int axis, Slice s) {
  std::vector<IndexItem> items(size_t(axis) + 1, Slice{});
  items[size_t(axis)] = s;
  return a.index(items);
}

Slice range(int64_t start, int64_t stop) {
  return Slice{start, stop, std::nullopt};
}

void put(const NDArray& region, const NDArray& values) {
  NDArray dst = region;
  copy_into(dst, values);
}

// Region for axis `d`: axes up to d whole, later axes their original area.
NDArray roi(const NDArray& padded, const Widths& w, const Shape& original, int d) {
  std::vector<IndexItem> items(size_t(padded.ndim()), Slice{});
  for (int k = d + 1; k < padded.ndim(); ++k)
    items[size_t(k)] = range(w[size_t(k)].first, w[size_t(k)].first + original[size_t(k)]);
  return padded.index(items);
}

void pad_edge(const NDArray& r, int d, int64_t left, int64_t right) {
  int64_t len = r.shape()[d];
  if (left > 0) put(along(r, d, range(0, left)), along(r, d, range(left, left + 1)));
  if (right > 0)
    put(along(r, d, range(len - right, len)), along(r, d, range(len - right - 1, len - right)));
}

// 2 * edge - chunk: reflect_type='odd' mirrors values about the edge value.
NDArray odd(const NDArray& edge, const NDArray& chunk) {
  NDArray twice = call_ufunc("multiply", std::vector<Operand>{Scalar::py_int(2), edge})[0];
  return call_ufunc("subtract", std::vector<Operand>{twice, chunk})[0];
}

// One round of reflection: each side copies at most the filled length (a whole number of
// periods) mirrored into its pad area. Returns the widths still to fill.
std::pair<int64_t, int64_t> reflect_round(const NDArray& r, int d, int64_t left, int64_t right,
                                          int64_t n, bool symmetric, bool odd_type) {
  int64_t len = r.shape()[d], filled = len - left - right;
  int64_t edge_off = symmetric ? 1 : 0;
  int64_t chunk_max = symmetric ? filled / n * n : (filled - 1) / (n - 1) * (n - 1);
  if (left > 0) {
    int64_t c = std::min(chunk_max, left);
    NDArray chunk = along(r, d, Slice{left - edge_off + c, left - edge_off, -1});
    if (odd_type) chunk = odd(along(r, d, range(left, left + 1)), chunk);
    put(along(r, d, range(left - c, left)), chunk);
    left -= c;
  }
  if (right > 0) {
    int64_t c = std::min(chunk_max, right), first = len - right + edge_off - 2;
    std::optional<int64_t> stop = first - c >= 0 ? std::optional<int64_t>(first - c) : std::nullopt;
    NDArray chunk = along(r, d, Slice{first, stop, -1});
    if (odd_type) chunk = odd(along(r, d, range(len - right - 1, len - right)), chunk);
    put(along(r, d, range(len - right, len - right + c)), chunk);
    right -= c;
  }
  return {left, right};
}

// One round of wrapping: each side copies up to a whole number of periods from the far side.
std::pair<int64_t, int64_t> wrap_round(const NDArray& r, int d, int64_t left, int64_t right,
                                       int64_t n) {
  int64_t len = r.shape()[d], period = (len - left - right) / n * n;
  int64_t new_left = 0, new_right = 0;
  if (left > 0) {
    int64_t c = std::min(period, left);
    NDArray chunk = along(r, d, range(left + period - c, left + period));
    put(along(r, d, range(left - c, left)), chunk);
    new_left = left - c;
  }
  if (right > 0) {
    int64_t c = std::min(period, right), start = len - right - period;
    NDArray chunk = along(r, d, range(start, start + c));
    put(along(r, d, range(len - right, len - right + c)), chunk);
    new_right = right - c;
  }
  return {new_left, new_right};
}

// left + i * (edge - left) / width for i in [0, width), floored for integer dtypes (NumPy's
// linspace with endpoint=False), reversed on the right.
void pad_ramp(const NDArray& r, int d, int64_t left, int64_t right, const Scalar& end_left,
              const Scalar& end_right) {
  int64_t len = r.shape()[d];
  DType calc = is_complex(r.dtype()) ? DType::Complex128 : DType::Float64;
  auto ramp = [&](int64_t width, const NDArray& edge, const Scalar& end) {
    Shape s(size_t(r.ndim()), 1);
    s[size_t(d)] = width;
    NDArray steps =
        arange(Scalar::py_int(0), Scalar::py_int(width), Scalar::py_int(1), DType::Float64)
            .reshape(s);
    NDArray e = edge.astype(calc);
    NDArray delta = call_ufunc("subtract", std::vector<Operand>{e, end})[0];
    NDArray step = call_ufunc("true_divide", std::vector<Operand>{delta, Scalar::py_int(width)})[0];
    NDArray y = call_ufunc("multiply", std::vector<Operand>{steps, step})[0];
    y = call_ufunc("add", std::vector<Operand>{y, end})[0];
    if (is_integer(r.dtype())) y = call_ufunc("floor", std::vector<Operand>{y})[0];
    return y;
  };
  if (left > 0)
    put(along(r, d, range(0, left)), ramp(left, along(r, d, range(left, left + 1)), end_left));
  if (right > 0) {
    NDArray y = ramp(right, along(r, d, range(len - right - 1, len - right)), end_right);
    put(along(r, d, range(len - right, len)), along(y, d, Slice{std::nullopt, std::nullopt, -1}));
  }
}

// The statistic of the first (last) `stat_length` original values, rounded for integers.
void pad_stat(const NDArray& r, int d, int64_t left, int64_t right, PadMode mode,
              std::optional<std::pair<int64_t, int64_t>> length) {
  int64_t len = r.shape()[d], n = len - left - right;
  int64_t ll = length ? std::min(length->first, n) : n,
          rl = length ? std::min(length->second, n) : n;
  if ((ll == 0 || rl == 0) && (mode == PadMode::Maximum || mode == PadMode::Minimum))
    throw ValueError("stat_length of 0 yields no value for padding");
  auto stat = [&](const NDArray& chunk) {
    std::vector<int64_t> ax{d};
    NDArray s = mode == PadMode::Maximum   ? amax(chunk, ax, std::nullopt, true)
                : mode == PadMode::Minimum ? amin(chunk, ax, std::nullopt, true)
                : mode == PadMode::Median  ? median(chunk, ax, true)
                                           : mean(chunk, ax, std::nullopt, std::nullopt, true);
    if (is_integer(r.dtype()) && (mode == PadMode::Mean || mode == PadMode::Median))
      s = call_ufunc("rint", std::vector<Operand>{s})[0];
    return s;
  };
  NDArray ls = stat(along(r, d, range(left, left + ll)));
  NDArray rs = ll == n && rl == n ? ls : stat(along(r, d, range(len - right - rl, len - right)));
  if (left > 0) put(along(r, d, range(0, left)), ls);
  if (right > 0) put(along(r, d, range(len - right, len)), rs);
}

}  // namespace

NDArray pad(const NDArray& a, const Widths& widths, const PadOptions& options) {
  if (int(widths.size()) != a.ndim())
    throw ValueError("pad_width must have one (before, after) pair per axis");
  for (auto [l, r] : widths)
    if (l < 0 || r < 0) throw ValueError("index can't contain negative values");
  if (options.stat_length)
    for (auto [l, r] : *options.stat_length)
      if (l < 0 || r < 0) throw ValueError("index can't contain negative values");
  PadMode mode = options.mode;
  Shape shape = a.shape();
  for (int d = 0; d < a.ndim(); ++d)
    shape[size_t(d)] += widths[size_t(d)].first + widths[size_t(d)].second;
  NDArray padded = NDArray::empty(shape, a.dtype());
  std::vector<IndexItem> middle;
  for (int d = 0; d < a.ndim(); ++d)
    middle.push_back(range(widths[size_t(d)].first, widths[size_t(d)].first + a.shape()[d]));
  put(padded.index(middle), a);
  if (mode == PadMode::Empty) return padded;
  if (mode != PadMode::Constant && a.size() == 0) {
    for (int d = 0; d < a.ndim(); ++d)
      if (a.shape()[d] == 0 && (widths[size_t(d)].first > 0 || widths[size_t(d)].second > 0))
        throw ValueError("can't extend empty axis " + std::to_string(d) +
                         " using modes other than 'constant' or 'empty'");
    return padded;
  }
  for (int d = 0; d < a.ndim(); ++d) {
    auto [left, right] = widths[size_t(d)];
    if (left == 0 && right == 0) continue;
    NDArray r = roi(padded, widths, a.shape(), d);
    int64_t len = r.shape()[d], n = a.shape()[d];
    switch (mode) {
      case PadMode::Constant: {
        Scalar lv = options.values.empty() ? Scalar::py_int(0) : options.values[size_t(d)].first;
        Scalar rv = options.values.empty() ? Scalar::py_int(0) : options.values[size_t(d)].second;
        if (left > 0) put(along(r, d, range(0, left)), full(Shape{}, lv, a.dtype()));
        if (right > 0) put(along(r, d, range(len - right, len)), full(Shape{}, rv, a.dtype()));
        break;
      }
      case PadMode::Edge:
        pad_edge(r, d, left, right);
        break;
      case PadMode::LinearRamp: {
        Scalar lv = options.values.empty() ? Scalar::py_int(0) : options.values[size_t(d)].first;
        Scalar rv = options.values.empty() ? Scalar::py_int(0) : options.values[size_t(d)].second;
        pad_ramp(r, d, left, right, lv, rv);
        break;
      }
      case PadMode::Maximum:
      case PadMode::Minimum:
      case PadMode::Mean:
      case PadMode::Median:
        pad_stat(
            r, d, left, right, mode,
            options.stat_length ? std::optional((*options.stat_length)[size_t(d)]) : std::nullopt);
        break;
      case PadMode::Reflect:
      case PadMode::Symmetric:
        if (n == 1) {  // NumPy extends a single element as 'edge' does
          pad_edge(r, d, left, right);
          break;
        }
        while (left > 0 || right > 0)
          std::tie(left, right) =
              reflect_round(r, d, left, right, n, mode == PadMode::Symmetric, options.odd_reflect);
        break;
      case PadMode::Wrap:
        while (left > 0 || right > 0) std::tie(left, right) = wrap_round(r, d, left, right, n);
        break;
      default:
        break;
    }
  }
  return padded;
}

}  // namespace ndgpu
