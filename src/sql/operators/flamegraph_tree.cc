// Flamegraph computation: filters on the frame tree, then a merged tree per
// view, then layout (see flamegraph_tree.h).
#include "src/sql/operators/flamegraph_tree.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <map>
#include <regex>
#include <set>
#include <unordered_map>

namespace weft {

std::string FgValue::Text() const {
  char buf[64];
  switch (type) {
    case Type::kNull: return "";
    case Type::kInt: std::snprintf(buf, sizeof(buf), "%" PRId64, i); return buf;
    case Type::kDouble: std::snprintf(buf, sizeof(buf), "%g", d); return buf;
    case Type::kText: return s;
  }
  return "";
}

namespace {

using Config = FgConfig;

// A frame of the working tree (filters change parents and values).
struct Work {
  const FgFrame* frame;
  int parent = -1;
  bool alive = true;
  std::vector<double> self;
  std::vector<std::vector<FgValue>> aggs;  // Values merged into the frame.
};

struct Matcher {
  std::regex re;
  bool Matches(const Work& w) const {
    if (std::regex_search(w.frame->name, re)) return true;
    for (const FgValue& g : w.frame->groups) {
      if (g.type != FgValue::Type::kNull && std::regex_search(g.Text(), re)) return true;
    }
    return false;
  }
};

bool MakeMatcher(const FgPattern& p, Matcher* m, std::string* error) {
  try {
    auto flags = std::regex::ECMAScript;
    if (p.icase) flags |= std::regex::icase;
    m->re = std::regex(p.regex, flags);
    return true;
  } catch (const std::regex_error&) {
    *error = "invalid regular expression: " + p.regex;
    return false;
  }
}

// Alive frames, parents before children.
std::vector<int> TopoOrder(const std::vector<Work>& w) {
  std::vector<std::vector<int>> children(w.size());
  std::vector<int> order, stack;
  for (size_t i = 0; i < w.size(); ++i) {
    if (!w[i].alive) continue;
    if (w[i].parent < 0) stack.push_back(static_cast<int>(i));
    else children[static_cast<size_t>(w[i].parent)].push_back(static_cast<int>(i));
  }
  std::reverse(stack.begin(), stack.end());
  while (!stack.empty()) {
    int n = stack.back();
    stack.pop_back();
    order.push_back(n);
    auto& c = children[static_cast<size_t>(n)];
    for (auto it = c.rbegin(); it != c.rend(); ++it) stack.push_back(*it);
  }
  return order;
}

void HideFrames(const Matcher& m, std::vector<Work>* w) {
  for (int n : TopoOrder(*w)) {
    Work& node = (*w)[static_cast<size_t>(n)];
    if (!m.Matches(node)) continue;
    node.alive = false;
    if (node.parent >= 0) {
      Work& p = (*w)[static_cast<size_t>(node.parent)];
      for (size_t v = 0; v < p.self.size(); ++v) p.self[v] += node.self[v];
      for (size_t a = 0; a < p.aggs.size(); ++a) {
        p.aggs[a].insert(p.aggs[a].end(), node.aggs[a].begin(), node.aggs[a].end());
      }
    }
    for (Work& c : *w) {
      if (c.alive && c.parent == n) c.parent = node.parent;
    }
  }
}

void HideStacks(const Matcher& m, std::vector<Work>* w) {
  for (int n : TopoOrder(*w)) {
    Work& node = (*w)[static_cast<size_t>(n)];
    bool parent_dead = node.parent >= 0 && !(*w)[static_cast<size_t>(node.parent)].alive;
    if (parent_dead || m.Matches(node)) node.alive = false;
  }
}

void ShowStacks(const Matcher& m, std::vector<Work>* w) {
  std::vector<int> order = TopoOrder(*w);
  std::vector<bool> on_path(w->size()), below(w->size());
  for (int n : order) {
    const Work& node = (*w)[static_cast<size_t>(n)];
    on_path[static_cast<size_t>(n)] =
        m.Matches(node) || (node.parent >= 0 && on_path[static_cast<size_t>(node.parent)]);
  }
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const Work& node = (*w)[static_cast<size_t>(*it)];
    bool has = below[static_cast<size_t>(*it)] || m.Matches(node);
    if (has && node.parent >= 0) below[static_cast<size_t>(node.parent)] = true;
  }
  for (int n : order) {
    Work& node = (*w)[static_cast<size_t>(n)];
    if (on_path[static_cast<size_t>(n)]) continue;
    if (!below[static_cast<size_t>(n)]) {
      node.alive = false;
      continue;
    }
    std::fill(node.self.begin(), node.self.end(), 0.0);
    for (auto& a : node.aggs) a.clear();
  }
}

// The merged output tree of one view part (top-down or bottom-up).
struct Merged {
  struct Node {
    const FgFrame* frame;
    int parent;
    std::vector<double> self, cumulative;
    std::vector<std::vector<FgValue>> aggs;
    std::vector<int> children;
  };
  std::vector<Node> nodes;
  std::vector<int> roots;
  std::map<std::pair<int, std::string>, int> index;
  size_t n_values = 0, n_aggs = 0;

  int Child(int parent, const FgFrame* f) {
    std::string key = f->name;
    for (const FgValue& g : f->groups) key += '\x1f' + std::to_string(static_cast<int>(g.type)) + g.Text();
    auto it = index.find({parent, key});
    if (it != index.end()) return it->second;
    int id = static_cast<int>(nodes.size());
    nodes.push_back({f, parent, std::vector<double>(n_values), std::vector<double>(n_values),
                     std::vector<std::vector<FgValue>>(n_aggs), {}});
    (parent < 0 ? roots : nodes[static_cast<size_t>(parent)].children).push_back(id);
    index[{parent, key}] = id;
    return id;
  }
  void AddAggs(int n, const Work& w) {
    for (size_t a = 0; a < n_aggs; ++a) {
      auto& dst = nodes[static_cast<size_t>(n)].aggs[a];
      dst.insert(dst.end(), w.aggs[a].begin(), w.aggs[a].end());
    }
  }
  void SumCumulative(int n) {
    Node& node = nodes[static_cast<size_t>(n)];
    node.cumulative = node.self;
    for (int c : node.children) {
      SumCumulative(c);
      for (size_t v = 0; v < n_values; ++v) {
        node.cumulative[v] += nodes[static_cast<size_t>(c)].cumulative[v];
      }
    }
  }
};

// Top-down copy of |w|'s subtree at |n| under merged node |parent|.
void AddSubtree(const std::vector<Work>& w, const std::vector<std::vector<int>>& children, int n,
                int parent, Merged* out) {
  const Work& node = w[static_cast<size_t>(n)];
  int m = out->Child(parent, node.frame);
  for (size_t v = 0; v < node.self.size(); ++v) out->nodes[static_cast<size_t>(m)].self[v] += node.self[v];
  out->AddAggs(m, node);
  for (int c : children[static_cast<size_t>(n)]) AddSubtree(w, children, c, m, out);
}

// The stack above |n| read upwards, every level adding |value|; the first
// level (|n| itself) also gets it as self value.
void AddStackUp(const std::vector<Work>& w, int n, const std::vector<double>& value, Merged* out) {
  int m = -1;
  for (int cur = n; cur >= 0; cur = w[static_cast<size_t>(cur)].parent) {
    m = out->Child(m, w[static_cast<size_t>(cur)].frame);
    auto& node = out->nodes[static_cast<size_t>(m)];
    for (size_t v = 0; v < value.size(); ++v) {
      if (cur == n) node.self[v] += value[v];
      node.cumulative[v] += value[v];
    }
    out->AddAggs(m, w[static_cast<size_t>(cur)]);
  }
}

std::vector<double> SubtreeValue(const std::vector<Work>& w,
                                 const std::vector<std::vector<int>>& children, int n) {
  std::vector<double> total = w[static_cast<size_t>(n)].self;
  for (int c : children[static_cast<size_t>(n)]) {
    std::vector<double> sub = SubtreeValue(w, children, c);
    for (size_t v = 0; v < total.size(); ++v) total[v] += sub[v];
  }
  return total;
}

FgValue Aggregate(Config::Agg kind, const std::vector<FgValue>& values) {
  FgValue out;
  std::vector<const FgValue*> present;
  for (const FgValue& v : values) {
    if (v.type != FgValue::Type::kNull) present.push_back(&v);
  }
  if (present.empty()) return out;
  if (kind == Config::Agg::kSum) {
    bool all_int = std::all_of(present.begin(), present.end(),
                               [](const FgValue* v) { return v->type == FgValue::Type::kInt; });
    out.type = all_int ? FgValue::Type::kInt : FgValue::Type::kDouble;
    for (const FgValue* v : present) {
      out.i += v->i;
      out.d += v->type == FgValue::Type::kInt ? static_cast<double>(v->i) : v->d;
    }
    return out;
  }
  out.type = FgValue::Type::kText;
  if (kind == Config::Agg::kConcatWithComma) {
    for (const FgValue* v : present) out.s += (out.s.empty() ? "" : ",") + v->Text();
    return out;
  }
  std::set<std::string> distinct;
  for (const FgValue* v : present) distinct.insert(v->Text());
  out.s = present[0]->Text();
  if (distinct.size() > 1) out.s += " and " + std::to_string(distinct.size()) + " others";
  return out;
}

// Appends |m|'s nodes to |out| with depths from |sign| (1 or -1), laid out
// by cumulative value.
void Emit(Merged* m, int sign, const Config& config, std::vector<FgNode>* out,
          std::vector<std::pair<int, int>>* parents) {
  struct Item { int node, out_parent, depth; double x; };
  std::vector<Item> level;
  auto by_size = [m](std::vector<int> ids) {
    std::stable_sort(ids.begin(), ids.end(), [m](int a, int b) {
      return m->nodes[static_cast<size_t>(a)].cumulative[0] > m->nodes[static_cast<size_t>(b)].cumulative[0];
    });
    return ids;
  };
  double x = 0;
  for (int r : by_size(m->roots)) {
    level.push_back({r, -1, sign, x});
    x += m->nodes[static_cast<size_t>(r)].cumulative[0];
  }
  while (!level.empty()) {
    std::vector<Item> next;
    for (const Item& it : level) {
      const auto& n = m->nodes[static_cast<size_t>(it.node)];
      FgNode row;
      row.name = n.frame->name;
      row.depth = it.depth;
      row.self = n.self;
      row.cumulative = n.cumulative;
      row.x_start = it.x;
      row.x_end = it.x + n.cumulative[0];
      row.groups = n.frame->groups;
      for (size_t a = 0; a < config.aggs.size(); ++a) row.aggs.push_back(Aggregate(config.aggs[a].kind, n.aggs[a]));
      int index = static_cast<int>(out->size());
      out->push_back(row);
      parents->push_back({index, it.out_parent});
      double cx = it.x;
      for (int c : by_size(n.children)) {
        next.push_back({c, index, it.depth + sign, cx});
        cx += m->nodes[static_cast<size_t>(c)].cumulative[0];
      }
    }
    level = std::move(next);
  }
}

}  // namespace

bool ComputeFlamegraph(const std::vector<FgFrame>& frames, const FgConfig& config,
                       std::vector<FgNode>* out, std::string* error) {
  size_t n_values = std::max<size_t>(config.value_cols.size(), 1);
  std::vector<Work> w(frames.size());
  std::unordered_map<int64_t, int> by_id;
  for (size_t i = 0; i < frames.size(); ++i) by_id[frames[i].id] = static_cast<int>(i);
  for (size_t i = 0; i < frames.size(); ++i) {
    w[i].frame = &frames[i];
    w[i].self = frames[i].values;
    w[i].self.resize(n_values);
    auto p = frames[i].has_parent ? by_id.find(frames[i].parent_id) : by_id.end();
    w[i].parent = p == by_id.end() ? -1 : p->second;
    for (const FgValue& a : frames[i].aggs) w[i].aggs.push_back({a});
    w[i].aggs.resize(config.aggs.size());
  }
  for (const auto& f : config.filters) {
    Matcher m;
    if (!MakeMatcher(f.pattern, &m, error)) return false;
    if (f.kind == Config::Filter::kHideFrame) HideFrames(m, &w);
    if (f.kind == Config::Filter::kHideStack) HideStacks(m, &w);
    if (f.kind == Config::Filter::kShowStack) ShowStacks(m, &w);
  }
  std::vector<std::vector<int>> children(w.size());
  std::vector<int> order = TopoOrder(w);
  for (int n : order) {
    if (w[static_cast<size_t>(n)].parent >= 0) children[static_cast<size_t>(w[static_cast<size_t>(n)].parent)].push_back(n);
  }
  Merged down, up;
  down.n_values = up.n_values = n_values;
  down.n_aggs = up.n_aggs = config.aggs.size();
  Matcher view;
  bool pattern_view = config.view == Config::View::kFromFrame || config.view == Config::View::kPivot;
  if (pattern_view && !MakeMatcher(config.view_pattern, &view, error)) return false;
  std::vector<bool> matched_above(w.size());
  for (int n : order) {
    const Work& node = w[static_cast<size_t>(n)];
    bool above = node.parent >= 0 && (matched_above[static_cast<size_t>(node.parent)] ||
                                      (pattern_view && view.Matches(w[static_cast<size_t>(node.parent)])));
    matched_above[static_cast<size_t>(n)] = above;
    switch (config.view) {
      case Config::View::kTopDown:
        if (node.parent < 0) AddSubtree(w, children, n, -1, &down);
        break;
      case Config::View::kBottomUp:
        if (std::any_of(node.self.begin(), node.self.end(), [](double v) { return v != 0; })) {
          AddStackUp(w, n, node.self, &up);
        }
        break;
      case Config::View::kFromFrame:
      case Config::View::kPivot:
        if (above || !view.Matches(node)) break;
        AddSubtree(w, children, n, -1, &down);
        if (config.view == Config::View::kPivot) AddStackUp(w, n, SubtreeValue(w, children, n), &up);
        break;
    }
  }
  for (int r : down.roots) down.SumCumulative(r);
  std::vector<FgNode> rows;
  std::vector<std::pair<int, int>> parents;
  Emit(&down, 1, config, &rows, &parents);
  Emit(&up, -1, config, &rows, &parents);
  for (const auto& p : parents) rows[static_cast<size_t>(p.first)].parent = p.second;
  // Output order: |depth|, top-down before bottom-up, then x_start.
  std::vector<int> idx(rows.size());
  for (size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<int>(i);
  std::stable_sort(idx.begin(), idx.end(), [&rows](int a, int b) {
    const FgNode& x = rows[static_cast<size_t>(a)];
    const FgNode& y = rows[static_cast<size_t>(b)];
    if (std::abs(x.depth) != std::abs(y.depth)) return std::abs(x.depth) < std::abs(y.depth);
    if ((x.depth < 0) != (y.depth < 0)) return x.depth > 0;
    return x.x_start < y.x_start;
  });
  std::vector<int> new_index(rows.size());
  for (size_t i = 0; i < idx.size(); ++i) new_index[static_cast<size_t>(idx[i])] = static_cast<int>(i);
  out->clear();
  for (int i : idx) {
    FgNode row = rows[static_cast<size_t>(i)];
    if (row.parent >= 0) row.parent = new_index[static_cast<size_t>(row.parent)];
    out->push_back(std::move(row));
  }
  return true;
}

bool ParseFgConfig(const std::vector<std::string>& args, FgConfig* out, std::string* error) {
  auto pattern = [&](size_t i) { return FgPattern{args[i], args[i + 1].find('i') != std::string::npos}; };
  for (size_t i = 0; i < args.size();) {
    const std::string& key = args[i];
    size_t n = key == "value" || key == "view" || key == "grouping" ? 1
               : key == "view_pattern" ? 2 : key == "filter" || key == "aggregate" ? 3 : 0;
    if (n == 0) {
      *error = "unknown flamegraph config key '" + key + "'";
      return false;
    }
    if (i + n >= args.size()) {
      *error = "flamegraph config '" + key + "' needs " + std::to_string(n) + " values";
      return false;
    }
    if (key == "value") out->value_cols.push_back(args[i + 1]);
    if (key == "grouping") out->group_cols.push_back(args[i + 1]);
    if (key == "view_pattern") out->view_pattern = pattern(i + 1);
    if (key == "view") {
      const std::string& v = args[i + 1];
      out->view = v == "BOTTOM_UP" ? FgConfig::View::kBottomUp
                  : v == "FROM_FRAME" ? FgConfig::View::kFromFrame
                  : v == "PIVOT" ? FgConfig::View::kPivot : FgConfig::View::kTopDown;
    }
    if (key == "filter") {
      const std::string& k = args[i + 1];
      auto kind = k == "SHOW_STACK" ? FgConfig::Filter::kShowStack
                  : k == "HIDE_STACK" ? FgConfig::Filter::kHideStack : FgConfig::Filter::kHideFrame;
      out->filters.push_back({kind, pattern(i + 2)});
    }
    if (key == "aggregate") {
      const std::string& k = args[i + 1];
      auto kind = k == "SUM" ? FgConfig::Agg::kSum
                  : k == "ONE_OR_SUMMARY" ? FgConfig::Agg::kOneOrSummary
                  : FgConfig::Agg::kConcatWithComma;
      out->aggs.push_back({kind, args[i + 2], args[i + 3]});
    }
    i += n + 1;
  }
  if (out->value_cols.empty()) out->value_cols.push_back("value");
  return true;
}

}  // namespace weft
