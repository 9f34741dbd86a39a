// Out-of-line parts of the compact columns: widening and the dictionary's
// slow path.
#include "src/storage/compact_column.h"

namespace weft {

void NarrowUintVector::Widen(uint32_t v) {
  uint8_t width = 1;
  while (!Fits(v, width)) width *= 2;
  NarrowUintVector wider;
  wider.width_ = width;
  wider.limit_ = LimitOf(width);
  wider.reserved_rows_ = reserved_rows_;
  wider.bytes_.reserve((size_ > reserved_rows_ ? size_ : reserved_rows_) * width);
  for (uint32_t row = 0; row < size_; ++row) wider.push_back((*this)[row]);
  *this = std::move(wider);
}

uint32_t DictStringColumn::Add(StringId v) {
  uint32_t code = static_cast<uint32_t>(dict_.size());
  dict_.push_back(v);
  if (code >= kScanLimit) code_of_.emplace(v, code);
  return code;
}

uint32_t DictStringColumn::LookUp(StringId v) {
  auto it = code_of_.find(v);
  return it != code_of_.end() ? it->second : Add(v);
}

}  // namespace weft
