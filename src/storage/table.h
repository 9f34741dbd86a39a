// Table: a named list of columns with a row count. This is the only shape
// the SQL layer sees: it never knows which importer produced the rows.
// Columns add themselves on construction (see column.h): a table is one
// struct of column members, and their declaration order is the SQL order.
// TableView exposes a subset of another table's rows (child tables such as
// thread_track share ids with their root table `track`).
#ifndef SRC_STORAGE_TABLE_H_
#define SRC_STORAGE_TABLE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "src/storage/column.h"

namespace weft {

class Table {
 public:
  explicit Table(std::string name) : name_(std::move(name)) {}
  virtual ~Table();
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;

  const std::string& name() const { return name_; }
  virtual uint32_t row_count() const = 0;
  const std::vector<const Column*>& columns() const { return columns_; }
  const Column* FindColumn(std::string_view name) const;
  // Bytes its columns hold (Column::MemoryUsage), and a view its row list.
  virtual size_t MemoryUsage() const;
  // Column::ReserveRows(rows) of every column: for an importer that knows
  // how many rows are coming.
  void ReserveRows(size_t rows);

 private:
  friend class Column;  // Registers itself in columns_.
  std::string name_;
  std::vector<const Column*> columns_;
};

// A table that owns its rows; row_count is tracked by its Insert methods.
class StoredTable : public Table {
 public:
  using Table::Table;
  uint32_t row_count() const override { return rows_; }

 protected:
  uint32_t NextRow() { return rows_++; }
  uint32_t rows_ = 0;
};

// Rows |rows| (increasing) of |parent|, with the named parent columns.
class TableView final : public Table {
 public:
  TableView(std::string name, const Table* parent,
            const std::vector<std::string>& column_names);
  uint32_t row_count() const override {
    return static_cast<uint32_t>(rows_.size());
  }
  std::vector<uint32_t>& mutable_rows() { return rows_; }
  size_t MemoryUsage() const override { return rows_.capacity() * sizeof(uint32_t); }

 private:
  std::vector<uint32_t> rows_;
  std::vector<std::unique_ptr<MappedColumn>> mapped_;
};

}  // namespace weft

#endif  // SRC_STORAGE_TABLE_H_
