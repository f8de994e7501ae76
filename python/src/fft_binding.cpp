// ndgpu.fft: numpy.fft's functions (include/ndgpu/fft.hpp) and the plan cache's control.
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "convert.hpp"
#include "ndgpu/fft.hpp"

namespace nb = nanobind;

namespace ndgpu::py {
namespace {

std::string norm_of(nb::handle norm) {
  return norm.is_none() ? std::string() : nb::cast<std::string>(norm);
}

fft::OptAxes axes_of(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return to_axes(h);
}

using OneD = NDArray (*)(const NDArray&, fft::OptLength, int64_t, const std::string&,
                         const fft::OptArray&);
using ManyD = NDArray (*)(const NDArray&, const fft::OptAxes&, const fft::OptAxes&,
                          const std::string&, const fft::OptArray&);

void def_1d(nb::module_& m, const char* name, OneD f) {
  m.def(
      name,
      [f](nb::handle a, nb::handle n, int64_t axis, nb::handle norm, nb::handle out) {
        NDArray holder;
        const fft::OptLength len = n.is_none() ? fft::OptLength() : nb::cast<int64_t>(n);
        return result(f(array_arg(a, holder), len, axis, norm_of(norm), to_out(out)), out);
      },
      nb::arg("a"), nb::arg("n").none(), nb::arg("axis"), nb::arg("norm").none(),
      nb::arg("out").none());
}

void def_nd(nb::module_& m, const char* name, ManyD f) {
  m.def(
      name,
      [f](nb::handle a, nb::handle s, nb::handle axes, nb::handle norm, nb::handle out) {
        NDArray holder;
        return result(
            f(array_arg(a, holder), axes_of(s), axes_of(axes), norm_of(norm), to_out(out)), out);
      },
      nb::arg("a"), nb::arg("s").none(), nb::arg("axes").none(), nb::arg("norm").none(),
      nb::arg("out").none());
}

nb::dict describe(const FftPlanCacheInfo& info) {
  nb::dict d;
  d["size"] = info.size, d["max_size"] = info.max_size;
  d["memsize"] = info.memsize, d["max_memsize"] = info.max_memsize;
  d["plans"] = info.plans;
  return d;
}

}  // namespace

void bind_fft(nb::module_& m) {
  def_1d(m, "_fft_fft", &fft::fft);
  def_1d(m, "_fft_ifft", &fft::ifft);
  def_1d(m, "_fft_rfft", &fft::rfft);
  def_1d(m, "_fft_irfft", &fft::irfft);
  def_1d(m, "_fft_hfft", &fft::hfft);
  def_1d(m, "_fft_ihfft", &fft::ihfft);
  def_nd(m, "_fft_fftn", &fft::fftn);
  def_nd(m, "_fft_ifftn", &fft::ifftn);
  def_nd(m, "_fft_rfftn", &fft::rfftn);
  def_nd(m, "_fft_irfftn", &fft::irfftn);
  m.def("_fft_fftfreq", &fft::fftfreq);
  m.def("_fft_rfftfreq", &fft::rfftfreq);
  m.def(
      "_fft_fftshift",
      [](nb::handle x, nb::handle axes) {
        NDArray holder;
        return fft::fftshift(array_arg(x, holder), axes_of(axes));
      },
      nb::arg("x"), nb::arg("axes").none());
  m.def(
      "_fft_ifftshift",
      [](nb::handle x, nb::handle axes) {
        NDArray holder;
        return fft::ifftshift(array_arg(x, holder), axes_of(axes));
      },
      nb::arg("x"), nb::arg("axes").none());
  // The current device's plan cache: limits changed (-2 keeps one), cleared, described.
  m.def("_fft_plan_cache", [](Int64 max_size, Int64 max_memsize, bool clear) {
    FftPlanCacheChange change;
    change.max_size = max_size, change.max_memsize = max_memsize, change.clear = clear;
    return describe(fft::plan_cache(change));
  });
}

}  // namespace ndgpu::py
