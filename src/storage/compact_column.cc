// Out-of-line parts of the compact columns: widening and the dictionary's
// slow path.
#include "src/storage/compact_column.h"

namespace weft {

void NarrowUintVector::Widen(uint32_t v) {
  uint8_t width = 1;
  while (!Fits(v, width)) width *= 2;
  // In place, not into a second vector: a column of millions of rows
  // would briefly take both sizes (a spike at the load's peak). Growth
  // moves the mapping of a large vector without copying it.
  bytes_.reserve((size_ > reserved_rows_ ? size_ : reserved_rows_) * width);
  uint8_t* cells = bytes_.data();
  bytes_.append_uninitialized(size_ * width - bytes_.size());
  if (size_ == 0) {
    // Nothing to rewrite.
  } else if (width_ == 0) {
    memset(cells, 0xff, size_ * width);  // Every cell NULL: all ones at any width.
  } else {
    // Back to front: a cell's new place starts at or after its old one,
    // so no cell is overwritten before it is read.
    for (size_t row = size_; row-- > 0;) {
      Store(cells + row * width, Load(cells + row * width_, width_), width);
    }
  }
  width_ = width;
  limit_ = LimitOf(width);
}

uint32_t DictStringColumn::CodeOfUncached(StringId v) {
  Recent& recent = recent_[v % kRecent];
  recent.value = v;
  // Columns of this kind hold a handful of strings: a scan beats a hash.
  size_t scan = dict_.size() < kScanLimit ? dict_.size() : kScanLimit;
  for (size_t i = 0; i < scan; ++i) {
    if (dict_[i] == v) return recent.code = static_cast<uint32_t>(i);
  }
  return recent.code = dict_.size() < kScanLimit ? Add(v) : LookUp(v);
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

void CompactInt64Column::AppendOther(int64_t v) {
  uint32_t row = static_cast<uint32_t>(size_++);
  if (three_byte_) {
    StoreThree(bytes_.append_uninitialized(3), 0);
    SetLongInThree(row, v);
  } else {
    cells_.push_back(0);
    SetFour(row, v);
  }
}

void CompactInt64Column::SetOther(uint32_t row, int64_t v) {
  if (three_byte_) {
    SetLongInThree(row, v);
  } else {
    SetFour(row, v);
  }
}

void CompactInt64Column::SetLongInThree(uint32_t row, int64_t v) {
  uint32_t cell = LoadThree(row);
  if (cell >= kAsideBit) {
    aside_[cell - kAsideBit] = v;
    return;
  }
  // Past an eighth of the rows aside, 4-byte cells cost less (a small
  // column stays as it is: it costs little either way); and a cell holds
  // no index past 2^23.
  constexpr size_t kFewAside = 4096;
  if ((aside_.size() >= kFewAside && aside_.size() > size_ / 8) ||
      aside_.size() + 1 >= kAsideBit) {
    UseFourByteCells();
    SetFour(row, v);
    return;
  }
  StoreThree(&bytes_[size_t{row} * 3], kAsideBit + static_cast<uint32_t>(aside_.size()));
  aside_.push_back(v);
}

void CompactInt64Column::UseFourByteCells() {
  cells_.resize(size_);
  for (uint32_t row = 0; row < size_; ++row) SetFour(row, DecodeThree(LoadThree(row)));
  PodVector<uint8_t>().swap(bytes_);
  PodVector<int64_t>().swap(aside_);
  three_byte_ = false;
}

}  // namespace weft
