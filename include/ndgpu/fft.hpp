// numpy.fft on the field's libraries (cuFFT on CUDA, KissFFT on the CPU backend): NumPy's
// names, arguments, dtypes (float32/complex64 in, complex64 out; else complex128) and errors.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ndgpu/ndarray.hpp"

namespace ndgpu::fft {

using OptArray = std::optional<NDArray>;
using OptLength = std::optional<int64_t>;
using OptAxes = std::optional<std::vector<int64_t>>;

// One-dimensional transforms along `axis`; `n` crops or zero-pads the input (irfft and hfft:
// the output's length, 2*(m-1) by default). `norm` is "backward" (the default; an empty
// string means it too), "ortho" or "forward". `out` receives the result (exact shape, a
// 'same_kind' cast) and is returned.
NDArray fft(const NDArray& a, OptLength n = {}, int64_t axis = -1, const std::string& norm = "",
            const OptArray& out = {});
NDArray ifft(const NDArray& a, OptLength n = {}, int64_t axis = -1, const std::string& norm = "",
             const OptArray& out = {});
NDArray rfft(const NDArray& a, OptLength n = {}, int64_t axis = -1, const std::string& norm = "",
             const OptArray& out = {});
NDArray irfft(const NDArray& a, OptLength n = {}, int64_t axis = -1, const std::string& norm = "",
              const OptArray& out = {});
NDArray hfft(const NDArray& a, OptLength n = {}, int64_t axis = -1, const std::string& norm = "",
             const OptArray& out = {});
NDArray ihfft(const NDArray& a, OptLength n = {}, int64_t axis = -1, const std::string& norm = "",
              const OptArray& out = {});

// N-dimensional transforms over `axes` (all, or the last len(s), by default) with lengths
// `s` (-1 keeps an axis's length); the 2-D forms default to axes (-2, -1).
NDArray fftn(const NDArray& a, const OptAxes& s = {}, const OptAxes& axes = {},
             const std::string& norm = "", const OptArray& out = {});
NDArray ifftn(const NDArray& a, const OptAxes& s = {}, const OptAxes& axes = {},
              const std::string& norm = "", const OptArray& out = {});
NDArray rfftn(const NDArray& a, const OptAxes& s = {}, const OptAxes& axes = {},
              const std::string& norm = "", const OptArray& out = {});
NDArray irfftn(const NDArray& a, const OptAxes& s = {}, const OptAxes& axes = {},
               const std::string& norm = "", const OptArray& out = {});
NDArray fft2(const NDArray& a, const OptAxes& s = {},
             const OptAxes& axes = std::vector<int64_t>{-2, -1}, const std::string& norm = "",
             const OptArray& out = {});
NDArray ifft2(const NDArray& a, const OptAxes& s = {},
              const OptAxes& axes = std::vector<int64_t>{-2, -1}, const std::string& norm = "",
              const OptArray& out = {});
NDArray rfft2(const NDArray& a, const OptAxes& s = {},
              const OptAxes& axes = std::vector<int64_t>{-2, -1}, const std::string& norm = "",
              const OptArray& out = {});
NDArray irfft2(const NDArray& a, const OptAxes& s = {},
               const OptAxes& axes = std::vector<int64_t>{-2, -1}, const std::string& norm = "",
               const OptArray& out = {});

// Sample frequencies (float64, on the current device): fftfreq's n of them in FFT order,
// rfftfreq's n/2+1 non-negative ones, for sample spacing d.
NDArray fftfreq(int64_t n, double d = 1.0);
NDArray rfftfreq(int64_t n, double d = 1.0);
// The zero-frequency term moved to the centre of `axes` (all by default), and back.
NDArray fftshift(const NDArray& x, const OptAxes& axes = {});
NDArray ifftshift(const NDArray& x, const OptAxes& axes = {});

// The current device's plan cache (cupy.fft.config.get_plan_cache): `change` applied, then
// described.
FftPlanCacheInfo plan_cache(const FftPlanCacheChange& change = {});

}  // namespace ndgpu::fft
