// The quick tier's parser: statements (quick/parser.cpp) and expressions
// (quick/expressions.cpp) of an ElementwiseKernel body, emitted as they are read.
#pragma once
#include <map>
#include <span>
#include <string>
#include <vector>

#include "kernel/quick/internal.hpp"

namespace ndgpu::kernel::quick {

class Parser {
 public:
  Parser(std::string_view body, std::span<const QuickParam> params,
         std::span<const std::pair<std::string, Type>> type_names);
  interp::Program compile();

 private:
  // Tokens.
  const Token& peek(size_t ahead = 0) const;
  bool at(std::string_view punct, size_t ahead = 0) const;
  bool accept(std::string_view punct);
  void expect(std::string_view punct);
  std::string take_identifier();

  // Names.
  void declare_params(std::span<const QuickParam> params);
  static bool is_identifier(std::string_view name);
  void check_new_name(const std::string& name) const;
  bool is_type_name(std::string_view name) const;
  bool starts_type(size_t ahead = 0) const;
  CType parse_type(bool allow_auto, bool& is_auto, bool& is_const);
  Variable& assignable(const std::string& name);

  // Statements.
  void statement();
  void end_statement();
  void block();
  void declaration();
  void assignment(const std::string& name);
  void increment(const std::string& name, const std::string& op);
  void store(Variable& var, Value v);

  // Expressions.
  Value expression();
  Value binary(int min_precedence);
  Value unary();
  Value primary();
  bool cast_ahead() const;
  Value identifier_value();
  Value cast_to(Value v, CType to);
  Value arithmetic(const std::string& op, Value a, Value b);
  Value shift(const std::string& op, Value a, Value b);
  Value to_bool(Value v);
  Value read(Variable& var);

  std::vector<Token> tokens_;
  size_t pos_ = 0;
  Emitter em_;
  std::map<std::string, Variable, std::less<>> vars_;
  std::vector<std::vector<std::string>> scopes_;
  std::map<std::string, CType, std::less<>> type_names_;
  std::vector<Type> param_types_;
  int index_reg_ = -1;
  bool uses_index_ = false;
  int depth_ = 0;  // nesting of expressions and blocks, bounded
  static constexpr int kMaxDepth = 64;
};

}  // namespace ndgpu::kernel::quick
