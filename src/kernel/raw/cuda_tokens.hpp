// A tokenizer for users' CUDA source: enough to read declarations by shape (kernel
// signatures, struct layouts), not a C++ parser.
#pragma once
#include <string>
#include <vector>

namespace ndgpu::kernel {

struct Token {
  enum Kind { Ident, Number, String, Punct } kind;
  std::string text;
};

// Comments and preprocessor lines are dropped; "::" is one token, other punctuation single.
std::vector<Token> tokenize(const std::string& s);
bool is(const Token& t, const char* text);
// Index of the bracket closing the one at `open`; toks.size() when unbalanced.
size_t match(const std::vector<Token>& t, size_t open);
// Splits [b, e) at commas outside (), <>, [] and {}.
std::vector<std::vector<Token>> split_commas(const std::vector<Token>& t, size_t b, size_t e);
// The tokens as source text: words separated by a space, punctuation attached.
std::string join(const std::vector<Token>& t);

}  // namespace ndgpu::kernel
