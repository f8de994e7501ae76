// A ufunc call with NumPy's where= and order=: the call runs into temporaries shaped and typed
// as the outputs (so broadcasting and casting raise as they would), then copyto(out, tmp,
// where=) writes only the selected elements; order= lays out new outputs.
#include "ndgpu/errors.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ufunc.hpp"

namespace ndgpu {
namespace {

NDArray laid_out(const NDArray& r, char order, std::span<const Operand> inputs) {
  if (order == 'A') {  // F when every array input is Fortran-ordered, else C
    bool all_f = true, any = false;
    for (const Operand& op : inputs)
      if (const auto* a = std::get_if<NDArray>(&op))
        any = true, all_f = all_f && a->f_contiguous() && !a->c_contiguous();
    order = any && all_f ? 'F' : 'C';
  }
  if (order == 'C') return r.c_contiguous() ? r : ascontiguousarray(r);
  if (order == 'F') return r.f_contiguous() ? r : asfortranarray(r);
  return r;
}

}  // namespace

std::vector<NDArray> call_ufunc(const std::string& name, std::span<const Operand> inputs,
                                std::span<const NDArray> out, std::optional<DType> dtype,
                                Casting casting, const std::optional<NDArray>& where, char order) {
  if (order != 'K' && order != 'C' && order != 'F' && order != 'A')
    throw ValueError("order must be one of 'C', 'F', 'A', or 'K' (got '" + std::string(1, order) +
                     "')");
  // Without out=, NumPy leaves the unselected elements uninitialised: computed ones do.
  if (!where || out.empty()) {
    std::vector<NDArray> r = call_ufunc(name, inputs, out, dtype, casting);
    if (out.empty())
      for (NDArray& a : r) a = laid_out(a, order, inputs);
    return r;
  }
  std::vector<NDArray> tmp;
  for (const NDArray& o : out) tmp.push_back(NDArray::empty_on(o.device(), o.shape(), o.dtype()));
  call_ufunc(name, inputs, tmp, dtype, casting);
  std::vector<NDArray> r(out.begin(), out.end());
  for (size_t k = 0; k < r.size(); ++k) copyto(r[k], tmp[k], Casting::Unsafe, *where);
  return r;
}

}  // namespace ndgpu
