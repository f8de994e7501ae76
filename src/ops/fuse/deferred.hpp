// Deferred comparisons (docs/architecture.md): a comparison of large C-contiguous arrays
// returns its bool array at once and launches at the next backend call or pointer access
// (run_deferred_work, backend.hpp); a where() that takes that array first computes the
// comparison inline, and writes the mask only if someone still holds it by then.
#pragma once
#include <cstdint>
#include <optional>
#include <span>

#include "ndgpu/ndarray.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu::kernel {
struct ElementwiseDefinition;
}
namespace ndgpu::ops {
struct Ufunc;
}

namespace ndgpu::deferred {

// Whether a call of `u` over `size` elements may wait (a comparison, large enough).
bool may_defer(const ops::Ufunc& u, int64_t size);

// The comparison's result with its kernel (`loop` over `inputs`, as call_ufunc would launch
// it) waiting; nullopt when the call does not qualify and must run now.
std::optional<NDArray> defer_comparison(const ops::Ufunc& u,
                                        const kernel::ElementwiseDefinition& loop,
                                        std::span<const Operand> inputs);

// where(condition, x, y) with `condition` the waiting comparison's result: one fused kernel,
// itself waiting so that it can leave the mask unwritten; nullopt when it does not apply.
std::optional<NDArray> fused_where(const Operand& condition, const Operand& x, const Operand& y);

}  // namespace ndgpu::deferred
