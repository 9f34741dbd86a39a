// PieceReader: reads a compact column's cells a piece of rows at a time,
// for passes over many rows (the track layout, the re-nesting of profile
// calls). A compact cell costs a test of its block's or column's layout to
// decode; a piece is decoded with one test, and rows are then plain array
// reads. Rows must stay below |rows|; any order works (nearby rows are
// cheapest).
#ifndef SRC_STORAGE_PIECE_READER_H_
#define SRC_STORAGE_PIECE_READER_H_

#include <algorithm>
#include <cstdint>

#include "src/base/compiler.h"

namespace weft {

// |ColumnT| has Read(first, count, T* out).
template <typename T, typename ColumnT>
class PieceReader {
 public:
  PieceReader(const ColumnT& column, uint32_t rows) : column_(column), rows_(rows) {}
  T operator[](uint32_t row) {
    if (row - first_ >= count_) Fill(row);
    return piece_[row - first_];
  }

 private:
  static constexpr uint32_t kPieceRows = 256;
  // Out of line: operator[] stays a compare and a load where it is inlined.
  WEFT_NOINLINE void Fill(uint32_t row) {
    first_ = row & ~(kPieceRows - 1);
    count_ = std::min(kPieceRows, rows_ - first_);
    column_.Read(first_, count_, piece_);
  }

  const ColumnT& column_;
  uint32_t rows_;
  uint32_t first_ = 0;
  uint32_t count_ = 0;  // No piece yet.
  T piece_[kPieceRows];
};

}  // namespace weft

#endif  // SRC_STORAGE_PIECE_READER_H_
