// NumPy's block: nested lists joined from the innermost outwards, each level along one more
// axis from the end.
#include "ndgpu/errors.hpp"
#include "ndgpu/manipulation.hpp"

namespace ndgpu {
namespace {

// "[0][1]": where an item sits, for error messages as NumPy's.
std::string where_str(const std::vector<size_t>& at) {
  std::string s;
  for (size_t k : at) s += "[" + std::to_string(k) + "]";
  return s;
}

// The depth of the leaves (all must agree) and the largest leaf ndim.
void measure(const BlockList& b, std::vector<size_t>& at, int& depth, int& max_ndim) {
  if (auto* a = std::get_if<NDArray>(&b.item)) {
    int d = int(at.size());
    if (depth < 0) depth = d;
    if (d != depth)
      throw ValueError("List depths are mismatched. First element was at depth " +
                       std::to_string(depth) + ", but there is an element at depth " +
                       std::to_string(d) + " (arrays" + where_str(at) + ")");
    max_ndim = std::max(max_ndim, a->ndim());
    return;
  }
  const auto& list = std::get<std::vector<BlockList>>(b.item);
  if (list.empty()) throw ValueError("List at arrays" + where_str(at) + " cannot be empty");
  for (size_t k = 0; k < list.size(); ++k) {
    at.push_back(k);
    measure(list[k], at, depth, max_ndim);
    at.pop_back();
  }
}

NDArray join_level(const BlockList& b, int depth, int max_depth, int ndim) {
  if (auto* a = std::get_if<NDArray>(&b.item)) {
    Shape s(size_t(ndim - a->ndim()), 1);
    for (int64_t v : a->shape()) s.push_back(v);
    return a->reshape(s);
  }
  std::vector<NDArray> parts;
  for (const auto& item : std::get<std::vector<BlockList>>(b.item))
    parts.push_back(join_level(item, depth + 1, max_depth, ndim));
  return concatenate(parts, -(max_depth - depth));
}

}  // namespace

NDArray block(const BlockList& blocks) {
  std::vector<size_t> at;
  int depth = -1, max_ndim = 0;
  measure(blocks, at, depth, max_ndim);
  NDArray r = join_level(blocks, 0, depth, std::max(depth, max_ndim));
  return depth == 0 ? r.copy() : r;
}

}  // namespace ndgpu
