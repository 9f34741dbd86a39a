// The stats registry and the computed columns of the `stats` table.
#include "src/storage/misc_tables.h"

namespace weft {

const StatInfo& GetStatInfo(Stat stat) {
  static const StatInfo kInfos[] = {
#define WEFT_STAT_INFO(name, sql, sev, src, desc) \
  {sql, StatSeverity::sev, StatSource::src, desc},
      WEFT_STATS(WEFT_STAT_INFO)
#undef WEFT_STAT_INFO
  };
  return kInfos[static_cast<size_t>(stat)];
}

class StatsTable::StatColumn final : public Column {
 public:
  enum Kind { kName, kIdx, kSeverity, kSource, kValue, kDescription };
  StatColumn(const StatsTable* t, Kind kind, const char* name,
             ColumnType type, StringPool* pool)
      : Column(name, type, kNoFlags), table_(t), kind_(kind) {
    for (size_t i = 0; i < static_cast<size_t>(Stat::kCount); ++i) {
      const StatInfo& info = GetStatInfo(static_cast<Stat>(i));
      const char* text = nullptr;
      switch (kind) {
        case kName: text = info.name; break;
        case kDescription: text = info.description; break;
        case kSeverity:
          text = info.severity == StatSeverity::kInfo       ? "info"
                 : info.severity == StatSeverity::kDataLoss ? "data_loss"
                                                            : "error";
          break;
        case kSource:
          text = info.source == StatSource::kTrace ? "trace" : "analysis";
          break;
        default: break;
      }
      strings_.push_back(text ? pool->Intern(text) : kNullStringId);
    }
  }
  bool IsNull(uint32_t) const override { return kind_ == kIdx; }
  int64_t GetInt(uint32_t row) const override { return table_->values_[row]; }
  StringId GetString(uint32_t row) const override { return strings_[row]; }

 private:
  const StatsTable* table_;
  Kind kind_;
  std::vector<StringId> strings_;
};

StatsTable::StatsTable(StringPool* pool) : Table("stats") {
  auto add = [&](StatColumn::Kind k, const char* name, ColumnType type) {
    columns_owned_.emplace_back(new StatColumn(this, k, name, type, pool));
    AddColumn(columns_owned_.back().get());
  };
  add(StatColumn::kName, "name", ColumnType::kString);
  add(StatColumn::kIdx, "idx", ColumnType::kInt64);
  add(StatColumn::kSeverity, "severity", ColumnType::kString);
  add(StatColumn::kSource, "source", ColumnType::kString);
  add(StatColumn::kValue, "value", ColumnType::kInt64);
  add(StatColumn::kDescription, "description", ColumnType::kString);
}

}  // namespace weft
