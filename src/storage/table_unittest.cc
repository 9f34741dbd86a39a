#include "src/storage/table.h"

#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "src/storage/misc_tables.h"
#include "src/storage/track_tables.h"

namespace weft {
namespace {

const Table* FindTable(const std::vector<const Table*>& tables,
                       const std::string& name) {
  for (const Table* t : tables) {
    if (t->name() == name) return t;
  }
  return nullptr;
}

// Columns join their table as they are constructed: the members'
// declaration order is the table's column order, with no second list.
class DeclaredTable final : public StoredTable {
 public:
  DeclaredTable() : StoredTable("declared") {}
  IdColumn id{this, "id"};
  Int64Column ts{this, "ts"};
  StringColumn name{this, "name"};
  AliasColumn alias{this, "alias", &ts, kHidden};
  Uint32Column last{this, "last"};
};

TEST(TableTest, ColumnsAreTheMembersInDeclarationOrder) {
  DeclaredTable table;
  std::vector<std::string> names;
  for (const Column* c : table.columns()) names.push_back(c->name());
  EXPECT_EQ(names, (std::vector<std::string>{"id", "ts", "name", "alias", "last"}));
  EXPECT_EQ(table.FindColumn("last"), &table.last);
}

TEST(TableTest, ReserveRowsReservesEveryStoringColumn) {
  DeclaredTable table;
  table.ReserveRows(5000);
  EXPECT_GE(table.ts.MemoryUsage(), 5000u * 8);
  EXPECT_GE(table.name.MemoryUsage(), 5000u * 4);
  EXPECT_GE(table.last.MemoryUsage(), 5000u * 4);
  EXPECT_EQ(table.row_count(), 0u);
}

TEST(TableTest, ColumnWithoutTableStandsAlone) {
  Int64Column loose(nullptr, "loose");
  loose.Append(3);
  EXPECT_EQ(loose.GetInt(0), 3);
}

TEST(TableViewTest, SubsetOfParentRows) {
  TrackTable track;
  StringPool pool;
  for (int i = 0; i < 5; ++i) {
    TrackTable::Row row;
    row.name = pool.Intern("t" + std::to_string(i));
    row.utid = static_cast<uint32_t>(i * 10);
    track.Insert(row, pool.Intern("slice"));
  }
  TableView view("v", &track, {"id", "name", "utid", "no_such_column"});
  view.mutable_rows() = {1, 3};
  EXPECT_EQ(view.name(), "v");
  EXPECT_EQ(view.row_count(), 2u);
  ASSERT_EQ(view.columns().size(), 3u) << "unknown names are skipped";
  const Column* id = view.FindColumn("id");
  ASSERT_NE(id, nullptr);
  EXPECT_EQ(id->GetInt(0), 1);
  EXPECT_EQ(id->GetInt(1), 3);
  EXPECT_FALSE(id->is_id()) << "ids no longer equal the view's row index";
  EXPECT_TRUE(id->sorted());
  const Column* utid = view.FindColumn("utid");
  ASSERT_NE(utid, nullptr);
  EXPECT_FALSE(utid->hidden()) << "views show context columns hidden in track";
  EXPECT_TRUE(track.FindColumn("utid")->hidden());
  EXPECT_EQ(utid->GetInt(1), 30);
  std::string scratch;
  EXPECT_EQ(view.FindColumn("name")->GetText(0, pool, &scratch), "t1");
}

class TrackViewsTest : public ::testing::Test {
 protected:
  uint32_t Add(TrackEventType kind, uint32_t utid, uint32_t upid,
               uint32_t cpu) {
    TrackTable::Row row;
    row.event_type = kind;
    row.utid = utid;
    row.upid = upid;
    row.cpu = cpu;
    return track_.Insert(
        row, pool_.Intern(kind == TrackEventType::kCounter ? "counter" : "slice"));
  }
  std::vector<int64_t> Ids(const char* table) {
    const Table* t = FindTable(views_.tables(), table);
    EXPECT_NE(t, nullptr) << table;
    std::vector<int64_t> ids;
    if (!t) return ids;
    const Column* id = t->FindColumn("id");
    for (uint32_t r = 0; r < t->row_count(); ++r) ids.push_back(id->GetInt(r));
    return ids;
  }

  static constexpr uint32_t N = Uint32Column::kNull;
  StringPool pool_;
  TrackTable track_;
  TrackViews views_{&track_};
};

TEST_F(TrackViewsTest, ChildTablesShareIdsWithTrack) {
  Add(TrackEventType::kSlice, 1, N, N);     // 0: thread_track
  Add(TrackEventType::kSlice, N, 2, N);     // 1: process_track
  Add(TrackEventType::kSlice, N, N, N);     // 2: global: no child table
  Add(TrackEventType::kCounter, N, 3, N);   // 3: process_counter_track
  Add(TrackEventType::kCounter, 4, N, N);   // 4: thread_counter_track
  Add(TrackEventType::kCounter, N, N, 0);   // 5: cpu_counter_track
  Add(TrackEventType::kSlice, 5, N, N);     // 6: thread_track
  Add(TrackEventType::kCounter, N, N, N);   // 7: counter_track only
  Add(TrackEventType::kState, N, 6, N);     // 8: process_state_track
  Add(TrackEventType::kState, 7, N, N);     // 9: thread_state_track
  Add(TrackEventType::kState, N, N, N);     // 10: state_track only
  views_.Refresh();
  EXPECT_EQ(Ids("thread_track"), (std::vector<int64_t>{0, 6}));
  EXPECT_EQ(Ids("process_track"), (std::vector<int64_t>{1}));
  EXPECT_EQ(Ids("counter_track"), (std::vector<int64_t>{3, 4, 5, 7}));
  EXPECT_EQ(Ids("process_counter_track"), (std::vector<int64_t>{3}));
  EXPECT_EQ(Ids("thread_counter_track"), (std::vector<int64_t>{4}));
  EXPECT_EQ(Ids("cpu_counter_track"), (std::vector<int64_t>{5}));
  EXPECT_EQ(Ids("state_track"), (std::vector<int64_t>{8, 9, 10}));
  EXPECT_EQ(Ids("process_state_track"), (std::vector<int64_t>{8}));
  EXPECT_EQ(Ids("thread_state_track"), (std::vector<int64_t>{9}));

  const Table* tt = FindTable(views_.tables(), "thread_track");
  EXPECT_EQ(tt->FindColumn("utid")->GetInt(1), 5);
  EXPECT_EQ(tt->FindColumn("upid"), nullptr);
  const Table* ct = FindTable(views_.tables(), "cpu_counter_track");
  EXPECT_EQ(ct->FindColumn("cpu")->GetInt(0), 0);

  // Refresh is idempotent and picks up new rows.
  views_.Refresh();
  EXPECT_EQ(Ids("thread_track"), (std::vector<int64_t>{0, 6}));
  Add(TrackEventType::kSlice, 9, N, N);
  views_.Refresh();
  EXPECT_EQ(Ids("thread_track"), (std::vector<int64_t>{0, 6, 11}));
}

TEST_F(TrackViewsTest, AllViewsHaveBaseColumns) {
  views_.Refresh();
  std::set<std::string> names;
  for (const Table* t : views_.tables()) {
    names.insert(t->name());
    for (const char* col : {"id", "name", "type", "parent_id"}) {
      EXPECT_NE(t->FindColumn(col), nullptr) << t->name() << "." << col;
    }
    EXPECT_EQ(t->row_count(), 0u);
  }
  EXPECT_EQ(names.size(), 11u);
  EXPECT_TRUE(names.count("cpu_track"));
  EXPECT_TRUE(names.count("derived_track"));
}

TEST_F(TrackViewsTest, DerivedTracksOfEveryKind) {
  Add(TrackEventType::kSlice, N, N, N);    // 0: not derived
  Add(TrackEventType::kSlice, N, N, N);    // 1: derived slice track
  Add(TrackEventType::kCounter, N, N, N);  // 2: derived counter track
  track_.analysis.Set(1, pool_.Intern("a"));
  track_.analysis.Set(2, pool_.Intern("b"));
  views_.Refresh();
  EXPECT_EQ(Ids("derived_track"), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(Ids("counter_track"), (std::vector<int64_t>{2}));
}

TEST(StatsTableTest, EveryStatHasARow) {
  StringPool pool;
  StatsTable stats(&pool);
  EXPECT_EQ(stats.name(), "stats");
  ASSERT_EQ(stats.row_count(), static_cast<uint32_t>(Stat::kCount));
  const Column* name = stats.FindColumn("name");
  const Column* value = stats.FindColumn("value");
  const Column* severity = stats.FindColumn("severity");
  const Column* source = stats.FindColumn("source");
  const Column* description = stats.FindColumn("description");
  const Column* idx = stats.FindColumn("idx");
  ASSERT_TRUE(name && value && severity && source && description && idx);
  std::set<std::string> names;
  std::string scratch;
  for (uint32_t r = 0; r < stats.row_count(); ++r) {
    std::string n(name->GetText(r, pool, &scratch));
    EXPECT_FALSE(n.empty());
    EXPECT_EQ(n, GetStatInfo(static_cast<Stat>(r)).name);
    names.insert(n);
    EXPECT_FALSE(value->IsNull(r));
    EXPECT_EQ(value->GetInt(r), 0);
    std::string sev(severity->GetText(r, pool, &scratch));
    EXPECT_TRUE(sev == "info" || sev == "data_loss" || sev == "error") << sev;
    std::string src(source->GetText(r, pool, &scratch));
    EXPECT_TRUE(src == "trace" || src == "analysis") << src;
    EXPECT_FALSE(description->GetText(r, pool, &scratch).empty());
    EXPECT_TRUE(idx->IsNull(r));
  }
  EXPECT_EQ(names.size(), static_cast<size_t>(Stat::kCount)) << "unique names";
  EXPECT_TRUE(names.count("misplaced_end_event"));
}

TEST(StatsTableTest, IndexedStatsAreRowsAfterTheSingleOnesInKeyOrder) {
  StringPool pool;
  StatsTable stats(&pool);
  const uint32_t singles = static_cast<uint32_t>(Stat::kCount);
  stats.SetIndexed(IndexedStat::traced_buf_bytes_written, 1, 10);
  stats.SetIndexed(IndexedStat::traced_buf_bytes_written, 0, 20, /*machine=*/2);
  stats.IncrementIndexed(IndexedStat::traced_buf_bytes_written, 0, 5);
  stats.IncrementIndexed(IndexedStat::traced_buf_bytes_written, 0, 1);
  stats.SetIndexed(IndexedStat::traced_buf_buffer_size, 3, 0);
  ASSERT_EQ(stats.row_count(), singles + 4);
  EXPECT_EQ(stats.GetIndexed(IndexedStat::traced_buf_bytes_written, 0), 6);
  EXPECT_EQ(stats.GetIndexed(IndexedStat::traced_buf_bytes_written, 0, 2), 20);
  EXPECT_FALSE(stats.GetIndexed(IndexedStat::traced_buf_bytes_written, 7).has_value());
  const Column* name = stats.FindColumn("name");
  const Column* idx = stats.FindColumn("idx");
  const Column* value = stats.FindColumn("value");
  const Column* machine = stats.FindColumn("machine_id");
  const Column* trace = stats.FindColumn("trace_id");
  ASSERT_TRUE(name && idx && value && machine && trace);
  std::string scratch;
  // (stat, machine, idx) order: buffer_size first (declared first), then
  // bytes_written of machine 0 (idx 0, 1) and of machine 2.
  const struct { const char* name; int64_t idx, value, machine; } kRows[] = {
      {"traced_buf_buffer_size", 3, 0, 0},
      {"traced_buf_bytes_written", 0, 6, 0},
      {"traced_buf_bytes_written", 1, 10, 0},
      {"traced_buf_bytes_written", 0, 20, 2},
  };
  for (uint32_t i = 0; i < 4; ++i) {
    uint32_t r = singles + i;
    EXPECT_EQ(name->GetText(r, pool, &scratch), kRows[i].name) << i;
    EXPECT_EQ(idx->GetInt(r), kRows[i].idx) << i;
    EXPECT_EQ(value->GetInt(r), kRows[i].value) << i;
    EXPECT_EQ(machine->GetInt(r), kRows[i].machine) << i;
    EXPECT_FALSE(trace->IsNull(r));
  }
  // Global stats have no machine and no trace; the others machine 0, trace 0.
  uint32_t global = static_cast<uint32_t>(Stat::parse_trace_duration_ns);
  EXPECT_TRUE(machine->IsNull(global) && trace->IsNull(global));
  uint32_t scoped = static_cast<uint32_t>(Stat::flow_duplicate_id);
  EXPECT_FALSE(machine->IsNull(scoped) || trace->IsNull(scoped));
  EXPECT_EQ(machine->GetInt(scoped), 0);
}

TEST(MetadataTableTest, SetReplacesTheKeyOfItsMachineOnly) {
  StringPool pool;
  MetadataTable m;
  StringId key = pool.Intern("k"), single = pool.Intern("single");
  m.SetInt(key, single, 1);
  m.SetInt(key, single, 2, /*machine=*/0, MetadataTable::kNone);
  m.SetInt(key, single, 3);
  ASSERT_EQ(m.row_count(), 2u);
  EXPECT_EQ(m.int_value[0], 3);
  EXPECT_EQ(m.machine_id[0], MetadataTable::kNone);
  EXPECT_EQ(m.trace_id[0], 0u);
  EXPECT_EQ(m.int_value[1], 2);
  EXPECT_EQ(m.Find(key, 0), 1u);
  EXPECT_EQ(m.Find(pool.Intern("other")), MetadataTable::kNone);
}

TEST(StatsTableTest, IncrementAndSet) {
  StringPool pool;
  StatsTable stats(&pool);
  stats.Increment(Stat::flow_duplicate_id);
  stats.Increment(Stat::flow_duplicate_id, 4);
  stats.Set(Stat::json_unknown_phase, 77);
  EXPECT_EQ(stats.Get(Stat::flow_duplicate_id), 5);
  EXPECT_EQ(stats.Get(Stat::json_unknown_phase), 77);
  EXPECT_EQ(stats.Get(Stat::misplaced_end_event), 0);
  const Column* value = stats.FindColumn("value");
  EXPECT_EQ(value->GetInt(static_cast<uint32_t>(Stat::flow_duplicate_id)), 5);
  EXPECT_EQ(value->GetInt(static_cast<uint32_t>(Stat::json_unknown_phase)), 77);
}

}  // namespace
}  // namespace weft
