// The stats registry and the computed columns of the `stats` table.
#include "src/storage/misc_tables.h"

#include <algorithm>
#include <tuple>

namespace weft {

namespace {

const char* SeverityName(StatSeverity s) {
  return s == StatSeverity::kInfo ? "info" : s == StatSeverity::kDataLoss ? "data_loss" : "error";
}

}  // namespace

const StatInfo& GetStatInfo(Stat stat) {
  static const StatInfo kInfos[] = {
#define WEFT_STAT_INFO(name, sev, src, desc) \
  {#name, StatSeverity::sev, StatSource::src, desc},
      WEFT_STATS(WEFT_STAT_INFO)
  };
  return kInfos[static_cast<size_t>(stat)];
}

const StatInfo& GetIndexedStatInfo(IndexedStat stat) {
  static const StatInfo kInfos[] = {WEFT_INDEXED_STATS(WEFT_STAT_INFO)};
#undef WEFT_STAT_INFO
  return kInfos[static_cast<size_t>(stat)];
}

bool IsGlobalStat(Stat stat) {
  return stat == Stat::parse_trace_duration_ns || stat == Stat::invalid_clock_snapshots;
}

std::optional<int64_t> StatsTable::GetIndexed(IndexedStat s, int64_t idx,
                                              uint32_t machine) const {
  for (const IndexedValue& v : indexed_) {
    if (v.stat == s && v.machine == machine && v.idx == idx) return v.value;
  }
  return std::nullopt;
}

int64_t* StatsTable::Slot(IndexedStat s, int64_t idx, uint32_t machine) {
  auto key = [](const IndexedValue& v) { return std::make_tuple(v.stat, v.machine, v.idx); };
  IndexedValue wanted{s, machine, idx, 0};
  auto it = std::lower_bound(
      indexed_.begin(), indexed_.end(), wanted,
      [&](const IndexedValue& a, const IndexedValue& b) { return key(a) < key(b); });
  if (it == indexed_.end() || key(*it) != key(wanted)) it = indexed_.insert(it, wanted);
  return &it->value;
}

StatsTable::StatColumn::StatColumn(StatsTable* table, Kind kind, const char* name,
                                   ColumnType type)
    : Column(table, name, type, kNoFlags), table_(table), kind_(kind) {
  for (size_t i = 0; i < static_cast<size_t>(Stat::kCount); ++i) {
    single_.push_back(Text(GetStatInfo(static_cast<Stat>(i)), table->pool_));
  }
  for (size_t i = 0; i < static_cast<size_t>(IndexedStat::kCount); ++i) {
    indexed_.push_back(Text(GetIndexedStatInfo(static_cast<IndexedStat>(i)), table->pool_));
  }
}

bool StatsTable::StatColumn::IsNull(uint32_t row) const {
  const IndexedValue* v = Indexed(row);
  switch (kind_) {
    case kIdx: return v == nullptr;
    case kMachineId:
    case kTraceId: return v == nullptr && IsGlobalStat(static_cast<Stat>(row));
    default: return false;
  }
}

int64_t StatsTable::StatColumn::GetInt(uint32_t row) const {
  const IndexedValue* v = Indexed(row);
  switch (kind_) {
    case kIdx: return v->idx;
    case kMachineId: return v ? v->machine : 0;
    case kTraceId: return 0;
    default: return v ? v->value : table_->values_[row];
  }
}

StringId StatsTable::StatColumn::GetString(uint32_t row) const {
  const IndexedValue* v = Indexed(row);
  return v ? indexed_[static_cast<size_t>(v->stat)] : single_[row];
}

const StatsTable::IndexedValue* StatsTable::StatColumn::Indexed(uint32_t row) const {
  constexpr uint32_t kSingles = static_cast<uint32_t>(Stat::kCount);
  return row < kSingles ? nullptr : &table_->indexed_[row - kSingles];
}

StringId StatsTable::StatColumn::Text(const StatInfo& info, StringPool* pool) const {
  const char* text = nullptr;
  switch (kind_) {
    case kName: text = info.name; break;
    case kDescription: text = info.description; break;
    case kSeverity: text = SeverityName(info.severity); break;
    case kSource: text = info.source == StatSource::kTrace ? "trace" : "analysis"; break;
    default: break;
  }
  return text ? pool->Intern(text) : kNullStringId;
}

}  // namespace weft
