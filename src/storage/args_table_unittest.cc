#include "src/storage/args_table.h"

#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace weft {
namespace {

class ArgsTableTest : public ::testing::Test {
 protected:
  StringId S(const char* s) { return pool_.Intern(s); }

  // Adds an int arg "k<v>" = v to |set|.
  void AddInt(uint32_t set, int64_t v) {
    StringId k = S(("k" + std::to_string(v)).c_str());
    args_.AddInt(set, k, k, v);
  }

  // All (set, value) pairs in row order.
  std::vector<std::pair<uint32_t, int64_t>> Rows() const {
    std::vector<std::pair<uint32_t, int64_t>> out;
    for (uint32_t r = 0; r < args_.row_count(); ++r) {
      out.emplace_back(args_.arg_set_id[r], args_.raw_value(r));
    }
    return out;
  }

  const Column* Col(const char* name) const {
    const Column* c = args_.FindColumn(name);
    EXPECT_NE(c, nullptr) << name;
    return c;
  }

  std::string Text(const char* col, uint32_t row) {
    return std::string(Col(col)->GetText(row, pool_, &scratch_));
  }

  StringPool pool_;
  ArgsTable args_{&pool_};
  std::string scratch_;
};

using RowList = std::vector<std::pair<uint32_t, int64_t>>;

TEST_F(ArgsTableTest, FlatKeysThatDifferSurviveDedupeReleaseAndCompaction) {
  // Set 1: an array element (flat key differs) between plain args.
  uint32_t a = args_.BeginSet();
  AddInt(a, 1);
  args_.AddInt(a, S("list"), S("list[0]"), 7);
  AddInt(a, 2);
  args_.FinishSet();
  // Set 2 is released; set 3 repeats set 1 but for the array's flat key,
  // so it must not be shared with it.
  uint32_t b = args_.BeginSet();
  args_.AddInt(b, S("gone"), S("gone[3]"), 1);
  uint32_t released = args_.FinishSet();
  uint32_t c = args_.BeginSet();
  AddInt(c, 1);
  args_.AddInt(c, S("other"), S("list[0]"), 7);
  AddInt(c, 2);
  uint32_t c_id = args_.FinishSet();
  EXPECT_NE(c_id, a);
  // Set 4 is dropped before it is finished.
  uint32_t d = args_.BeginSet();
  args_.AddInt(d, S("undone"), S("undone[0]"), 5);
  args_.Truncate(args_.row_count() - 1);
  args_.ReleaseSet(released);
  args_.Finalize();
  ASSERT_EQ(args_.row_count(), 6u);
  std::vector<std::string> flat, key;
  for (uint32_t r = 0; r < args_.row_count(); ++r) {
    flat.push_back(Text("flat_key", r));
    key.push_back(Text("key", r));
  }
  EXPECT_EQ(flat, (std::vector<std::string>{"k1", "list", "k2", "k1", "other", "k2"}));
  EXPECT_EQ(key, (std::vector<std::string>{"k1", "list[0]", "k2", "k1", "list[0]", "k2"}));
  EXPECT_EQ(args_.value_type(1), ArgType::kInt);
}

TEST_F(ArgsTableTest, SetIdsStartAtOne) {
  EXPECT_EQ(args_.row_count(), 0u);
  uint32_t a = args_.BeginSet();
  AddInt(a, 1);
  AddInt(a, 2);
  EXPECT_EQ(args_.FinishSet(), a);
  uint32_t b = args_.BeginSet();
  AddInt(b, 3);
  EXPECT_EQ(args_.FinishSet(), b);
  EXPECT_EQ(a, 1u);
  EXPECT_NE(a, b);
  EXPECT_EQ(args_.row_count(), 3u);
  args_.Finalize();
  EXPECT_EQ(Rows(), (RowList{{a, 1}, {a, 2}, {b, 3}}));
  EXPECT_TRUE(args_.arg_set_id.sorted());
}

TEST_F(ArgsTableTest, FindArg) {
  uint32_t a = args_.BeginSet();
  AddInt(a, 1);
  AddInt(a, 2);
  args_.FinishSet();
  uint32_t b = args_.BeginSet();
  AddInt(b, 1);
  AddInt(b, 3);
  args_.FinishSet();
  args_.Finalize();
  EXPECT_EQ(args_.FindArg(a, S("k2")), 1);
  EXPECT_EQ(args_.FindArg(b, S("k1")), 2);
  EXPECT_EQ(args_.FindArg(b, S("k3")), 3);
  EXPECT_EQ(args_.FindArg(a, S("k3")), -1);
  EXPECT_EQ(args_.FindArg(b, S("k2")), -1);
  EXPECT_EQ(args_.FindArg(99, S("k1")), -1);
  EXPECT_EQ(args_.FindArg(0, S("k1")), -1) << "0 is not a set id";
  EXPECT_EQ(args_.FindArg(Uint32Column::kNull, S("k1")), -1);
}

TEST_F(ArgsTableTest, IdenticalSetsAreShared) {
  uint32_t a = args_.BeginSet();
  AddInt(a, 1);
  AddInt(a, 2);
  a = args_.FinishSet();
  uint32_t b = args_.BeginSet();
  AddInt(b, 1);
  AddInt(b, 2);
  EXPECT_EQ(args_.FinishSet(), a) << "same args: same set";
  EXPECT_EQ(args_.row_count(), 2u) << "the duplicate rows are removed";
  uint32_t c = args_.BeginSet();
  AddInt(c, 1);
  AddInt(c, 2);
  uint32_t unshared = args_.FinishSet(/*shareable=*/false);
  EXPECT_NE(unshared, a);
  EXPECT_EQ(args_.row_count(), 4u);
  uint32_t d = args_.BeginSet();
  AddInt(d, 1);
  uint32_t subset = args_.FinishSet();
  EXPECT_NE(subset, a) << "a prefix is a different set";
  args_.Finalize();
  EXPECT_GE(args_.FindArg(unshared, S("k2")), 0);
  EXPECT_EQ(args_.FindArg(subset, S("k2")), -1);
}

TEST_F(ArgsTableTest, ShareIfCachedSharesExactlyWhenFinishSetWould) {
  uint32_t a = args_.BeginSet();
  AddInt(a, 1);
  a = args_.FinishSet();
  uint64_t hash = 0;
  ASSERT_TRUE(args_.LastFinishHash(&hash));
  EXPECT_TRUE(args_.ShareIfCached(a, hash)) << "a cached set is shared without rows";
  EXPECT_EQ(args_.row_count(), 1u);
  EXPECT_FALSE(args_.ShareIfCached(a, hash + 1)) << "another hash: not in the cache";
  EXPECT_FALSE(args_.ShareIfCached(0, hash));
  // Released down to no uses, a set is never shared again.
  args_.ReleaseSet(a);
  EXPECT_TRUE(args_.ShareIfCached(a, hash));
  args_.ReleaseSet(a);
  args_.ReleaseSet(a);
  EXPECT_FALSE(args_.ShareIfCached(a, hash));
  // Not shareable: no hash to remember.
  uint32_t b = args_.BeginSet();
  AddInt(b, 2);
  args_.FinishSet(/*shareable=*/false);
  EXPECT_FALSE(args_.LastFinishHash(&hash));
}

TEST_F(ArgsTableTest, SetsThatNeverRepeatSkipTheCacheForAWhile) {
  StringId key = S("value");
  auto set_of = [&](int64_t v) {
    uint32_t set = args_.BeginSet();
    args_.AddInt(set, key, key, v);
    return args_.FinishSet();
  };
  // Repeats keep the cache on: every other set is a repeat.
  for (int i = 0; i < 5000; ++i) set_of(i % 2 == 0 ? -1 : i);
  uint32_t repeated = set_of(-1);
  EXPECT_EQ(set_of(-1), repeated);
  // Two probe windows (4096 sets each) of fresh values without a hit: the
  // next sets are not looked up, so a repeat gets a set of its own...
  for (int i = 0; i < 8192; ++i) set_of(1000000 + i);
  uint32_t first = set_of(7);
  EXPECT_NE(set_of(7), first) << "no lookups while skipping";
  // ...until the skip run (65536 sets) ends and probing resumes: then
  // repeats (1 in 100, enough to stay on) are shared again.
  std::set<uint32_t> repeat_ids;
  int repeats = 0;
  for (int i = 0; i < 70000; ++i) {
    if (i % 100 == 0) {
      repeat_ids.insert(set_of(-5));
      ++repeats;
    } else {
      set_of(2000000 + i);
    }
  }
  EXPECT_LT(repeat_ids.size(), static_cast<size_t>(repeats) - 20)
      << "probing again after the skip run";
}

TEST_F(ArgsTableTest, ReleaseSetDropsRowsOnLastUse) {
  uint32_t a = args_.BeginSet();
  AddInt(a, 1);
  a = args_.FinishSet();
  uint32_t b = args_.BeginSet();
  AddInt(b, 2);
  AddInt(b, 3);
  b = args_.FinishSet();
  uint32_t b2 = args_.BeginSet();
  AddInt(b2, 2);
  AddInt(b2, 3);
  EXPECT_EQ(args_.FinishSet(), b);  // Second use of b.
  uint32_t c = args_.BeginSet();
  AddInt(c, 4);
  c = args_.FinishSet();
  args_.ReleaseSet(b);
  args_.Finalize();
  EXPECT_EQ(Rows(), (RowList{{a, 1}, {b, 2}, {b, 3}, {c, 4}})) << "one use left";
  args_.ReleaseSet(b);
  args_.ReleaseSet(b);  // Extra releases are ignored.
  args_.ReleaseSet(Uint32Column::kNull);
  args_.Finalize();
  EXPECT_EQ(Rows(), (RowList{{a, 1}, {c, 4}}));
  EXPECT_EQ(args_.FindArg(c, S("k4")), 1);
  EXPECT_EQ(args_.FindArg(b, S("k2")), -1);
}

TEST_F(ArgsTableTest, MergeSets) {
  uint32_t base = args_.BeginSet();
  AddInt(base, 1);
  base = args_.FinishSet();
  uint32_t other = args_.BeginSet();
  AddInt(other, 7);
  other = args_.FinishSet();
  uint32_t extra = args_.BeginSet();
  AddInt(extra, 2);
  AddInt(extra, 3);
  extra = args_.FinishSet(/*shareable=*/false);
  uint32_t merged = args_.MergeSets(base, extra);
  ASSERT_NE(merged, Uint32Column::kNull);
  args_.Finalize();
  for (int v : {1, 2, 3}) {
    EXPECT_GE(args_.FindArg(merged, S(("k" + std::to_string(v)).c_str())), 0) << v;
  }
  EXPECT_EQ(args_.FindArg(merged, S("k7")), -1);
  // Inputs were released: only |other| and |merged| remain, grouped.
  EXPECT_EQ(args_.row_count(), 4u);
  EXPECT_EQ(args_.FindArg(base, S("k1")), -1);
  EXPECT_EQ(args_.FindArg(extra, S("k2")), -1);
  EXPECT_GE(args_.FindArg(other, S("k7")), 0);
  for (uint32_t r = 1; r < args_.row_count(); ++r) {
    EXPECT_LE(args_.arg_set_id[r - 1], args_.arg_set_id[r]);
  }
}

TEST_F(ArgsTableTest, MergeSetsWithNull) {
  uint32_t a = args_.BeginSet();
  AddInt(a, 1);
  a = args_.FinishSet();
  EXPECT_EQ(args_.MergeSets(Uint32Column::kNull, Uint32Column::kNull), Uint32Column::kNull);
  uint32_t m = args_.MergeSets(a, Uint32Column::kNull);
  ASSERT_NE(m, Uint32Column::kNull);
  uint32_t n = args_.MergeSets(Uint32Column::kNull, m);
  ASSERT_NE(n, Uint32Column::kNull);
  args_.Finalize();
  EXPECT_GE(args_.FindArg(n, S("k1")), 0);
  EXPECT_EQ(args_.row_count(), 1u);
}

TEST_F(ArgsTableTest, MergeSetsUpdatesKeysAndContinuesArrays) {
  uint32_t base = args_.BeginSet();
  args_.AddInt(base, S("v"), S("v"), 1);
  args_.AddInt(base, S("a"), S("a[0]"), 10);
  args_.AddInt(base, S("a"), S("a[1]"), 11);
  args_.AddInt(base, S("d.x"), S("d.x"), 5);
  base = args_.FinishSet(/*shareable=*/false);
  uint32_t extra = args_.BeginSet();
  args_.AddInt(extra, S("v"), S("v"), 2);           // Updates v.
  args_.AddInt(extra, S("a"), S("a[0]"), 12);       // Becomes a[2].
  args_.AddInt(extra, S("a.b"), S("a[1].b"), 13);   // Becomes a[3].b.
  args_.AddInt(extra, S("d.y"), S("d.y"), 6);       // New member.
  args_.AddInt(extra, S("n"), S("n[0]"), 7);        // New array: kept as is.
  extra = args_.FinishSet(/*shareable=*/false);
  uint32_t merged = args_.MergeSets(base, extra);
  args_.Finalize();
  std::vector<std::string> keys;
  for (uint32_t r = 0; r < args_.row_count(); ++r) {
    ASSERT_EQ(args_.arg_set_id[r], merged);
    keys.push_back(std::string(pool_.Get(args_.key[r])) + "=" +
                   std::to_string(args_.raw_value(r)));
  }
  EXPECT_EQ(keys, (std::vector<std::string>{"v=2", "a[0]=10", "a[1]=11", "d.x=5", "a[2]=12",
                                            "a[3].b=13", "d.y=6", "n[0]=7"}));
}

TEST_F(ArgsTableTest, WithArg) {
  uint32_t a = args_.BeginSet();
  AddInt(a, 1);
  a = args_.FinishSet();
  uint32_t b = args_.WithArg(a, S("extra"), ArgType::kInt, 99);
  uint32_t c = args_.WithArg(Uint32Column::kNull, S("only"), ArgType::kInt, 5);
  args_.Finalize();
  ASSERT_GE(args_.FindArg(b, S("k1")), 0);
  ASSERT_GE(args_.FindArg(b, S("extra")), 0);
  EXPECT_EQ(args_.raw_value(static_cast<uint32_t>(args_.FindArg(b, S("extra")))), 99);
  EXPECT_EQ(args_.FindArg(a, S("k1")), -1) << "released";
  ASSERT_GE(args_.FindArg(c, S("only")), 0);
  EXPECT_EQ(args_.row_count(), 3u);
}

TEST_F(ArgsTableTest, TruncateRollsBackUnfinishedSet) {
  uint32_t a = args_.BeginSet();
  AddInt(a, 1);
  AddInt(a, 2);
  a = args_.FinishSet();
  uint32_t rows = args_.row_count();
  uint32_t b = args_.BeginSet();
  AddInt(b, 3);
  AddInt(b, 4);
  args_.Truncate(rows);
  EXPECT_EQ(args_.row_count(), 2u);
  args_.Truncate(10);  // Beyond the end: no-op.
  EXPECT_EQ(args_.row_count(), 2u);
  uint32_t c = args_.BeginSet();
  EXPECT_EQ(c, b) << "the rolled-back id is reused";
  AddInt(c, 5);
  c = args_.FinishSet();
  args_.Finalize();
  EXPECT_EQ(Rows(), (RowList{{a, 1}, {a, 2}, {c, 5}}));
}

TEST_F(ArgsTableTest, ManySetsWithSharingAndReleases) {
  // 3000 sets over 100 distinct contents; every 3rd result released.
  std::vector<uint32_t> ids;
  for (int s = 0; s < 3000; ++s) {
    uint32_t id = args_.BeginSet();
    for (int j = 0; j < 3; ++j) AddInt(id, (s % 100) * 10 + j);
    ids.push_back(args_.FinishSet());
  }
  EXPECT_EQ(args_.row_count(), 300u);
  for (int s = 0; s < 3000; ++s) {
    ASSERT_EQ(ids[static_cast<size_t>(s)], ids[static_cast<size_t>(s % 100)]);
  }
  // Release every use of contents 0..49.
  for (int s = 0; s < 3000; ++s) {
    if (s % 100 < 50) args_.ReleaseSet(ids[static_cast<size_t>(s)]);
  }
  args_.Finalize();
  EXPECT_EQ(args_.row_count(), 150u);
  for (int s = 0; s < 100; ++s) {
    StringId k = pool_.Find("k" + std::to_string(s * 10 + 2));
    if (s < 50) {
      EXPECT_EQ(args_.FindArg(ids[static_cast<size_t>(s)], k), -1) << s;
    } else {
      ASSERT_GE(args_.FindArg(ids[static_cast<size_t>(s)], k), 0) << s;
    }
  }
  for (uint32_t r = 1; r < args_.row_count(); ++r) {
    ASSERT_LE(args_.arg_set_id[r - 1], args_.arg_set_id[r]);
  }
}

TEST_F(ArgsTableTest, SetRangesSurviveEmptySetsPinnedSetsAndCompaction) {
  uint32_t a = args_.BeginSet();
  AddInt(a, 1);
  args_.FinishSet();
  uint32_t empty = args_.BeginSet();
  EXPECT_EQ(args_.FinishSet(/*shareable=*/false), empty);
  uint32_t b = args_.BeginSet();
  AddInt(b, 2);
  AddInt(b, 3);
  args_.FinishSet();
  // Set c is shared 300 times: more uses than are counted, so it is kept
  // even after 300 releases.
  uint32_t c = 0;
  for (int i = 0; i < 300; ++i) {
    uint32_t s = args_.BeginSet();
    AddInt(s, 4);
    c = args_.FinishSet();
  }
  for (int i = 0; i < 300; ++i) args_.ReleaseSet(c);
  args_.ReleaseSet(a);
  args_.Finalize();
  EXPECT_EQ(Rows(), (RowList{{b, 2}, {b, 3}, {c, 4}}));
  EXPECT_EQ(args_.FindArg(a, S("k1")), -1);
  EXPECT_EQ(args_.FindArg(b, S("k3")), 1);
  EXPECT_EQ(args_.FindArg(c, S("k4")), 2);
  EXPECT_EQ(args_.FindArg(empty, S("k2")), -1);
  // Sets after compaction still merge with the right rows.
  uint32_t merged = args_.MergeSets(b, c);
  EXPECT_EQ(args_.FindArg(merged, S("k2")), 3);
  EXPECT_EQ(args_.FindArg(merged, S("k4")), 5);
}

TEST_F(ArgsTableTest, ComputedValueColumns) {
  uint32_t s = args_.BeginSet();
  StringId k = S("k");
  args_.AddInt(s, k, k, -5);                       // 0
  args_.AddUint(s, k, k, 18446744073709551615ull);  // 1
  args_.AddReal(s, k, k, 1.5);                      // 2
  args_.AddString(s, k, k, S("hello"));             // 3
  args_.AddBool(s, k, k, true);                     // 4
  args_.AddBool(s, k, k, false);                    // 5
  args_.Add(s, k, k, ArgType::kPointer, 0xdeadbeef);  // 6
  args_.Add(s, k, k, ArgType::kJson, S("{\"a\":1}"));  // 7
  args_.Add(s, k, k, ArgType::kNull, 0);           // 8
  args_.FinishSet();
  args_.Finalize();

  const Column* iv = Col("int_value");
  const Column* sv = Col("string_value");
  const Column* rv = Col("real_value");
  const Column* vt = Col("value_type");
  const Column* dv = Col("display_value");
  ASSERT_TRUE(iv && sv && rv && vt && dv);
  EXPECT_EQ(iv->type(), ColumnType::kInt64);
  EXPECT_EQ(sv->type(), ColumnType::kString);
  EXPECT_EQ(rv->type(), ColumnType::kDouble);
  EXPECT_EQ(vt->type(), ColumnType::kString);
  EXPECT_EQ(dv->type(), ColumnType::kString);

  // int_value: ints, uints, bools, pointers.
  const bool int_present[] = {1, 1, 0, 0, 1, 1, 1, 0, 0};
  const bool str_present[] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  const bool real_present[] = {0, 0, 1, 0, 0, 0, 0, 0, 0};
  for (uint32_t r = 0; r < 9; ++r) {
    EXPECT_EQ(!iv->IsNull(r), int_present[r]) << r;
    EXPECT_EQ(!sv->IsNull(r), str_present[r]) << r;
    EXPECT_EQ(!rv->IsNull(r), real_present[r]) << r;
    EXPECT_FALSE(vt->IsNull(r)) << r;
  }
  EXPECT_EQ(iv->GetInt(0), -5);
  EXPECT_EQ(iv->GetInt(4), 1);
  EXPECT_EQ(iv->GetInt(5), 0);
  EXPECT_EQ(iv->GetInt(6), 0xdeadbeef);
  EXPECT_EQ(rv->GetDouble(2), 1.5);
  EXPECT_EQ(Text("string_value", 3), "hello");
  EXPECT_EQ(Text("string_value", 7), "{\"a\":1}");

  const char* types[] = {"int",  "uint",    "real", "string", "bool",
                         "bool", "pointer", "json", "null"};
  for (uint32_t r = 0; r < 9; ++r) EXPECT_EQ(Text("value_type", r), types[r]) << r;

  EXPECT_EQ(Text("display_value", 0), "-5");
  EXPECT_EQ(Text("display_value", 1), "18446744073709551615");
  EXPECT_DOUBLE_EQ(std::strtod(Text("display_value", 2).c_str(), nullptr), 1.5);
  EXPECT_EQ(Text("display_value", 3), "hello");
  EXPECT_EQ(Text("display_value", 4), "true");
  EXPECT_EQ(Text("display_value", 5), "false");
  EXPECT_EQ(Text("display_value", 6), "0xdeadbeef");
  EXPECT_EQ(Text("display_value", 7), "{\"a\":1}");
  EXPECT_TRUE(dv->IsNull(8));
  EXPECT_FALSE(dv->text_is_pooled());
  EXPECT_TRUE(vt->text_is_pooled());
}

}  // namespace
}  // namespace weft
