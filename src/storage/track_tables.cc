// Builds the child track tables as row subsets of the root track table.
#include "src/storage/track_tables.h"

#include <iterator>
#include <string>

namespace weft {
namespace {

// Every child table shows these columns of `track`, then its own.
const char* const kBaseColumns[] = {
    "id", "name", "type", "parent_id", "dimension_arg_set_id", "source_arg_set_id", "machine_id"};

// A child table: the tracks of one event type, and of those only the ones
// with |context| set (none: all of them).
struct ChildTable {
  const char* name;
  TrackEventType kind;
  const char* context;
  std::vector<std::string> own_columns;
  bool any_kind = false;  // Every event type (derived tracks hold both).
};

const std::vector<ChildTable>& ChildTables() {
  static const std::vector<ChildTable> kTables = {
      {"thread_track", TrackEventType::kSlice, "utid", {"utid"}},
      {"process_track", TrackEventType::kSlice, "upid", {"upid"}},
      {"counter_track", TrackEventType::kCounter, nullptr, {"unit", "description"}},
      {"thread_counter_track", TrackEventType::kCounter, "utid",
       {"unit", "description", "utid"}},
      {"process_counter_track", TrackEventType::kCounter, "upid",
       {"unit", "description", "upid"}},
      {"cpu_counter_track", TrackEventType::kCounter, "cpu", {"unit", "description", "cpu"}},
      {"cpu_track", TrackEventType::kSlice, "cpu", {"cpu"}},
      {"state_track", TrackEventType::kState, nullptr, {}},
      {"process_state_track", TrackEventType::kState, "upid", {"upid"}},
      {"thread_state_track", TrackEventType::kState, "utid", {"utid"}},
      {"derived_track", TrackEventType::kSlice, "analysis", {"analysis", "upid"}, true},
  };
  return kTables;
}

}  // namespace

TrackViews::TrackViews(const TrackTable* track) : track_(track) {
  for (const ChildTable& child : ChildTables()) {
    std::vector<std::string> columns(std::begin(kBaseColumns), std::end(kBaseColumns));
    columns.insert(columns.end(), child.own_columns.begin(), child.own_columns.end());
    views_.push_back(std::make_unique<TableView>(child.name, track, columns));
  }
}

void TrackViews::Refresh() {
  const std::vector<ChildTable>& children = ChildTables();
  for (size_t i = 0; i < children.size(); ++i) {
    const Column* context =
        children[i].context ? track_->FindColumn(children[i].context) : nullptr;
    std::vector<uint32_t>& rows = views_[i]->mutable_rows();
    rows.clear();
    for (uint32_t r = 0; r < track_->row_count(); ++r) {
      bool kind_ok = children[i].any_kind || track_->kind(r) == children[i].kind;
      if (kind_ok && (!context || !context->IsNull(r))) {
        rows.push_back(r);
      }
    }
  }
}

std::vector<const Table*> TrackViews::tables() const {
  std::vector<const Table*> tables;
  for (const auto& view : views_) tables.push_back(view.get());
  return tables;
}

}  // namespace weft
