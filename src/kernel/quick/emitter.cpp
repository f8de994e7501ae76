// Registers, constants and instructions of a quick-tier program (quick/internal.hpp).
#include <algorithm>
#include <string>

#include "kernel/quick/internal.hpp"

namespace ndgpu::kernel::quick {

using namespace interp;

int Emitter::fresh_register() {
  if (static_cast<int>(init_.size()) >= kMaxRegs)
    reject("more than " + std::to_string(kMaxRegs) + " registers");
  init_.push_back(0);
  return static_cast<int>(init_.size()) - 1;
}

int Emitter::take_register() {
  if (free_.empty()) return fresh_register();
  int r = free_.back();
  free_.pop_back();
  return r;
}

void Emitter::release(const Value& v) {
  if (v.temp) free_.push_back(v.reg);
}

Value Emitter::constant(CType type, unsigned long long bits) {
  // Constants live in registers nobody writes, deduplicated by type and value.
  auto key = std::make_pair(static_cast<int>(type.t), bits);
  auto it = constants_.find(key);
  int reg;
  if (it != constants_.end()) {
    reg = it->second;
  } else {
    reg = fresh_register();
    init_[reg] = bits;
    constants_.emplace(key, reg);
  }
  return Value{reg, type, false, false};
}

Instr& Emitter::emit(Op op, Type type, int dst, int a, int b, int c) {
  if (static_cast<int>(code_.size()) >= kMaxInstr)
    reject("more than " + std::to_string(kMaxInstr) + " instructions");
  Instr in{};
  in.op = op;
  in.type = type;
  in.dst = static_cast<unsigned char>(dst);
  in.a = static_cast<unsigned char>(a);
  in.b = static_cast<unsigned char>(b);
  in.c = static_cast<unsigned char>(c);
  code_.push_back(in);
  return code_.back();
}

// Operands are read before the destination is written, so it may reuse their registers.
Value Emitter::op1(Op op, Type type, CType result, Value a) {
  release(a);
  Value v{take_register(), result, true, a.runtime};
  emit(op, type, v.reg, a.reg);
  return v;
}

Value Emitter::op2(Op op, Type type, CType result, Value a, Value b) {
  release(a);
  release(b);
  Value v{take_register(), result, true, a.runtime || b.runtime};
  emit(op, type, v.reg, a.reg, b.reg);
  return v;
}

Value Emitter::select(CType result, Value cond, Value a, Value b) {
  release(cond);
  release(a);
  release(b);
  Value v{take_register(), result, true, cond.runtime || a.runtime || b.runtime};
  emit(Select, result.t, v.reg, cond.reg, a.reg, b.reg);
  return v;
}

Value Emitter::convert(Value v, CType to) {
  if (v.type.t == to.t) {
    v.type = to;
    return v;
  }
  Value r = op1(Cvt, to.t, to, v);
  code_.back().b = v.type.t;  // Cvt's b is the source type
  return r;
}

void Emitter::assign(int reg, Value v) {
  // The instruction that produced a temporary may write the variable directly.
  if (v.temp && !code_.empty() && code_.back().dst == v.reg) {
    code_.back().dst = static_cast<unsigned char>(reg);
    release(v);
    return;
  }
  if (v.reg == reg) return;
  emit(Cvt, v.type.t, reg, v.reg, v.type.t);  // a same-type Cvt copies the register
  release(v);
}

Program Emitter::finish(const std::vector<Instr>& prologue,
                        const std::vector<Instr>& epilogue) const {
  size_t n = prologue.size() + code_.size() + epilogue.size();
  if (n > static_cast<size_t>(kMaxInstr))
    reject("more than " + std::to_string(kMaxInstr) + " instructions");
  Program p{};
  p.n_instr = static_cast<unsigned char>(n);
  p.n_regs = static_cast<unsigned char>(init_.size());
  Instr* out = p.code;
  out = std::copy(prologue.begin(), prologue.end(), out);
  out = std::copy(code_.begin(), code_.end(), out);
  std::copy(epilogue.begin(), epilogue.end(), out);
  std::copy(init_.begin(), init_.end(), p.init);
  return p;
}

}  // namespace ndgpu::kernel::quick
