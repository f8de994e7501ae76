// numpy.linalg's routines composed of products and solves: matrix_power, tensorinv,
// tensorsolve and multi_dot (its product order chosen by the matrix-chain recurrence).
#include <limits>
#include <string>

#include "ndgpu/errors.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ops/linalg/solver_stack.hpp"

namespace ndgpu::linalg {
namespace {

using namespace detail;

int64_t product(const Shape& s, size_t from, size_t to) {
  int64_t p = 1;
  for (size_t d = from; d < to; ++d) p *= s[d];
  return p;
}

// The product of arrays[i..j] in the order `split` (the cheapest split of each range) gives.
NDArray chain(std::span<const NDArray> arrays, const std::vector<std::vector<size_t>>& split,
              size_t i, size_t j) {
  if (i == j) return arrays[i];
  const size_t k = split[i][j];
  return ndgpu::matmul(chain(arrays, split, i, k), chain(arrays, split, k + 1, j));
}

}  // namespace

NDArray matrix_power(const NDArray& a, int64_t n) {
  require_square_stack(a);
  if (n == 0) {
    NDArray r = NDArray::empty(a.shape(), a.dtype());
    const IndexItem all[1] = {EllipsisIndex{}};
    setitem(r, all, eye(cols(a), std::nullopt, 0, a.dtype()));
    return r;
  }
  NDArray base = n < 0 ? inv(a) : a;
  uint64_t e = n < 0 ? uint64_t(-(n + 1)) + 1 : uint64_t(n);
  if (e == 1) return base;
  // Binary powering: the squares of `base`, multiplied in for each set bit of e.
  NDArray result, square;
  for (; e > 0; e >>= 1) {
    square = square.defined() ? ndgpu::matmul(square, square) : base;
    if (e & 1) result = result.defined() ? ndgpu::matmul(result, square) : square;
  }
  return result;
}

NDArray tensorinv(const NDArray& a, int64_t ind) {
  if (ind <= 0) throw ValueError("Invalid ind argument.");
  if (ind > a.ndim()) throw ValueError("Invalid ind argument.");
  const Shape& s = a.shape();
  const int64_t left = product(s, 0, size_t(ind));
  Shape inv_shape(s.begin() + ind, s.end());
  inv_shape.insert(inv_shape.end(), s.begin(), s.begin() + ind);
  return inv(a.reshape(Shape{left, -1})).reshape(inv_shape);
}

NDArray tensorsolve(const NDArray& a_in, const NDArray& b,
                    const std::optional<std::vector<int64_t>>& axes) {
  NDArray a = a_in;
  const int an = a.ndim();
  if (axes) {
    std::vector<int64_t> order;
    std::vector<bool> moved(size_t(an), false);
    for (int64_t k : *axes) moved[size_t(normalize_axis(k, an))] = true;
    for (int d = 0; d < an; ++d)
      if (!moved[size_t(d)]) order.push_back(d);
    for (int64_t k : *axes) order.push_back(normalize_axis(k, an));
    a = a.transpose(order);
  }
  if (b.ndim() > an) throw LinAlgError("tensorsolve: b has more dimensions than a");
  const Shape x_shape(a.shape().begin() + b.ndim(), a.shape().end());
  const int64_t p = product(x_shape, 0, x_shape.size());
  if (a.size() != p * p)
    throw LinAlgError(
        "Input arrays must satisfy the requirement prod(a.shape[b.ndim:]) == "
        "prod(a.shape[:b.ndim])");
  return solve(a.reshape(Shape{p, p}), b.reshape(Shape{b.size()})).reshape(x_shape);
}

NDArray multi_dot(std::span<const NDArray> arrays_in, const OptArray& out) {
  const size_t n = arrays_in.size();
  if (n < 2) throw ValueError("Expecting at least two arrays.");
  if (n == 2) return dot(arrays_in[0], arrays_in[1], out);
  std::vector<NDArray> arrays(arrays_in.begin(), arrays_in.end());
  const bool first_1d = arrays[0].ndim() == 1, last_1d = arrays[n - 1].ndim() == 1;
  if (first_1d) arrays[0] = arrays[0].reshape(Shape{1, arrays[0].size()});
  if (last_1d) arrays[n - 1] = arrays[n - 1].reshape(Shape{arrays[n - 1].size(), 1});
  for (const NDArray& x : arrays)
    if (x.ndim() != 2)
      throw LinAlgError(std::to_string(x.ndim()) +
                        "-dimensional array given. Array must be two-dimensional");
  // dims[i] × dims[i+1] is matrix i; cost[i][j] the fewest scalar products for i..j.
  std::vector<double> dims{double(arrays[0].shape()[0])};
  for (const NDArray& x : arrays) dims.push_back(double(x.shape()[1]));
  std::vector<std::vector<double>> cost(n, std::vector<double>(n, 0));
  std::vector<std::vector<size_t>> split(n, std::vector<size_t>(n, 0));
  for (size_t len = 1; len < n; ++len)
    for (size_t i = 0; i + len < n; ++i) {
      const size_t j = i + len;
      cost[i][j] = std::numeric_limits<double>::infinity();
      for (size_t k = i; k < j; ++k) {
        const double c = cost[i][k] + cost[k + 1][j] + dims[i] * dims[k + 1] * dims[j + 1];
        if (c < cost[i][j]) cost[i][j] = c, split[i][j] = k;
      }
    }
  NDArray r = chain(arrays, split, 0, n - 1);
  if (first_1d && last_1d)
    r = r.reshape(Shape{});
  else if (first_1d || last_1d)
    r = r.reshape(Shape{r.size()});
  if (!out) return r;
  NDArray target = *out;
  const IndexItem all[1] = {EllipsisIndex{}};
  setitem(target, all, r);
  return target;
}

}  // namespace ndgpu::linalg
