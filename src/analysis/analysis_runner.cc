// Appends an analysis' rows to the store: derived tracks, their slices
// (nested by time, one stack per track) or counters, and annotations.
#include "src/analysis/analysis_runner.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

#include "src/analysis/analysis_rows.h"
#include "src/analysis/derived_layout.h"
#include "src/base/numeric.h"

namespace weft {
namespace {

constexpr uint32_t kNull = Uint32Column::kNull;

StringId InternOrNull(TraceStorage* s, const std::optional<std::string>& v) {
  return v ? s->Intern(*v) : kNullStringId;
}

void AddAnnotation(TraceStorage* s, uint32_t slice_id, const AnnotationText& text) {
  AnnotationTable::Row row;
  row.slice_id = slice_id;
  row.description = InternOrNull(s, text.description);
  row.link = InternOrNull(s, text.link);
  row.alert_type = InternOrNull(s, text.alert_type);
  row.kind = InternOrNull(s, text.kind);
  s->annotation_rows.Insert(row);
}

// Finds or creates the derived tracks of one analysis run.
class DerivedTracks {
 public:
  DerivedTracks(TraceStorage* s, std::string_view analysis)
      : s_(s), analysis_(s->Intern(analysis)), default_name_(std::string(analysis)) {}

  uint32_t Get(const DerivedRow& row) {
    bool counter = row.value.has_value();
    uint32_t upid = kNull;
    if (row.upid && *row.upid >= 0 && *row.upid < s_->process.row_count()) {
      upid = static_cast<uint32_t>(*row.upid);
    }
    const std::string& name = row.track_name.empty() ? default_name_ : row.track_name;
    auto key = std::make_tuple(name, upid, counter);
    auto it = ids_.find(key);
    if (it != ids_.end()) return it->second;
    TrackTable::Row t;
    t.name = s_->Intern(name);
    t.type = s_->Intern("derived");
    t.event_type = counter ? TrackEventType::kCounter : TrackEventType::kSlice;
    t.upid = upid;
    uint32_t id = s_->track.Insert(t, s_->Intern(counter ? "counter" : "slice"));
    s_->track.analysis.Set(id, analysis_);
    ids_.emplace(key, id);
    return id;
  }
  size_t count() const { return ids_.size(); }

 private:
  TraceStorage* s_;
  StringId analysis_;
  std::string default_name_;
  std::map<std::tuple<std::string, uint32_t, bool>, uint32_t> ids_;
};

// Open slices of one track: ids and exclusive ends, innermost last.
struct OpenSlices {
  std::vector<std::pair<uint32_t, int64_t>> stack;
};

void AppendDerived(TraceStorage* s, std::string_view analysis,
                   std::vector<DerivedRow>* rows, AnalysisOutput* out) {
  // Time order, longest first at equal ts, so parents precede children.
  std::stable_sort(rows->begin(), rows->end(), [](const DerivedRow& a, const DerivedRow& b) {
    return a.ts != b.ts ? a.ts < b.ts : a.dur > b.dur;
  });
  DerivedTracks tracks(s, analysis);
  std::map<uint32_t, OpenSlices> open;
  for (const DerivedRow& row : *rows) {
    uint32_t track = tracks.Get(row);
    if (row.value) {
      s->counter.Insert(row.ts, track, *row.value, kNull);
      ++out->counters;
      continue;
    }
    auto& stack = open[track].stack;
    while (!stack.empty() && stack.back().second <= row.ts) stack.pop_back();
    uint32_t parent = stack.empty() ? kNull : stack.back().first;
    uint32_t depth = static_cast<uint32_t>(stack.size());
    uint32_t id = s->slice.Insert(row.ts, row.dur, track, s->Intern(row.category),
                                  s->Intern(row.name), depth, parent, kNull);
    int64_t end = row.dur < 0 ? INT64_MAX : SaturatingAdd(row.ts, row.dur);
    if (row.dur != 0) stack.emplace_back(id, end);
    if (!row.text.empty()) {
      AddAnnotation(s, id, row.text);
      ++out->annotations;
    }
    ++out->slices;
  }
  out->tracks += static_cast<uint32_t>(tracks.count());
}

}  // namespace

Status RunAnalysis(TraceStorage* storage, SqlEngine* engine,
                   std::string_view analysis_name, std::string_view sql,
                   AnalysisOutput* output) {
  AnalysisRows rows;
  WEFT_RETURN_IF_ERROR(engine->Execute(
      sql, [&rows](sqlite3_stmt* stmt) { return ReadAnalysisRows(stmt, &rows); }));
  // Rows are checked before anything is appended: a failing analysis adds nothing.
  for (const AnnotationRow& a : rows.annotations) {
    if (a.slice_id < 0 || a.slice_id >= storage->slice.row_count()) {
      return ErrStatus("analysis %.*s: slice_id %lld is not a slice",
                       static_cast<int>(analysis_name.size()), analysis_name.data(),
                       static_cast<long long>(a.slice_id));
    }
  }
  AnalysisOutput out;
  uint32_t first_track = storage->track.row_count();
  uint32_t first_slice = storage->slice.row_count();
  for (const AnnotationRow& a : rows.annotations) {
    AddAnnotation(storage, static_cast<uint32_t>(a.slice_id), a.text);
    ++out.annotations;
  }
  AppendDerived(storage, analysis_name, &rows.derived, &out);
  if (out.tracks > 0 || out.counters > 0) {
    storage->PrepareForQueryDuringLoad();
    AppendDerivedLayout(storage, first_track, first_slice);
  }
  if (output) *output = out;
  return Status::Ok();
}

}  // namespace weft
