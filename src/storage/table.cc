// Table lookups and TableView construction.
#include "src/storage/table.h"

namespace weft {

Table::~Table() = default;

const Column* Table::FindColumn(std::string_view name) const {
  for (const Column* c : columns_) {
    if (c->name() == name) return c;
  }
  return nullptr;
}

size_t Table::MemoryUsage() const {
  size_t bytes = 0;
  for (const Column* c : columns_) bytes += c->MemoryUsage();
  return bytes;
}

void Table::ReserveRows(size_t rows) {
  // The columns are this table's own members (they register themselves),
  // held const only for the readers of columns().
  for (const Column* c : columns_) const_cast<Column*>(c)->ReserveRows(rows);
}

TableView::TableView(std::string name, const Table* parent,
                     const std::vector<std::string>& column_names)
    : Table(std::move(name)) {
  for (const std::string& col_name : column_names) {
    const Column* source = parent->FindColumn(col_name);
    if (!source) continue;
    // An increasing row map keeps the source's ordering properties.
    // Ids stay sorted but no longer equal the row index; a view shows every
    // column it names, including ones hidden in the parent.
    mapped_.emplace_back(new MappedColumn(this, source, &rows_,
                                          source->flags() & ~(kIdColumn | kHidden)));
  }
}

}  // namespace weft
