// quantile with weights (quantile_weights.cpp), called by quantile and percentile.
#pragma once
#include "ndgpu/sorting.hpp"

namespace ndgpu::ops::sorting {

// numpy's weighted 'inverted_cdf': q (in [0, scale]) over the axes of options, weights of
// a's shape or of the reduced axes' shape; the result keeps a's dtype. skip_nan: NaN values
// and their weights leave their row (nanquantile), and a row of NaN alone gives NaN.
NDArray weighted_quantile(const NDArray& a, const NDArray& q, double scale,
                          const QuantileOptions& options, const NDArray& weights,
                          bool skip_nan = false);

}  // namespace ndgpu::ops::sorting
