// `args`: key/value pairs grouped into arg sets (arg_set_id), referenced by
// slices, counters, threads, processes and import logs. Values live in one
// 8-byte cell plus a type byte; int_value/string_value/real_value and
// display_value are computed views of that cell. flat_key is stored only
// where it differs from key (array elements), so a row costs 17 bytes.
// Invariant: a set's rows are contiguous and sets appear in increasing id
// order, so arg_set_id is sorted (released rows are removed at Finalize()).
#ifndef SRC_STORAGE_ARGS_TABLE_H_
#define SRC_STORAGE_ARGS_TABLE_H_

#include <cstring>
#include <string>
#include <vector>

#include "src/storage/column.h"
#include "src/storage/table.h"

namespace weft {

enum class ArgType : uint8_t { kInt, kUint, kReal, kString, kBool, kPointer, kJson, kNull };

class ArgsTable final : public StoredTable {
 public:
  explicit ArgsTable(StringPool* pool);

  // Building a set: BeginSet() returns the id the set will get if it is
  // new; rows are added with that id; FinishSet() commits it — or, when an
  // identical recent set exists and |shareable|, removes the new rows and
  // returns that set's id. Perfetto shares identical sets too; weft looks
  // only at recently seen sets (a small cache), which catches the repeats
  // real traces have without a table as large as the args themselves.
  // Ids start at 1. Until FinishSet(), Truncate() can undo the rows.
  uint32_t BeginSet() {
    pending_begin_ = rows_;
    return next_set_id_;
  }
  uint32_t FinishSet(bool shareable = true);
  void Truncate(uint32_t rows);
  // For a writer that remembers which set its last identical rows got
  // (FtraceArgsMemo): when FinishSet() on rows equal to |set|'s, whose hash
  // is |hash|, would share |set|, counts that use as FinishSet() would and
  // returns true; no rows need adding. Otherwise returns false with nothing
  // changed, and the caller builds the set as usual. Call between sets.
  bool ShareIfCached(uint32_t set, uint64_t hash);
  // The row hash the last FinishSet() looked the cache up with; false when
  // it did not look (not shareable, or skipping the cache).
  bool LastFinishHash(uint64_t* hash) const {
    *hash = last_hash_;
    return last_hashed_;
  }

  void AddInt(uint32_t set, StringId flat_key, StringId key, int64_t v) {
    Add(set, flat_key, key, ArgType::kInt, v);
  }
  void AddUint(uint32_t set, StringId flat_key, StringId key, uint64_t v) {
    Add(set, flat_key, key, ArgType::kUint, static_cast<int64_t>(v));
  }
  void AddBool(uint32_t set, StringId flat_key, StringId key, bool v) {
    Add(set, flat_key, key, ArgType::kBool, v);
  }
  void AddReal(uint32_t set, StringId flat_key, StringId key, double v) {
    int64_t bits;
    memcpy(&bits, &v, 8);
    Add(set, flat_key, key, ArgType::kReal, bits);
  }
  void AddString(uint32_t set, StringId flat_key, StringId key, StringId v) {
    Add(set, flat_key, key, ArgType::kString, v);
  }
  void Add(uint32_t set, StringId flat_key, StringId key, ArgType type,
           int64_t raw);

  // Each FinishSet() result is one use of the set; releasing the last use
  // removes its rows (at Finalize()).
  void ReleaseSet(uint32_t set);
  // A set holding |base|'s args updated by |extra|'s (either may be NULL);
  // releases both. Used when an end event's args join its slice, with
  // Perfetto's add-or-update rule: a key already in |base| takes the new
  // value in place, and array elements ("a[i]...") continue after the
  // elements |base| already has for that array.
  uint32_t MergeSets(uint32_t base, uint32_t extra);
  // A set holding |base|'s args plus one arg (|raw| as for Add());
  // releases |base|.
  uint32_t WithArg(uint32_t base, StringId key, ArgType type, int64_t raw);

  // The rows of |set|: |*first| and the count (0 if unknown or released).
  uint32_t RowsOfSet(uint32_t set, uint32_t* first) const { return SetRows(set, first); }
  // The row of |set|'s arg with |key|, or -1.
  int64_t FindArg(uint32_t set, StringId key) const;
  // Removes released rows and makes arg_set_id searchable. Idempotent.
  void Finalize();

  ArgType value_type(uint32_t row) const {
    return static_cast<ArgType>(types_[row] & kTypeMask);
  }
  // The row's flat key: its key, unless an array index made them differ.
  StringId flat_key_of(uint32_t row) const {
    return (types_[row] & kHasFlatKey) ? StoredFlatKey(row) : key[row];
  }
  int64_t raw_value(uint32_t row) const { return values_[row]; }
  double real_value(uint32_t row) const {
    double d;
    memcpy(&d, &values_[row], 8);
    return d;
  }
  size_t MemoryUsage() const;

  // The computed columns: flat_key, and the views of the value cell.
  class FlatKeyColumn final : public Column {
   public:
    explicit FlatKeyColumn(ArgsTable* args)
        : Column(args, "flat_key", ColumnType::kString, kNoFlags), args_(args) {}
    bool IsNull(uint32_t row) const override;
    StringId GetString(uint32_t row) const override;

   private:
    const ArgsTable* args_;
  };
  class ValueColumn final : public Column {
   public:
    enum Kind { kIntValue, kStringValue, kRealValue, kValueType, kDisplayValue };
    ValueColumn(ArgsTable* args, Kind kind, const char* name, ColumnType type)
        : Column(args, name, type, kNoFlags), args_(args), kind_(kind) {}
    bool IsNull(uint32_t row) const override;
    int64_t GetInt(uint32_t row) const override;
    double GetDouble(uint32_t row) const override;
    StringId GetString(uint32_t row) const override;
    bool text_is_pooled() const override { return kind_ != kDisplayValue; }
    std::string_view GetText(uint32_t row, const StringPool& pool,
                             std::string* scratch) const override;

   private:
    const ArgsTable* args_;
    Kind kind_;
  };

  // The SQL columns, stored and computed, in order.
  IdColumn id{this, "id"};
  Uint32Column arg_set_id{this, "arg_set_id"};
  FlatKeyColumn flat_key_column{this};
  StringColumn key{this, "key"};
  ValueColumn int_value_column{this, ValueColumn::kIntValue, "int_value", ColumnType::kInt64};
  ValueColumn string_value_column{this, ValueColumn::kStringValue, "string_value",
                                  ColumnType::kString};
  ValueColumn real_value_column{this, ValueColumn::kRealValue, "real_value",
                                ColumnType::kDouble};
  ValueColumn value_type_column{this, ValueColumn::kValueType, "value_type",
                                ColumnType::kString};
  ValueColumn display_value_column{this, ValueColumn::kDisplayValue, "display_value",
                                   ColumnType::kString};

 private:
  // A row's type byte: the ArgType, plus a bit set when its flat key is
  // stored in flat_keys_ (it differs from the key).
  static constexpr uint8_t kTypeMask = 0x7f;
  static constexpr uint8_t kHasFlatKey = 0x80;
  struct FlatKey {
    uint32_t row;
    StringId flat;
  };
  StringId StoredFlatKey(uint32_t row) const;
  uint64_t HashRows(uint32_t begin, uint32_t end) const;
  bool SameRows(uint32_t set, uint32_t begin, uint32_t end) const;
  // The number of rows of |set| (0 if unknown or released), and its first.
  uint32_t SetRows(uint32_t set, uint32_t* first) const;
  void CopyRows(uint32_t from_set, uint32_t into_set);
  // Adds or updates row |r|'s arg in |set| (being built; its rows before
  // |base_end| are the base's, see MergeSets).
  void MergeRow(uint32_t set, uint32_t r, uint32_t base_end);
  void Compact();

  StringPool* pool_;
  StringId type_names_[8];  // value_type's texts, by ArgType.
  PodVector<int64_t> values_;
  PodVector<uint8_t> types_;
  PodVector<FlatKey> flat_keys_;  // By row: rows whose flat key differs.
  // Per set id: first row (a set's rows run to the next set's first row)
  // and use count (0 once released; kPinnedUses: too many to count, never
  // released).
  static constexpr uint8_t kPinnedUses = 255;
  PodVector<uint32_t> set_first_;
  PodVector<uint8_t> set_uses_;
  uint32_t next_set_id_ = 1;
  uint32_t pending_begin_ = 0;
  // Direct-mapped cache of recent shareable sets, by row hash.
  static constexpr size_t kRecentSets = 1 << 14;
  struct RecentSet {
    uint64_t hash;
    uint32_t set;
  };
  // Two ways in one cache line (C++17 aligned new honours alignas).
  struct alignas(32) RecentBucket {
    RecentSet ways[2];
  };
  std::unique_ptr<RecentBucket[]> recent_{new RecentBucket[kRecentSets / 2]()};
  // Whether a shareable set looks the cache up (see ShouldProbe()).
  bool ShouldProbe();
  // A cache hit: counts it for ShouldProbe() and adds a use of the set.
  void CountSharedUse(uint32_t set);
  static constexpr uint32_t kProbeWindow = 4096;
  static constexpr uint32_t kSkipRun = 65536;
  uint32_t probes_ = 0, probe_hits_ = 0, skip_left_ = 0;
  bool has_released_rows_ = false;
  uint64_t last_hash_ = 0;
  bool last_hashed_ = false;
};

}  // namespace weft

#endif  // SRC_STORAGE_ARGS_TABLE_H_
