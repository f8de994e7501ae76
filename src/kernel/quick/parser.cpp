// Statements and names of a quick-tier body (quick/parser.hpp).
#include "kernel/quick/parser.hpp"

#include <algorithm>
#include <cctype>

namespace ndgpu::kernel {
namespace quick {

using namespace interp;

Parser::Parser(std::string_view body, std::span<const QuickParam> params,
               std::span<const std::pair<std::string, Type>> type_names)
    : tokens_(tokenize(body)) {
  for (const auto& [name, type] : type_names) {
    if (type >= kTypes) reject("type name '" + name + "' of an unknown type");
    CType unused;
    if (!is_identifier(name) || name == "i" || is_reserved_word(name) ||
        typedef_name(name, unused) || is_function_name(name) || type_names_.count(name))
      reject("type name '" + name + "'");
    type_names_[name] = ctype_of(type);
  }
  declare_params(params);
}

// Parameters referenced anywhere get their registers first, so that no temporary used
// before their first mention can overwrite what the prologue loads.
void Parser::declare_params(std::span<const QuickParam> params) {
  if (params.size() > static_cast<size_t>(kMaxParams)) reject("more than 8 parameters");
  for (size_t k = 0; k < params.size(); ++k) {
    const QuickParam& p = params[k];
    if (p.type >= kTypes) reject("parameter '" + p.name + "' of an unknown type");
    check_new_name(p.name);
    Variable v;
    v.type = ctype_of(p.type);
    v.param = static_cast<int>(k);
    v.output = p.output;
    vars_[p.name] = v;
    param_types_.push_back(p.type);
  }
  for (const Token& t : tokens_) {
    if (t.kind != TokKind::Ident) continue;
    auto it = vars_.find(t.text);
    if (it != vars_.end() && it->second.reg < 0) it->second.reg = em_.fresh_register();
    if (t.text == "i" && index_reg_ < 0) index_reg_ = em_.fresh_register();
  }
}

// A name the body may use: a letter first (names starting with _ are reserved).
bool Parser::is_identifier(std::string_view name) {
  bool ok = !name.empty() && std::isalpha(static_cast<unsigned char>(name[0]));
  for (char c : name) ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  return ok;
}

void Parser::check_new_name(const std::string& name) const {
  if (!is_identifier(name)) reject("name '" + name + "'");
  if (name == "i" || is_reserved_word(name) || is_type_name(name) || is_function_name(name))
    reject("name '" + name + "' hides a C++ name or i");
  if (vars_.count(name)) reject("'" + name + "' declared twice");
}

Program Parser::compile() {
  scopes_.emplace_back();
  while (peek().kind != TokKind::End) statement();
  std::vector<Instr> prologue, epilogue;
  for (const auto& [name, v] : vars_) {
    if (v.param < 0) continue;
    if (v.read)
      prologue.push_back(Instr{Load, param_types_[v.param], static_cast<unsigned char>(v.reg),
                               static_cast<unsigned char>(v.param), 0, 0, 0, 0});
    if (v.output && v.written)
      epilogue.push_back(Instr{Store, param_types_[v.param], 0, static_cast<unsigned char>(v.param),
                               static_cast<unsigned char>(v.reg), 0, 0, 0});
  }
  if (uses_index_)
    prologue.push_back(Instr{Index, I64, static_cast<unsigned char>(index_reg_), 0, 0, 0, 0, 0});
  // Stores in parameter order, as the generated code's output references see them.
  std::sort(epilogue.begin(), epilogue.end(),
            [](const Instr& a, const Instr& b) { return a.a < b.a; });
  Program p = em_.finish(prologue, epilogue);
  p.n_params = static_cast<unsigned char>(param_types_.size());
  for (size_t k = 0; k < param_types_.size(); ++k) p.param_type[k] = param_types_[k];
  return p;
}

const Token& Parser::peek(size_t ahead) const {
  return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)];
}

bool Parser::at(std::string_view punct, size_t ahead) const {
  const Token& t = peek(ahead);
  return t.kind == TokKind::Punct && t.text == punct;
}

bool Parser::accept(std::string_view punct) {
  if (!at(punct)) return false;
  ++pos_;
  return true;
}

void Parser::expect(std::string_view punct) {
  if (!accept(punct)) reject("expected '" + std::string(punct) + "' before '" + peek().text + "'");
}

std::string Parser::take_identifier() {
  if (peek().kind != TokKind::Ident) reject("expected a name before '" + peek().text + "'");
  return tokens_[pos_++].text;
}

bool Parser::is_type_name(std::string_view name) const {
  CType unused;
  return type_names_.count(name) || typedef_name(name, unused);
}

bool Parser::starts_type(size_t ahead) const {
  const Token& t = peek(ahead);
  return t.kind == TokKind::Ident && (is_type_keyword(t.text) || is_type_name(t.text));
}

// Keyword specifiers in any order, or one type name; `const` anywhere, ignored.
CType Parser::parse_type(bool allow_auto, bool& is_auto, bool& is_const) {
  Specifiers spec;
  std::optional<CType> named;
  is_const = false;
  while (peek().kind == TokKind::Ident) {
    const std::string& w = peek().text;
    if (w == "const") {
      is_const = true;
    } else if (is_type_keyword(w) && !named) {
      count_specifier(spec, w);
    } else if (is_type_name(w) && !named && !spec.any()) {
      CType c;
      named = typedef_name(w, c) ? c : type_names_.find(w)->second;
    } else {
      break;
    }
    ++pos_;
  }
  is_auto = spec.n_auto > 0;
  if (named) return *named;
  if (is_auto) {
    int others = spec.n_signed + spec.n_unsigned + spec.n_char + spec.n_short + spec.n_int +
                 spec.n_long + spec.n_bool + spec.n_float + spec.n_double;
    if (!allow_auto || spec.n_auto != 1 || others > 0) reject("auto here");
    return CType{};
  }
  return type_from_specifiers(spec);
}

Variable& Parser::assignable(const std::string& name) {
  if (name == "i") reject("assignment to i (const)");
  auto it = vars_.find(name);
  if (it == vars_.end() || !it->second.visible) reject("unknown name '" + name + "'");
  if (it->second.is_const) reject("assignment to const '" + name + "'");
  return it->second;
}

void Parser::statement() {
  if (accept(";")) return;
  if (accept("{")) return block();
  if (starts_type()) return declaration();
  if (at("++") || at("--")) {
    std::string op = tokens_[pos_++].text;
    std::string name = take_identifier();
    increment(name, op);
    return end_statement();
  }
  const Token& t = peek();
  if (t.kind != TokKind::Ident) reject("statement starting with '" + t.text + "'");
  if (is_reserved_word(t.text)) reject("'" + t.text + "' statement");
  std::string name = take_identifier();
  if (at("++") || at("--"))
    increment(name, tokens_[pos_++].text);
  else
    assignment(name);
  end_statement();
}

// The generated code adds a ';' after the body, so the last one may be missing.
void Parser::end_statement() {
  if (peek().kind == TokKind::End && peek().bits == 0) return;
  expect(";");
}

void Parser::block() {
  if (++depth_ > kMaxDepth) reject("blocks nested too deeply");
  scopes_.emplace_back();
  while (!accept("}")) {
    if (peek().kind == TokKind::End) reject("unbalanced '{'");
    statement();
  }
  // Names stay reserved (no redeclaration) but go out of scope.
  for (const std::string& name : scopes_.back()) vars_[name].visible = false;
  scopes_.pop_back();
  --depth_;
}

void Parser::declaration() {
  bool is_auto = false, is_const = false;
  CType type = parse_type(true, is_auto, is_const);
  do {
    std::string name = take_identifier();
    check_new_name(name);
    if (!accept("=")) reject("declaration of '" + name + "' without '= value'");
    Value v = expression();
    if (!is_auto) v = em_.convert(v, type);
    Variable var;
    var.type = v.type;
    var.is_const = is_const;
    var.runtime = v.runtime;
    // A temporary becomes the variable's register; anything else is copied.
    var.reg = v.temp ? v.reg : em_.take_register();
    if (!v.temp) em_.assign(var.reg, v);
    vars_[name] = var;
    scopes_.back().push_back(name);
    if (is_auto && at(",")) reject("auto with several declarators");
  } while (accept(","));
  end_statement();
}

void Parser::store(Variable& var, Value v) {
  v = em_.convert(v, var.type);
  var.runtime = v.runtime;
  var.written = true;
  em_.assign(var.reg, v);
}

void Parser::assignment(const std::string& name) {
  Variable& var = assignable(name);
  const Token& op = peek();
  static constexpr std::string_view kCompound[] = {
      "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="};
  if (accept("=")) return store(var, expression());
  for (std::string_view c : kCompound) {
    if (op.kind == TokKind::Punct && op.text == c) {
      ++pos_;
      std::string binary_op(c.substr(0, c.size() - 1));
      Value rhs = expression();
      return store(var, arithmetic(binary_op, read(var), rhs));
    }
  }
  reject("expression statement without assignment ('" + op.text + "')");
}

// a++, ++a, a--, --a as whole statements: a += 1 (ill-formed for bool since C++17).
void Parser::increment(const std::string& name, const std::string& op) {
  Variable& var = assignable(name);
  if (var.type.t == Bool) reject("++/-- of bool");
  Value one = em_.constant(ctype_of(I32), 1);
  store(var, arithmetic(op == "++" ? "+" : "-", read(var), one));
}

}  // namespace quick
}  // namespace ndgpu::kernel
