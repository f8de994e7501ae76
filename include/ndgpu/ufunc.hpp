// Ufuncs beyond a plain call (ops.hpp): the casting rule, NumPy's loop list and identity,
// and the casting error NumPy raises.
#pragma once
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu {

// An operand that the casting rule does not allow: NumPy's _UFuncInputCastingError
// (input >= 0) or _UFuncOutputCastingError (input < 0), both UFuncTypeErrors.
struct UFuncCastingError : TypeError {
  UFuncCastingError(const std::string& ufunc, Casting casting, DType from, DType to, int input,
                    bool unary);
  std::string ufunc;
  Casting casting;
  DType from, to;
  int input;
};

// call_ufunc with a casting rule for inputs and outputs (the default is 'same_kind').
std::vector<NDArray> call_ufunc(const std::string& name, std::span<const Operand> inputs,
                                std::span<const NDArray> out, std::optional<DType> dtype,
                                Casting casting);

// With NumPy's where= (outputs written only where it is true, broadcast; without out= the
// other elements hold computed values where NumPy leaves them uninitialised) and order=
// ('K', 'C', 'F' or 'A': the layout of new outputs).
std::vector<NDArray> call_ufunc(const std::string& name, std::span<const Operand> inputs,
                                std::span<const NDArray> out, std::optional<DType> dtype,
                                Casting casting, const std::optional<NDArray>& where, char order);

// ufunc.outer(a, b): every pair, shaped a.shape + b.shape (binary ufuncs only, ValueError
// otherwise); out, dtype and casting as a call's.
std::vector<NDArray> ufunc_outer(const std::string& name, const Operand& a, const Operand& b,
                                 std::span<const NDArray> out = {},
                                 std::optional<DType> dtype = std::nullopt,
                                 Casting casting = Casting::SameKind);

// ufunc.at(a, indices, b): a[indices] = ufunc(a[indices], b) in place and unbuffered, so a
// repeated index applies the ufunc once per occurrence; b only for binary ufuncs. The loop is
// the one for a and b promoted, its result cast back to a's dtype (NumPy's rule).
void ufunc_at(const std::string& name, NDArray& a, std::span<const Index> indices,
              const std::optional<Operand>& b = std::nullopt);
// ufunc.reduceat(a, indices, axis): the binary ufunc folded over a[indices[i]:indices[i+1]]
// along axis (the last to the end); a[indices[i]] alone where indices[i] >= indices[i+1].
// Indices outside [0, a.shape[axis]) raise IndexError.
NDArray ufunc_reduceat(const std::string& name, const NDArray& a, const NDArray& indices,
                       int64_t axis = 0, std::optional<DType> dtype = std::nullopt,
                       const std::optional<NDArray>& out = std::nullopt);

// ufunc.types: the loops as NumPy writes them ("ff->f"), in resolution order.
std::vector<std::string> ufunc_types(const std::string& name);
// ufunc.identity: the value a reduction over nothing gives, if the ufunc has one.
std::optional<Scalar> ufunc_identity(const std::string& name);

}  // namespace ndgpu
