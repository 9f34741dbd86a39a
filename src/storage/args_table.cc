// ArgsTable: storage, set merging and the computed value columns.
#include "src/storage/args_table.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "src/base/hash.h"
#include "src/base/loop_blocks.h"

namespace weft {

namespace {
const char* const kTypeNames[] = {"int",  "uint",    "real", "string",
                                  "bool", "pointer", "json", "null"};

std::string FormatReal(double v) {
  char buf[64];
  snprintf(buf, sizeof(buf), "%f", v);
  return buf;
}
}  // namespace

ArgsTable::ArgsTable(StringPool* pool) : StoredTable("args"), pool_(pool) {
  for (int i = 0; i < 8; ++i) type_names_[i] = pool->Intern(kTypeNames[i]);
}

bool ArgsTable::FlatKeyColumn::IsNull(uint32_t row) const {
  return args_->flat_key_of(row) == kNullStringId;
}

StringId ArgsTable::FlatKeyColumn::GetString(uint32_t row) const {
  return args_->flat_key_of(row);
}

bool ArgsTable::ValueColumn::IsNull(uint32_t row) const {
  ArgType t = args_->value_type(row);
  // A string arg may hold the NULL string (Perfetto's Variadic::String of
  // a null id): type "string", no value.
  bool null_string = t == ArgType::kString && args_->values_[row] == kNullStringId;
  switch (kind_) {
    case kIntValue:
      return !(t == ArgType::kInt || t == ArgType::kUint ||
               t == ArgType::kBool || t == ArgType::kPointer);
    case kStringValue:
      return !(t == ArgType::kString || t == ArgType::kJson) || null_string;
    case kRealValue:
      return t != ArgType::kReal;
    case kValueType:
      return false;
    case kDisplayValue:
      return t == ArgType::kNull || null_string;
  }
  return true;
}

int64_t ArgsTable::ValueColumn::GetInt(uint32_t row) const { return args_->values_[row]; }

double ArgsTable::ValueColumn::GetDouble(uint32_t row) const {
  return args_->real_value(row);
}

StringId ArgsTable::ValueColumn::GetString(uint32_t row) const {
  if (kind_ == kValueType) {
    return args_->type_names_[static_cast<int>(args_->value_type(row))];
  }
  return static_cast<StringId>(args_->values_[row]);
}

std::string_view ArgsTable::ValueColumn::GetText(uint32_t row, const StringPool& pool,
                                                 std::string* scratch) const {
  if (kind_ != kDisplayValue) return Column::GetText(row, pool, scratch);
  int64_t v = args_->values_[row];
  switch (args_->value_type(row)) {
    case ArgType::kString:
    case ArgType::kJson:
      return pool.Get(static_cast<StringId>(v));
    case ArgType::kBool:
      return v ? "true" : "false";
    case ArgType::kUint:
      *scratch = std::to_string(static_cast<uint64_t>(v));
      return *scratch;
    case ArgType::kPointer: {
      char buf[32];
      snprintf(buf, sizeof(buf), "0x%" PRIx64, static_cast<uint64_t>(v));
      *scratch = buf;
      return *scratch;
    }
    case ArgType::kReal:
      *scratch = FormatReal(args_->real_value(row));
      return *scratch;
    case ArgType::kInt:
      *scratch = std::to_string(v);
      return *scratch;
    case ArgType::kNull:
      break;
  }
  return {};
}

void ArgsTable::Add(uint32_t set, StringId flat, StringId k, ArgType type,
                    int64_t raw) {
  arg_set_id.Append(set);
  key.Append(k);
  values_.push_back(raw);
  uint8_t tag = static_cast<uint8_t>(type);
  if (flat != k) {
    flat_keys_.push_back({rows_, flat});
    tag |= kHasFlatKey;
  }
  types_.push_back(tag);
  NextRow();
}

void ArgsTable::Truncate(uint32_t rows) {
  if (rows >= rows_) return;
  if (pending_begin_ > rows) pending_begin_ = rows;
  arg_set_id.mutable_data().resize(rows);
  key.mutable_data().resize(rows);
  while (!flat_keys_.empty() && flat_keys_.back().row >= rows) flat_keys_.pop_back();
  values_.resize(rows);
  types_.resize(rows);
  rows_ = rows;
}

bool ArgsTable::ShouldProbe() {
  // Sets that never repeat (a fresh value in each) would pay the hash and
  // a cache miss each for nothing: after a window of probes with almost no
  // hits, sets skip the cache for a while, then probing resumes.
  if (skip_left_ > 0) {
    --skip_left_;
    return false;
  }
  if (++probes_ < kProbeWindow) return true;
  if (probe_hits_ * 256 < probes_) skip_left_ = kSkipRun;
  probes_ = 0;
  probe_hits_ = 0;
  return true;
}

void ArgsTable::CountSharedUse(uint32_t set) {
  ++probe_hits_;
  if (set_uses_[set] < kPinnedUses) ++set_uses_[set];
}

uint64_t ArgsTable::HashRows(uint32_t begin, uint32_t end) const {
  // Strings by their content's hash, not their ids: which sets share a
  // cache slot (and so which are shared) must not depend on intern order.
  uint64_t h = end - begin;
  for (uint32_t r = begin; r < end; ++r) {
    h = HashCombine(h, (uint64_t{pool_->HashOf(flat_key_of(r))} << 32) | pool_->HashOf(key[r]));
    ArgType type = value_type(r);
    uint64_t value = static_cast<uint64_t>(values_[r]);
    if (type == ArgType::kString || type == ArgType::kJson) {
      value = pool_->HashOf(static_cast<StringId>(value));
    }
    h = HashCombine(h, value ^ (static_cast<uint64_t>(types_[r]) << 56));
  }
  return h;
}

uint32_t ArgsTable::SetRows(uint32_t set, uint32_t* first) const {
  if (set == Uint32Column::kNull || set >= set_first_.size() || set_uses_[set] == 0) return 0;
  // A set ends where the next one (or the set being built) begins.
  uint32_t end = set + 1 < set_first_.size() ? set_first_[set + 1] : pending_begin_;
  *first = set_first_[set];
  return end > *first ? end - *first : 0;
}

bool ArgsTable::SameRows(uint32_t set, uint32_t begin, uint32_t end) const {
  uint32_t first = 0;
  if (set_uses_[set] == 0 || SetRows(set, &first) != end - begin) return false;
  for (uint32_t i = 0; i < end - begin; ++i) {
    uint32_t a = first + i, b = begin + i;
    if (key[a] != key[b] || types_[a] != types_[b] || values_[a] != values_[b] ||
        flat_key_of(a) != flat_key_of(b)) {
      return false;
    }
  }
  return true;
}

uint32_t ArgsTable::FinishSet(bool shareable) {
  uint32_t begin = pending_begin_, end = rows_;
  // Two candidate cache slots per hash, side by side (one cache line):
  // repeats survive most collisions.
  RecentSet* slots[2] = {nullptr, nullptr};
  uint64_t hash = 0;
  if (shareable && !ShouldProbe()) shareable = false;
  last_hashed_ = shareable;
  if (shareable) {
    hash = HashRows(begin, end);
    last_hash_ = hash;
    RecentBucket& bucket = recent_[hash & (kRecentSets / 2 - 1)];
    slots[0] = &bucket.ways[0];
    slots[1] = &bucket.ways[1];
    for (RecentSet* slot : slots) {
      if (slot->set != 0 && slot->hash == hash && SameRows(slot->set, begin, end)) {
        Truncate(begin);
        CountSharedUse(slot->set);
        return slot->set;
      }
    }
  }
  uint32_t set = next_set_id_++;
  if (set_first_.size() < set) {  // Ids start at 1: slot 0 is unused.
    set_first_.resize(set);
    set_uses_.resize(set);
  }
  set_first_.push_back(begin);
  set_uses_.push_back(1);
  if (shareable) {
    RecentSet* target = slots[0]->set == 0 ? slots[0] : slots[1];
    if (target->set != 0) target = (set & 1) ? slots[0] : slots[1];
    *target = {hash, set};
  }
  pending_begin_ = rows_;
  return set;
}

bool ArgsTable::ShareIfCached(uint32_t set, uint64_t hash) {
  // FinishSet() would probe (skip_left_ == 0), meet the slots in this
  // order and share the first one holding equal rows. A slot with the same
  // hash but another set might hold equal rows too: only FinishSet() can
  // tell, so that case is left to it.
  if (skip_left_ > 0 || set == 0 || set >= set_uses_.size() || set_uses_[set] == 0) return false;
  RecentBucket& bucket = recent_[hash & (kRecentSets / 2 - 1)];
  for (const RecentSet& slot : bucket.ways) {
    if (slot.set == 0 || slot.hash != hash) continue;
    if (slot.set != set) return false;
    ShouldProbe();  // Counts the probe, as FinishSet() would.
    CountSharedUse(set);
    last_hash_ = hash;
    last_hashed_ = true;
    return true;
  }
  return false;
}

void ArgsTable::ReleaseSet(uint32_t set) {
  // Unknown, already released, or used too often to count: kept.
  if (set == Uint32Column::kNull || set >= set_uses_.size() || set_uses_[set] == 0 ||
      set_uses_[set] == kPinnedUses) {
    return;
  }
  if (--set_uses_[set] > 0) return;
  // Uses 0: the set reads as empty, never matches a cached lookup again,
  // and Compact() drops its rows.
  has_released_rows_ = true;
}

void ArgsTable::CopyRows(uint32_t from_set, uint32_t into_set) {
  uint32_t first = 0;
  uint32_t count = SetRows(from_set, &first);
  for (uint32_t i = 0; i < count; ++i) {
    uint32_t r = first + i;
    Add(into_set, flat_key_of(r), key[r], value_type(r), values_[r]);
  }
}

uint32_t ArgsTable::MergeSets(uint32_t base, uint32_t extra) {
  uint32_t set = BeginSet();
  CopyRows(base, set);
  uint32_t extra_first = 0;
  uint32_t extra_count = SetRows(extra, &extra_first);
  uint32_t base_end = rows_;
  for (uint32_t i = 0; i < extra_count; ++i) MergeRow(set, extra_first + i, base_end);
  uint32_t merged = rows_ == pending_begin_ ? Uint32Column::kNull : FinishSet();
  ReleaseSet(base);
  ReleaseSet(extra);
  return merged;
}

void ArgsTable::MergeRow(uint32_t set, uint32_t r, uint32_t base_end) {
  StringId k = key[r];
  std::string_view text = pool_->Get(k);
  size_t open = text.find('[');
  size_t close = open == std::string_view::npos ? open : text.find(']', open);
  if (close != std::string_view::npos) {
    // Renumber the element after the base's elements of the same array.
    std::string prefix(text.substr(0, open + 1));
    uint32_t next = 0;
    for (uint32_t b = pending_begin_; b < base_end; ++b) {
      std::string_view other = pool_->Get(key[b]);
      if (other.size() <= prefix.size() || other.compare(0, prefix.size(), prefix) != 0) continue;
      uint32_t index = static_cast<uint32_t>(strtoul(other.data() + prefix.size(), nullptr, 10));
      next = std::max(next, index + 1);
    }
    if (next > 0) {
      uint32_t index = static_cast<uint32_t>(strtoul(text.data() + open + 1, nullptr, 10));
      std::string renamed = prefix + std::to_string(next + index);
      renamed.append(text.substr(close));
      k = pool_->Intern(renamed);
    }
  }
  for (uint32_t m = pending_begin_; m < rows_; ++m) {
    if (key[m] != k) continue;
    values_[m] = values_[r];
    types_[m] = static_cast<uint8_t>((types_[m] & kHasFlatKey) | static_cast<uint8_t>(value_type(r)));
    return;
  }
  Add(set, flat_key_of(r), k, value_type(r), values_[r]);
}

uint32_t ArgsTable::WithArg(uint32_t base, StringId k, ArgType type, int64_t raw) {
  uint32_t set = BeginSet();
  CopyRows(base, set);
  Add(set, k, k, type, raw);
  uint32_t result = FinishSet();
  ReleaseSet(base);
  return result;
}

int64_t ArgsTable::FindArg(uint32_t set, StringId k) const {
  uint32_t first = 0;
  uint32_t count = SetRows(set, &first);
  for (uint32_t r = first; r < first + count; ++r) {
    if (key[r] == k) return r;
  }
  return -1;
}

void ArgsTable::Finalize() {
  if (has_released_rows_) Compact();
  arg_set_id.set_sorted(true);
}

// Removes released rows in place and re-points each set at its rows (set
// by set: a set's range ends where the next one begins).
void ArgsTable::Compact() {
  auto& sets = arg_set_id.mutable_data();
  auto& keys = key.mutable_data();
  uint32_t kept = 0;
  size_t flat_in = 0, flat_out = 0;  // flat_keys_ is compacted alongside.
  auto move_rows = [&](uint32_t from, uint32_t to, bool keep) {
    for (uint32_t r = from; r < to && r < rows_; ++r) {
      bool has_flat = types_[r] & kHasFlatKey;
      if (!keep) {
        flat_in += has_flat;
        continue;
      }
      if (has_flat) flat_keys_[flat_out++] = {kept, flat_keys_[flat_in++].flat};
      sets[kept] = sets[r];
      keys[kept] = keys[r];
      values_[kept] = values_[r];
      types_[kept] = types_[r];
      ++kept;
    }
  };
  uint32_t n = static_cast<uint32_t>(set_first_.size());
  uint32_t next_first = n > 1 ? set_first_[1] : pending_begin_;
  // In blocks: once per load over every set (src/base/loop_blocks.h).
  ForEachInBlocks(1, n, [&](size_t s) {
    uint32_t first = next_first;
    next_first = s + 1 < n ? set_first_[s + 1] : pending_begin_;
    set_first_[s] = kept;
    move_rows(first, next_first, set_uses_[s] != 0);
  });
  uint32_t pending = kept;  // Rows of a set being built, if any.
  move_rows(pending_begin_, rows_, true);
  pending_begin_ = pending;
  flat_keys_.resize(flat_out);
  Truncate(kept);
  has_released_rows_ = false;
}

size_t ArgsTable::MemoryUsage() const {
  return arg_set_id.MemoryUsage() + key.MemoryUsage() + values_.capacity() * 8 +
         types_.capacity() + flat_keys_.capacity() * sizeof(FlatKey) +
         set_first_.capacity() * 4 + set_uses_.capacity();
}

StringId ArgsTable::StoredFlatKey(uint32_t row) const {
  const FlatKey* it = std::lower_bound(
      flat_keys_.begin(), flat_keys_.end(), row,
      [](const FlatKey& f, uint32_t r) { return f.row < r; });
  return it != flat_keys_.end() && it->row == row ? it->flat : key[row];
}

}  // namespace weft
