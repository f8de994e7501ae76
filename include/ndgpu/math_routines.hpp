// NumPy's math and logic routines beyond the ufuncs (rounding, complex parts, closeness,
// calculus and interpolation), each under its NumPy name and with NumPy's dtypes.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "ndgpu/ndarray.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu {

using OptArray = std::optional<NDArray>;

// Rounding: half to even at `decimals` (negative rounds to tens, hundreds, ...).
NDArray around(const NDArray& a, int64_t decimals = 0, const OptArray& out = {});
NDArray round(const NDArray& a, int64_t decimals = 0, const OptArray& out = {});
NDArray fix(const NDArray& x, const OptArray& out = {});

// Complex parts: views of complex arrays (assignable through set_real/set_imag).
NDArray real(const NDArray& a);
NDArray imag(const NDArray& a);
void set_real(NDArray& a, const Operand& value);
void set_imag(NDArray& a, const Operand& value);
NDArray angle(const NDArray& z, bool deg = false);
NDArray real_if_close(const NDArray& a, double tol = 100);
NDArray nan_to_num(const NDArray& x, bool copy = true, double nan = 0.0,
                   std::optional<double> posinf = {}, std::optional<double> neginf = {});
NDArray sinc(const NDArray& x);
NDArray i0(const NDArray& x);

// Window functions of M points (float64; empty for M < 1, [1] for M = 1), NumPy's formulas
// over n = arange(1 - M, M, 2); kaiser's is I0(beta sqrt(1 - (2k/(M-1) - 1)^2)) / I0(beta).
NDArray bartlett(double M);
NDArray blackman(double M);
NDArray hamming(double M);
NDArray hanning(double M);
NDArray kaiser(double M, double beta);

// Comparison and classification.
NDArray isclose(const Operand& a, const Operand& b, double rtol = 1e-05, double atol = 1e-08,
                bool equal_nan = false);
bool allclose(const Operand& a, const Operand& b, double rtol = 1e-05, double atol = 1e-08,
              bool equal_nan = false);
bool array_equal(const NDArray& a1, const NDArray& a2, bool equal_nan = false);
bool array_equiv(const NDArray& a1, const NDArray& a2);
NDArray isposinf(const NDArray& x, const OptArray& out = {});
NDArray isneginf(const NDArray& x, const OptArray& out = {});
NDArray isreal(const NDArray& x);
NDArray iscomplex(const NDArray& x);

// Differences, sums and products along an axis.
NDArray cumulative_sum(const NDArray& x, std::optional<int64_t> axis = {},
                       std::optional<DType> dtype = {}, const OptArray& out = {},
                       bool include_initial = false);
NDArray cumulative_prod(const NDArray& x, std::optional<int64_t> axis = {},
                        std::optional<DType> dtype = {}, const OptArray& out = {},
                        bool include_initial = false);
NDArray ediff1d(const NDArray& ary, const OptArray& to_end = {}, const OptArray& to_begin = {});
// trapezoid with sample points `x` (any shape broadcasting along `axis`) or spacing `dx`.
NDArray trapezoid(const NDArray& y, const OptArray& x = {}, double dx = 1.0, int64_t axis = -1);
NDArray cross(const NDArray& a, const NDArray& b, int64_t axisa = -1, int64_t axisb = -1,
              int64_t axisc = -1, std::optional<int64_t> axis = {});
// interp: left/right default to fp's end values; `period` wraps x and xp (left/right unused).
NDArray interp(const NDArray& x, const NDArray& xp, const NDArray& fp,
               std::optional<Scalar> left = {}, std::optional<Scalar> right = {},
               std::optional<double> period = {});
// gradient's spacing for one axis: a distance, or the coordinates of the samples.
struct GradientSpacing {
  double distance = 1.0;
  OptArray coordinates;
};
std::vector<NDArray> gradient(const NDArray& f, const std::vector<GradientSpacing>& spacing = {},
                              const std::optional<std::vector<int64_t>>& axis = {},
                              int edge_order = 1);
// period: a Python int keeps integer input integral (NumPy's integer path), a float does not.
NDArray unwrap(const NDArray& p, std::optional<double> discont = {}, int64_t axis = -1,
               const Scalar& period = Scalar::py_float(6.283185307179586));
// convolve's mode: "full", "same" or "valid".
NDArray convolve(const NDArray& a, const NDArray& v, const std::string& mode = "full");

}  // namespace ndgpu
