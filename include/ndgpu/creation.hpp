// Creation routines beyond ops.hpp's basic ones: log and geometric ranges, grids, Vandermonde
// matrices, and arrays read from host buffers, strings and value lists.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ndgpu/ndarray.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu {

// linspace and its step ((stop - start) / divisions; NaN when there are none). Complex start
// or stop give a complex ramp.
NDArray linspace(const Scalar& start, const Scalar& stop, int64_t num, bool endpoint,
                 std::optional<DType> dtype, Scalar* step);
// base ** linspace(start, stop): float64 unless `dtype` (or a complex range) says otherwise.
NDArray logspace(const Scalar& start, const Scalar& stop, int64_t num = 50, bool endpoint = true,
                 const Scalar& base = Scalar::py_float(10.0),
                 std::optional<DType> dtype = std::nullopt);
// A geometric progression from start to stop (same sign or complex; ValueError for zero),
// its ends exactly start and stop.
NDArray geomspace(const Scalar& start, const Scalar& stop, int64_t num = 50, bool endpoint = true,
                  std::optional<DType> dtype = std::nullopt);

// Coordinate arrays: `xy` swaps the first two axes of the result (Cartesian indexing);
// `sparse` keeps the size-1 axes instead of broadcasting; `copy` false returns views.
std::vector<NDArray> meshgrid(std::span<const NDArray> xi, bool xy = true, bool sparse = false,
                              bool copy = true);
// One range of mgrid/ogrid: start:stop:step, or `count` points from start to stop inclusive
// (a complex step in Python).
struct GridRange {
  Scalar start = Scalar::py_int(0), stop = Scalar::py_int(0), step = Scalar::py_int(1);
  bool count = false;
};
// mgrid[r] for a single range (1-D), and mgrid[r0, r1, ...] (one array, axis 0 the ranges)
// and ogrid[r0, r1, ...] (one array per range, each along its own axis).
NDArray grid_range(const GridRange& r);
NDArray mgrid(std::span<const GridRange> ranges);
std::vector<NDArray> ogrid(std::span<const GridRange> ranges);

// Columns are powers of x, decreasing unless `increasing`; n columns (len(x) when nullopt).
NDArray vander(const NDArray& x, std::optional<int64_t> n = std::nullopt, bool increasing = false);
// `fn` called with one coordinate array per axis of `shape` (of `dtype`).
NDArray fromfunction(const std::function<NDArray(std::span<const NDArray>)>& fn, const Shape& shape,
                     DType dtype = DType::Float64);
// The elements of a host buffer (count -1: all after `offset` bytes).
NDArray frombuffer(const void* data, int64_t nbytes, DType dtype = DType::Float64,
                   int64_t count = -1, int64_t offset = 0);
// Numbers separated by `sep` in `text` (NumPy's text mode; the binary mode is gone).
NDArray fromstring(const std::string& text, DType dtype = DType::Float64, int64_t count = -1,
                   const std::string& sep = "");
// `values` (the first `count` of them, or all for -1) as a 1-D array of `dtype`.
NDArray fromiter(std::span<const Scalar> values, DType dtype, int64_t count = -1);

}  // namespace ndgpu
