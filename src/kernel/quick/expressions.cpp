// Expressions of a quick-tier body (quick/parser.hpp), with C++'s promotions and usual
// arithmetic conversions made explicit as Cvt instructions.
#include "kernel/quick/parser.hpp"

namespace ndgpu::kernel::quick {
namespace {

using namespace interp;

struct BinaryOp {
  std::string_view token;
  int precedence;  // higher binds tighter (C++'s table)
};

constexpr BinaryOp kBinaryOps[] = {
    {"*", 10}, {"/", 10}, {"%", 10}, {"+", 9}, {"-", 9},  {"<<", 8},
    {">>", 8}, {"<", 7},  {"<=", 7}, {">", 7}, {">=", 7}, {"==", 6},
    {"!=", 6}, {"&", 5},  {"^", 4},  {"|", 3}, {"&&", 2}, {"||", 1},
};

int precedence_of(const Token& t) {
  if (t.kind != TokKind::Punct) return 0;
  for (const BinaryOp& op : kBinaryOps)
    if (op.token == t.text) return op.precedence;
  return 0;
}

struct OpCode {
  std::string_view token;
  Op op;
};

constexpr OpCode kArithmetic[] = {
    {"+", Add},    {"-", Sub}, {"*", Mul}, {"/", Div}, {"%", Mod}, {"&", BitAnd}, {"|", BitOr},
    {"^", BitXor}, {"<", Lt},  {"<=", Le}, {">", Gt},  {">=", Ge}, {"==", Eq},    {"!=", Ne}};

Op opcode(std::string_view token) {
  for (const OpCode& o : kArithmetic)
    if (o.token == token) return o.op;
  reject("operator '" + std::string(token) + "'");
}

bool is_comparison(Op op) {
  return op >= Lt && op <= Ne;
}
bool integers_only(Op op) {
  return op == Mod || op == BitAnd || op == BitOr || op == BitXor;
}

}  // namespace

// The conditional expression: what an initializer or an assignment's right side may be.
Value Parser::expression() {
  Value cond = binary(1);
  if (!accept("?")) return cond;
  if (++depth_ > kMaxDepth) reject("expression nested too deeply");
  Value a = expression();
  expect(":");
  Value b = expression();
  --depth_;
  // Same types stay (bool ? short : short is short); else the usual arithmetic conversions.
  CType t = a.type == b.type ? a.type : common_type(a.type, b.type);
  a = em_.convert(a, t);
  b = em_.convert(b, t);
  return em_.select(t, to_bool(cond), a, b);
}

Value Parser::binary(int min_precedence) {
  Value left = unary();
  for (int p = precedence_of(peek()); p >= min_precedence; p = precedence_of(peek())) {
    std::string op = tokens_[pos_++].text;
    Value right = binary(p + 1);
    left = arithmetic(op, left, right);
  }
  return left;
}

Value Parser::arithmetic(const std::string& op, Value a, Value b) {
  if (op == "&&" || op == "||") {
    Value x = to_bool(a), y = to_bool(b);
    return em_.op2(op == "&&" ? LogAnd : LogOr, Bool, ctype_of(Bool), x, y);
  }
  if (op == "<<" || op == ">>") return shift(op, a, b);
  Op code = opcode(op);
  CType t = common_type(a.type, b.type);
  if (integers_only(code) && !is_integer(t.t)) reject("'" + op + "' on floating values");
  a = em_.convert(a, t);
  b = em_.convert(b, t);
  CType result = is_comparison(code) ? ctype_of(Bool) : t;
  return em_.op2(code, t.t, result, a, b);
}

// The result has the promoted left type; the count is converted to it (the interpreter
// reads both operands as one type).
Value Parser::shift(const std::string& op, Value a, Value b) {
  if (!is_integer(a.type.t) || !is_integer(b.type.t)) reject("shift of floating values");
  CType t = promote(a.type);
  a = em_.convert(a, t);
  b = em_.convert(b, t);
  return em_.op2(op == "<<" ? Shl : Shr, t.t, t, a, b);
}

Value Parser::to_bool(Value v) {
  return em_.convert(v, ctype_of(Bool));
}

Value Parser::unary() {
  if (++depth_ > kMaxDepth) reject("expression nested too deeply");
  Value v;
  const Token& t = peek();
  if (t.kind == TokKind::Punct && (t.text == "-" || t.text == "+" || t.text == "~")) {
    std::string op = tokens_[pos_++].text;
    v = unary();
    if (op == "~" && !is_integer(v.type.t)) reject("'~' on a floating value");
    v = em_.convert(v, promote(v.type));
    if (op != "+") v = em_.op1(op == "-" ? Neg : BitNot, v.type.t, v.type, v);
  } else if (accept("!")) {
    v = em_.op1(LogNot, Bool, ctype_of(Bool), to_bool(unary()));
  } else if (at("(") && cast_ahead()) {
    ++pos_;
    bool is_auto, is_const;
    CType to = parse_type(false, is_auto, is_const);
    expect(")");
    v = cast_to(unary(), to);
  } else if (at("++") || at("--") || at("*") || at("&")) {
    reject("'" + t.text + "' inside an expression");
  } else {
    v = primary();
  }
  --depth_;
  return v;
}

// "(" type-words ")": a C-style cast; "(int16_t(x))" is a parenthesized functional cast.
bool Parser::cast_ahead() const {
  size_t k = 1;
  while (starts_type(k)) ++k;
  return k > 1 && at(")", k);
}

Value Parser::primary() {
  const Token& t = peek();
  if (t.kind == TokKind::Literal) {
    ++pos_;
    return em_.constant(t.type, t.bits);
  }
  if (accept("(")) {
    Value v = expression();
    expect(")");
    return v;
  }
  if (t.kind == TokKind::Ident) return identifier_value();
  reject("unexpected '" + t.text + "'");
}

Value Parser::identifier_value() {
  std::string name = take_identifier();
  bool is_auto, is_const;
  if (name == "static_cast") {
    expect("<");
    CType to = parse_type(false, is_auto, is_const);
    expect(">");
    expect("(");
    Value v = expression();
    expect(")");
    return cast_to(v, to);
  }
  if (name == "i") {
    uses_index_ = true;
    return Value{index_reg_, long_ctype(I64), false, true};
  }
  --pos_;
  // A functional cast takes one simple type specifier: int(x), unsigned(x), T(x), ...
  if (starts_type() && at("(", 1) && name != "const" && name != "auto") {
    CType to = parse_type(false, is_auto, is_const);
    expect("(");
    Value v = expression();
    expect(")");
    return cast_to(v, to);
  }
  ++pos_;
  auto it = vars_.find(name);
  if (it != vars_.end() && it->second.visible) return read(it->second);
  if (!is_function_name(name) || !at("(")) reject("unknown name '" + name + "'");
  expect("(");
  std::vector<Value> args;
  if (!at(")")) {
    do args.push_back(expression());
    while (accept(","));
  }
  expect(")");
  return call_function(em_, name, std::move(args));
}

// (T)x, T(x) and static_cast<T>(x) all convert as C++ does (to bool: x != 0).
Value Parser::cast_to(Value v, CType to) {
  return em_.convert(v, to);
}

Value Parser::read(Variable& var) {
  if (var.param >= 0) var.read = true;
  return Value{var.reg, var.type, false, var.runtime};
}

}  // namespace ndgpu::kernel::quick
