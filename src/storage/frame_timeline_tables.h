// Android FrameTimeline tables: `expected_frame_timeline_slice` and
// `actual_frame_timeline_slice`, child tables of `slice`. A row is a slice
// row (same id, and the slice's columns read through), plus the frame's own
// columns. Rows are added in slice order, so ids stay increasing.
// Reference: docs/tables.md, docs/formats/protobuf.md (FrameTimeline).
#ifndef SRC_STORAGE_FRAME_TIMELINE_TABLES_H_
#define SRC_STORAGE_FRAME_TIMELINE_TABLES_H_

#include <memory>
#include <string>
#include <vector>

#include "src/storage/column.h"
#include "src/storage/slice_tables.h"
#include "src/storage/table.h"

namespace weft {

// The slice columns both tables show first (Perfetto's order).
class SliceChildTable : public Table {
 public:
  SliceChildTable(std::string name, const SliceTable* slice) : Table(std::move(name)) {
    static const char* const kSliceColumns[] = {"id",    "ts",        "dur",
                                                "track_id", "category", "name",
                                                "depth", "parent_id", "arg_set_id"};
    for (const char* column : kSliceColumns) {
      const Column* source = slice->FindColumn(column);
      mapped_.emplace_back(
          new MappedColumn(this, source, &rows_, source->flags() & ~kIdColumn));
    }
  }
  uint32_t row_count() const override { return static_cast<uint32_t>(rows_.size()); }

 protected:
  void AddSliceRow(uint32_t slice_row) { rows_.push_back(slice_row); }

 private:
  std::vector<uint32_t> rows_;  // Slice rows, increasing.
  std::vector<std::unique_ptr<MappedColumn>> mapped_;
};

// What both tables store of a frame.
struct FrameTimelineRow {
  uint32_t slice = Uint32Column::kNull;
  int64_t display_frame_token = 0;
  bool has_surface_frame_token = false;  // Surface frames only.
  int64_t surface_frame_token = 0;
  uint32_t upid = Uint32Column::kNull;
  StringId layer_name = kNullStringId;
};

// `expected_frame_timeline_slice`, and the first columns of the actual one.
class FrameTimelineSliceTable : public SliceChildTable {
 public:
  using SliceChildTable::SliceChildTable;

  void Insert(const FrameTimelineRow& row) {
    AddSliceRow(row.slice);
    display_frame_token.Append(row.display_frame_token);
    if (row.has_surface_frame_token) {
      surface_frame_token.Append(row.surface_frame_token);
    } else {
      surface_frame_token.AppendNull();
    }
    upid.Append(row.upid);
    layer_name.Append(row.layer_name);
  }

  Int64Column display_frame_token{this, "display_frame_token"};
  Int64Column surface_frame_token{this, "surface_frame_token"};
  Uint32Column upid{this, "upid"};
  StringColumn layer_name{this, "layer_name"};
};

// The actual timeline's analysis of a frame (strings as Perfetto names them).
struct ActualFrameInfo {
  StringId present_type = kNullStringId;
  bool on_time_finish = false;
  bool gpu_composition = false;
  StringId jank_type = kNullStringId;
  StringId jank_severity_type = kNullStringId;
  StringId prediction_type = kNullStringId;
  StringId jank_tag = kNullStringId;
};

class ActualFrameTimelineSliceTable final : public FrameTimelineSliceTable {
 public:
  explicit ActualFrameTimelineSliceTable(const SliceTable* slice)
      : FrameTimelineSliceTable("actual_frame_timeline_slice", slice) {}

  void Insert(const FrameTimelineRow& row, const ActualFrameInfo& info) {
    FrameTimelineSliceTable::Insert(row);
    present_type.Append(info.present_type);
    on_time_finish.Append(info.on_time_finish);
    gpu_composition.Append(info.gpu_composition);
    jank_type.Append(info.jank_type);
    jank_severity_type.Append(info.jank_severity_type);
    prediction_type.Append(info.prediction_type);
    jank_tag.Append(info.jank_tag);
  }

  StringColumn present_type{this, "present_type"};
  Int64Column on_time_finish{this, "on_time_finish"};
  Int64Column gpu_composition{this, "gpu_composition"};
  StringColumn jank_type{this, "jank_type"};
  StringColumn jank_severity_type{this, "jank_severity_type"};
  StringColumn prediction_type{this, "prediction_type"};
  StringColumn jank_tag{this, "jank_tag"};
};

}  // namespace weft

#endif  // SRC_STORAGE_FRAME_TIMELINE_TABLES_H_
