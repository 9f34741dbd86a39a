// ArgKeyScope: while walking nested values into args, appends a member
// (".name", both keys) or an array index ("[i]", `key` only) to the current
// key / flat key and restores both on scope exit. Shared by the debug
// annotation writer and the reflective typed-args writer.
#ifndef SRC_IMPORTERS_PROTO_ARGS_ARG_KEY_SCOPE_H_
#define SRC_IMPORTERS_PROTO_ARGS_ARG_KEY_SCOPE_H_

#include <string>
#include <string_view>

namespace weft {

class ArgKeyScope {
 public:
  ArgKeyScope(std::string* key, std::string* flat)
      : key_(key), flat_(flat), key_len_(key->size()), flat_len_(flat->size()) {}
  ~ArgKeyScope() {
    key_->resize(key_len_);
    flat_->resize(flat_len_);
  }
  // Appends ".name" (just "name" to an empty key) to both keys.
  void Member(std::string_view name) {
    if (!key_->empty()) key_->push_back('.');
    key_->append(name);
    if (!flat_->empty()) flat_->push_back('.');
    flat_->append(name);
  }
  // Appends "[index]" to the key; the flat key has no indices.
  void Index(size_t index) {
    key_->push_back('[');
    key_->append(std::to_string(index));
    key_->push_back(']');
  }

  ArgKeyScope(const ArgKeyScope&) = delete;
  ArgKeyScope& operator=(const ArgKeyScope&) = delete;

 private:
  std::string *key_, *flat_;
  size_t key_len_, flat_len_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_ARGS_ARG_KEY_SCOPE_H_
