// The flamegraph of a tree of frames (id, parent_id, name, values), as
// Perfetto's __intrinsic_flamegraph computes it (flamegraph.h is the SQL
// side). Filters run in the order given on the frame tree:
//   HIDE_FRAME p   frames matching p disappear; their children and their
//                  values (self and aggregated columns) go to their parent;
//   HIDE_STACK p   frames matching p disappear with everything below them;
//   SHOW_STACK p   only stacks through a matching frame are kept (frames
//                  above the match keep no self value).
// A frame matches when the regular expression is found in its name or in
// the text of one of its grouping columns ('i' flag: ignore case). Views:
//   TOP_DOWN       frames merged by (parent, name, grouping values);
//   BOTTOM_UP      each frame with a self value starts a stack read upwards;
//   FROM_FRAME p   top-down from the frames matching p;
//   PIVOT p        FROM_FRAME plus the bottom-up stacks above the matches.
// Depths count 1, 2, ... top-down and -1, -2, ... bottom-up. Siblings are
// laid out by cumulative value (largest first) in [x_start, x_end).
#ifndef SRC_SQL_OPERATORS_FLAMEGRAPH_TREE_H_
#define SRC_SQL_OPERATORS_FLAMEGRAPH_TREE_H_

#include <cstdint>
#include <string>
#include <vector>

namespace weft {

struct FgValue {
  enum class Type { kNull, kInt, kDouble, kText };
  Type type = Type::kNull;
  int64_t i = 0;
  double d = 0;
  std::string s;
  std::string Text() const;  // "" for NULL.
};

struct FgFrame {
  int64_t id = 0;
  bool has_parent = false;
  int64_t parent_id = 0;
  std::string name;
  std::vector<double> values;   // One per FgConfig::value_cols.
  std::vector<FgValue> groups;  // One per FgConfig::group_cols.
  std::vector<FgValue> aggs;    // One per FgConfig::aggs (input column).
};

struct FgPattern {
  std::string regex;
  bool icase = false;
};

struct FgConfig {
  enum class View { kTopDown, kBottomUp, kFromFrame, kPivot };
  enum class Filter { kShowStack, kHideStack, kHideFrame };
  enum class Agg { kSum, kOneOrSummary, kConcatWithComma };
  struct FilterSpec {
    Filter kind;
    FgPattern pattern;
  };
  struct AggSpec {
    Agg kind;
    std::string input, output;
  };
  std::vector<std::string> value_cols;
  View view = View::kTopDown;
  FgPattern view_pattern;
  std::vector<FilterSpec> filters;
  std::vector<std::string> group_cols;
  std::vector<AggSpec> aggs;
};

// Parses the arguments of __intrinsic_flamegraph_config() ('value', col,
// 'view', name, 'view_pattern', regex, flags, 'filter', kind, regex, flags,
// 'grouping', col, 'aggregate', kind, input, output).
bool ParseFgConfig(const std::vector<std::string>& args, FgConfig* out, std::string* error);

struct FgNode {
  std::string name;
  int depth = 0;
  int parent = -1;  // Index in the output.
  std::vector<double> self, cumulative;
  double x_start = 0, x_end = 0;
  std::vector<FgValue> groups;
  std::vector<FgValue> aggs;  // Aggregated, one per FgConfig::aggs.
  bool is_super_root = false;  // The root above depth 1 (flamegraph.cc).
};

// The flamegraph rows in output order (by |depth|, top-down first, then
// x_start). False with |error| for a bad regular expression.
bool ComputeFlamegraph(const std::vector<FgFrame>& frames, const FgConfig& config,
                       std::vector<FgNode>* out, std::string* error);

}  // namespace weft

#endif  // SRC_SQL_OPERATORS_FLAMEGRAPH_TREE_H_
