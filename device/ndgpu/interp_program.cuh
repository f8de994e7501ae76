// The quick tier's bytecode (docs/quick_tier.md): what src/kernel/quick/compile.cpp emits and
// interp.cuh runs. Plain data, so the library includes it without the interpreter.
#pragma once

namespace ndgpu {
namespace interp {

// Value types. Bool..U16 only appear in loads, stores and conversions (C++ promotes them).
enum Type : unsigned char { Bool, I8, U8, I16, U16, I32, U32, I64, U64, F32, F64, kTypes };

enum Op : unsigned char {
  // dst = a OP b, all of `type` (Shl/Shr: b already converted to `type`).
  Add,
  Sub,
  Mul,
  Div,
  Mod,
  BitAnd,
  BitOr,
  BitXor,
  Shl,
  Shr,
  Min,
  Max,  // min(a, b) / max(a, b) as generated code resolves them for `type`
  // dst (Bool) = a OP b, operands of `type`.
  Lt,
  Le,
  Gt,
  Ge,
  Eq,
  Ne,
  // dst (Bool) = a OP b, operands Bool.
  LogAnd,
  LogOr,
  // dst = OP a, of `type`.
  Neg,
  BitNot,
  LogNot /* Bool */,
  Abs /* integers: a < 0 ? -a : a; floats: fabs */,
  // dst = a ? b : c (a Bool; b, c and dst of `type`).
  Select,
  // dst = (type) a, where a is of type `b`.
  Cvt,
  // Math of F32 or F64: dst = f(a) calls the overload of f for `type`. Calls are qualified
  // with :: so they find what a kernel body at global scope finds.
  Sqrt,
  Cbrt,
  Exp,
  Exp2,
  Expm1,
  Log,
  Log2,
  Log10,
  Log1p,
  Sin,
  Cos,
  Tan,
  Asin,
  Acos,
  Atan,
  Sinh,
  Cosh,
  Tanh,
  Asinh,
  Acosh,
  Atanh,
  Floor,
  Ceil,
  Trunc,
  Round,
  Rint,
  Erf,
  Erfc,
  // dst = f(a, b), F32 or F64.
  Pow,
  Atan2,
  Fmod,
  Hypot,
  Copysign,
  Fmin,
  Fmax,
  // dst (Bool) = f(a), a of F32 or F64.
  IsNan,
  IsInf,
  IsFinite,
  Signbit,
  // dst = parameter a's element i (`type` is the parameter's), or its scalar value.
  Load,
  // parameter a's element i = register b (`type` is the parameter's).
  Store,
  // dst (I64) = i, the loop index (ptrdiff_t in generated code).
  Index,
  kOps
};

struct Instr {
  unsigned char op, type, dst, a, b, c, pad0, pad1;
};

// Small enough that a reduction's four programs fit CUDA's 4 KiB of kernel parameters.
constexpr int kMaxInstr = 48, kMaxRegs = 24, kMaxParams = 8, kMaxDims = 4;

// A compiled body. Registers start as `init` (constants); parameters are numbered as the
// kernel declares them, inputs then outputs.
struct Program {
  unsigned char n_instr, n_regs, n_params, pad;
  unsigned char param_type[kMaxParams];
  Instr code[kMaxInstr];
  unsigned long long init[kMaxRegs];
};

// One launch: the program by value (kernel parameter space), arrays or scalars. With ndim
// 0 arrays are contiguous (element i at ptr + i * itemsize); otherwise element i is the
// C-order multi-index of i over `shape`, at ptr + sum(index[d] * strides[k][d]).
struct Launch {
  char* ptr[kMaxParams];
  unsigned long long scalar[kMaxParams];  // a scalar argument's value, stored as its type
  unsigned char is_scalar[kMaxParams];
  int ndim;
  long long n;
  long long shape[kMaxDims];
  long long strides[kMaxParams][kMaxDims];  // bytes
  Program prog;
};

// A ReductionKernel's parts on the plain row kernel's path: the identity (no parameters;
// writes its one output), map (the input element, then the mapped value), reduce (a, b,
// then the result) and post-map (a, then the output element).
struct RowsPrograms {
  Program identity, map, reduce, post;
};

}  // namespace interp
}  // namespace ndgpu
