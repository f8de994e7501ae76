// numpy.einsum: subscripts parsed to integer labels (letters, and one label per ellipsis axis),
// repeated labels of one operand taken as diagonals (views), labels no one else needs summed
// early, then operands contracted two at a time, the pair with the smallest result first, each
// as one batched matmul (batch, kept, contracted axes reshaped to three).
#include <algorithm>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "ndgpu/errors.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"

namespace ndgpu {
namespace {

constexpr int kEllipsisBase = 128;  // labels of ellipsis axes: kEllipsisBase + k

using Labels = std::vector<int>;

struct Term {
  NDArray a;
  Labels labels;
};

bool has(const Labels& l, int x) {
  return std::find(l.begin(), l.end(), x) != l.end();
}

// One operand's subscripts: letters, then "..." standing for the axes no letter names,
// aligned to the right of `ellipsis_ndim` broadcast axes.
Labels parse_term(const std::string& s, int ndim, int ellipsis_ndim, size_t index) {
  Labels l;
  const size_t dots = s.find("...");
  int letters = 0;
  for (char c : s)
    if (std::isalpha(static_cast<unsigned char>(c))) ++letters;
  const bool ell = dots != std::string::npos;
  if (letters > ndim || (!ell && letters != ndim))
    throw ValueError("einstein sum subscripts string contains too " +
                     std::string(letters > ndim ? "many" : "few") + " subscripts for operand " +
                     std::to_string(index));
  for (size_t k = 0; k < s.size(); ++k) {
    if (ell && k == dots) {
      const int e = ndim - letters;
      for (int d = 0; d < e; ++d) l.push_back(kEllipsisBase + ellipsis_ndim - e + d);
      k += 2;
    } else if (std::isalpha(static_cast<unsigned char>(s[k]))) {
      l.push_back(s[k]);
    } else if (s[k] != ' ') {
      throw ValueError(std::string("invalid subscript '") + s[k] +
                       "' in einstein sum subscripts string, subscripts must be letters");
    }
  }
  return l;
}

// A repeated label of one operand becomes the diagonal of its two axes (moved last).
void take_diagonals(Term& t) {
  for (bool again = true; again;) {
    again = false;
    for (size_t i = 0; i < t.labels.size() && !again; ++i)
      for (size_t j = i + 1; j < t.labels.size() && !again; ++j)
        if (t.labels[i] == t.labels[j]) {
          if (t.a.shape()[i] != t.a.shape()[j])
            throw ValueError("dimensions in operand for collapsing index '" +
                             std::string(1, char(t.labels[i])) + "' don't match");
          const int label = t.labels[i];
          t.a = diagonal(t.a, 0, int64_t(i), int64_t(j));
          t.labels.erase(t.labels.begin() + long(j));
          t.labels.erase(t.labels.begin() + long(i));
          t.labels.push_back(label);
          again = true;
        }
  }
}

// Sums the axes of `t` whose labels are not in `needed`.
void sum_unneeded(Term& t, const Labels& needed, DType dtype) {
  std::vector<int64_t> axes;
  Labels rest;
  for (size_t k = 0; k < t.labels.size(); ++k)
    if (has(needed, t.labels[k]))
      rest.push_back(t.labels[k]);
    else
      axes.push_back(int64_t(k));
  if (axes.empty()) return;
  t.a = sum(t.a, axes, dtype);
  t.labels = rest;
}

// The labels every term but `skip1` and `skip2` has, and the output's.
Labels needed_outside(const std::vector<Term>& terms, size_t skip1, size_t skip2,
                      const Labels& out) {
  Labels l = out;
  for (size_t k = 0; k < terms.size(); ++k)
    if (k != skip1 && k != skip2) l.insert(l.end(), terms[k].labels.begin(), terms[k].labels.end());
  return l;
}

Term contract(Term x, Term y, const Labels& keep, const std::map<int, int64_t>& size, DType dtype) {
  Labels x_needed = keep, y_needed = keep;
  x_needed.insert(x_needed.end(), y.labels.begin(), y.labels.end());
  y_needed.insert(y_needed.end(), x.labels.begin(), x.labels.end());
  sum_unneeded(x, x_needed, dtype);
  sum_unneeded(y, y_needed, dtype);
  Labels batch, x_only, summed, y_only;
  for (int l : x.labels) (has(y.labels, l) ? (has(keep, l) ? batch : summed) : x_only).push_back(l);
  for (int l : y.labels)
    if (!has(x.labels, l)) y_only.push_back(l);
  auto arrange = [&](const Term& t, std::initializer_list<const Labels*> groups) {
    std::vector<int64_t> order;
    Shape full, three;
    for (const Labels* g : groups) {
      int64_t n = 1;
      for (int l : *g) {
        order.push_back(std::find(t.labels.begin(), t.labels.end(), l) - t.labels.begin());
        full.push_back(size.at(l));
        n *= size.at(l);
      }
      three.push_back(n);
    }
    return t.a.transpose(order).broadcast_to(full).reshape(three);
  };
  const NDArray a3 = arrange(x, {&batch, &x_only, &summed});
  const NDArray b3 = arrange(y, {&batch, &summed, &y_only});
  Term r;
  r.labels = batch;
  r.labels.insert(r.labels.end(), x_only.begin(), x_only.end());
  r.labels.insert(r.labels.end(), y_only.begin(), y_only.end());
  Shape shape;
  for (int l : r.labels) shape.push_back(size.at(l));
  r.a = matmul(a3, b3).reshape(shape);
  return r;
}

// The result, or `out` filled with it.
NDArray into(const NDArray& r, const OptArray& out) {
  if (!out) return r;
  NDArray target = *out;
  const IndexItem all[1] = {EllipsisIndex{}};
  setitem(target, all, r);
  return target;
}

// True when every character of `t` is an ASCII letter, none twice.
bool distinct_letters(std::string_view t) {
  uint64_t seen = 0;
  for (char c : t) {
    const int k = c >= 'a' && c <= 'z' ? c - 'a' : c >= 'A' && c <= 'Z' ? 26 + (c - 'A') : -1;
    if (k < 0 || (seen >> k & 1)) return false;
    seen |= uint64_t(1) << k;
  }
  return true;
}

// 'Pij,Pjk->Pik' with either operand's last two letters possibly swapped (P the same batch
// letters everywhere): one matmul, without the general path's bookkeeping, which took a
// third of the batched row's time on the H200. Parsed in place (no allocation): the row's
// event pair includes this host time. nullopt when the subscripts are not of that form.
std::optional<NDArray> as_one_matmul(std::string_view s, std::span<const NDArray> operands,
                                     DType dtype) {
  const size_t comma = s.find(','), arrow = s.find("->");
  if (operands.size() != 2 || comma == std::string_view::npos || arrow == std::string_view::npos ||
      arrow < comma)
    return std::nullopt;
  const std::string_view x = s.substr(0, comma), y = s.substr(comma + 1, arrow - comma - 1),
                         o = s.substr(arrow + 2);
  const size_t nd = o.size();
  if (nd < 2 || x.size() != nd || y.size() != nd || operands[0].ndim() != int(nd) ||
      operands[1].ndim() != int(nd) || !distinct_letters(x) || !distinct_letters(y) ||
      !distinct_letters(o))
    return std::nullopt;
  if (x.substr(0, nd - 2) != o.substr(0, nd - 2) || y.substr(0, nd - 2) != o.substr(0, nd - 2))
    return std::nullopt;
  const char i = o[nd - 2], k = o[nd - 1];
  const bool x_swapped = x[nd - 1] == i, y_swapped = y[nd - 2] == k;
  const char j = x_swapped ? x[nd - 2] : x[nd - 1];
  if ((x_swapped ? x[nd - 1] : x[nd - 2]) != i || (y_swapped ? y[nd - 1] : y[nd - 2]) != j ||
      (y_swapped ? y[nd - 2] : y[nd - 1]) != k || o.find(j) != std::string_view::npos)
    return std::nullopt;
  auto as_dtype = [&](const NDArray& x) { return x.dtype() == dtype ? x : x.astype(dtype, false); };
  NDArray a = as_dtype(operands[0]), b = as_dtype(operands[1]);
  if (x_swapped) a = swapaxes(a, -1, -2);
  if (y_swapped) b = swapaxes(b, -1, -2);
  // Batch axes must agree or be 1, as einsum's own rule; the contracted ones exactly.
  for (size_t d = 0; d + 2 < nd; ++d)
    if (a.shape()[d] != b.shape()[d] && a.shape()[d] != 1 && b.shape()[d] != 1) return std::nullopt;
  if (a.shape()[nd - 1] != b.shape()[nd - 2]) return std::nullopt;
  return matmul(a, b);
}

}  // namespace

NDArray einsum(const std::string& subscripts_in, std::span<const NDArray> operands,
               OptDType dtype_in, const OptArray& out) {
  std::string subscripts;  // without spaces; copied only when it has some
  std::string_view subs = subscripts_in;
  const bool spaced = subs.find(' ') != std::string_view::npos;
  if (spaced) {
    for (char c : subscripts_in)
      if (c != ' ') subscripts.push_back(c);
    subs = subscripts;
  }
  if (operands.size() == 2) {  // the one-matmul form, before any parsing
    const DType a = operands[0].dtype(), b = operands[1].dtype();
    const PromotionOperand both[2] = {PromotionOperand::strong(a), PromotionOperand::strong(b)};
    const DType dtype = dtype_in ? *dtype_in : a == b ? a : result_type(both);
    if (auto p = as_one_matmul(subs, operands, dtype)) return into(*p, out);
  }
  if (!spaced) subscripts = subscripts_in;
  const size_t arrow = subscripts.find("->");
  const std::string inputs = subscripts.substr(0, arrow);
  std::vector<std::string> parts;
  for (size_t start = 0;;) {
    const size_t comma = inputs.find(',', start);
    parts.push_back(inputs.substr(start, comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (parts.size() != operands.size())
    throw ValueError(
        "more operands provided to einstein sum function than specified in the "
        "subscripts string");
  if (operands.empty()) throw ValueError("No input operands");
  std::vector<PromotionOperand> kinds;
  bool one_type = true;
  for (const NDArray& a : operands) {
    kinds.push_back(PromotionOperand::strong(a.dtype()));
    one_type = one_type && a.dtype() == operands[0].dtype();
  }
  const DType dtype = dtype_in ? *dtype_in : one_type ? operands[0].dtype() : result_type(kinds);

  // Ellipsis axes broadcast together from the right.
  int ellipsis_ndim = 0;
  for (size_t k = 0; k < parts.size(); ++k)
    if (parts[k].find("...") != std::string::npos) {
      int letters = 0;
      for (char c : parts[k])
        if (std::isalpha(static_cast<unsigned char>(c))) ++letters;
      ellipsis_ndim = std::max(ellipsis_ndim, operands[k].ndim() - letters);
    }
  std::vector<Term> terms;
  std::map<int, int64_t> size;
  std::map<int, int> count;
  for (size_t k = 0; k < parts.size(); ++k) {
    Term t{operands[k].astype(dtype, false),
           parse_term(parts[k], operands[k].ndim(), ellipsis_ndim, k)};
    for (size_t d = 0; d < t.labels.size(); ++d) {
      const int l = t.labels[d];
      const int64_t n = t.a.shape()[d];
      auto [it, fresh] = size.emplace(l, n);
      if (!fresh && it->second != n) {
        if (it->second != 1 && n != 1)
          throw ValueError("operands could not be broadcast together with remapped shapes");
        it->second = std::max(it->second, n);
      }
      ++count[l];
    }
    take_diagonals(t);
    terms.push_back(std::move(t));
  }

  Labels output;
  if (arrow != std::string::npos) {
    const std::string o = subscripts.substr(arrow + 2);
    for (size_t k = 0; k < o.size(); ++k) {
      if (o.compare(k, 3, "...") == 0) {
        for (int d = 0; d < ellipsis_ndim; ++d) output.push_back(kEllipsisBase + d);
        k += 2;
        continue;
      }
      const int l = o[k];
      if (!std::isalpha(l)) throw ValueError("invalid subscript in einstein sum output");
      if (!size.count(l))
        throw ValueError(std::string("einstein sum subscripts string included output subscript '") +
                         o[k] + "' which never appeared in an input");
      if (has(output, l))
        throw ValueError(std::string("einstein sum subscripts string includes output subscript '") +
                         o[k] + "' multiple times");
      output.push_back(l);
    }
  } else {
    // Implicit: the ellipsis axes, then the letters seen once, in alphabetical (ASCII) order.
    for (int d = 0; d < ellipsis_ndim; ++d) output.push_back(kEllipsisBase + d);
    for (const auto& [l, c] : count)
      if (l < kEllipsisBase && c == 1) output.push_back(l);
  }

  while (terms.size() > 1) {
    // The pair whose result (its kept labels' sizes) is smallest goes first.
    size_t bi = 0, bj = 1;
    double best = -1;
    for (size_t i = 0; i < terms.size(); ++i)
      for (size_t j = i + 1; j < terms.size(); ++j) {
        const Labels keep = needed_outside(terms, i, j, output);
        double cost = 1;
        Labels seen;
        for (const Term* t : {&terms[i], &terms[j]})
          for (int l : t->labels)
            if (has(keep, l) && !has(seen, l)) seen.push_back(l), cost *= double(size.at(l));
        if (best < 0 || cost < best) best = cost, bi = i, bj = j;
      }
    Term r = contract(terms[bi], terms[bj], needed_outside(terms, bi, bj, output), size, dtype);
    terms.erase(terms.begin() + long(bj));
    terms[bi] = std::move(r);
  }
  Term t = std::move(terms[0]);
  sum_unneeded(t, output, dtype);
  std::vector<int64_t> order;
  Shape shape;
  for (int l : output) {
    order.push_back(std::find(t.labels.begin(), t.labels.end(), l) - t.labels.begin());
    shape.push_back(size.at(l));
  }
  NDArray r = t.a.transpose(order);
  if (r.shape() != shape) r = r.broadcast_to(shape);
  return into(r, out);
}

}  // namespace ndgpu
