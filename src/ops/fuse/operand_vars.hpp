// Operands as a fused function sees them: the trace argument of each, and what a compiled
// function depends on (an array's dtype and ndim, a scalar's dtype and weakness).
#pragma once
#include <span>
#include <string>

#include "ndgpu/fuse.hpp"

namespace ndgpu::fuse {

inline std::string operand_signature(std::span<const Operand> ops) {
  std::string key;
  for (const auto& o : ops) {
    if (auto* a = std::get_if<NDArray>(&o))
      key += "a" + std::to_string(int(a->dtype())) + "." + std::to_string(a->ndim());
    else
      key += std::string(std::get<Scalar>(o).weak() ? "w" : "s") +
             std::to_string(int(std::get<Scalar>(o).dtype()));
    key += ',';
  }
  return key;
}

inline Var operand_var(Trace& t, const Operand& o) {
  if (auto* a = std::get_if<NDArray>(&o)) return t.array(a->dtype(), a->ndim());
  const Scalar& s = std::get<Scalar>(o);
  return t.scalar(s.dtype(), s.weak());
}

}  // namespace ndgpu::fuse
