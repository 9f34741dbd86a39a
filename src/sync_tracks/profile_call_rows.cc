// Profile call rows: slice columns filled as calls open and end, args last.
#include "src/sync_tracks/profile_call_rows.h"

namespace weft {

ProfileCallStrings::ProfileCallStrings(TraceStorage* storage)
    : category(storage->Intern("ProfileCall")), anonymous(storage->Intern("(anonymous)")),
      url(storage->Intern("url")), line(storage->Intern("line_number")),
      column(storage->Intern("column_number")), script(storage->Intern("script_id")),
      node(storage->Intern("node_id")), samples(storage->Intern("sample_count")) {}

ProfileCallRows::ProfileCallRows(const CpuProfile& profile, uint32_t utid,
                                 const ProfileCallStrings& strings, TrackTracker* tracks,
                                 TraceStorage* storage)
    : profile_(profile), utid_(utid), strings_(strings), tracks_(tracks), storage_(storage) {
  const StringPool& pool = storage->pool();
  names_.reserve(profile.nodes.size());
  for (const CpuProfileNode& node : profile.nodes) {
    names_.push_back(pool.Get(node.function_name).empty() ? strings.anonymous : node.function_name);
  }
  if (profile.nodes.size() <= (size_t{1} << 14)) {  // At most 1 MB.
    small_count_sets_.assign(profile.nodes.size() * kSmallCounts, 0);
  }
}

void ProfileCallRows::OpenCall(int64_t ts, int32_t node) {
  if (count_ == 0) {
    track_ = tracks_->ThreadTrack(utid_);
    first_row_ = storage_->slice.row_count();
  }
  uint32_t i = count_ - written_;
  if (i == kBlock) {
    WritePending();
    i = 0;
  }
  // Depth and parent come with the re-nesting, the arg set last: until
  // then the arg set cell holds the node.
  PendingRows& p = *pending_;
  p.ts[i] = ts;
  p.dur[i] = 0;
  p.name[i] = names_[node];
  p.sample_count[i] = 0;
  p.node[i] = static_cast<uint32_t>(node);
  p.ended[i] = false;
  ++count_;
}

void ProfileCallRows::EndCall(uint32_t call, int64_t dur, uint32_t sample_count) {
  if (call >= written_) {
    pending_->dur[call - written_] = dur;
    pending_->sample_count[call - written_] = sample_count;
    pending_->ended[call - written_] = true;
    return;
  }
  storage_->slice.dur.Set(first_row_ + call, dur);
  storage_->slice.parent_id.Set(first_row_ + call, sample_count);  // Until its arg set is made.
  // Calls end innermost first: mostly the last one.
  for (size_t i = open_written_.size(); i-- > 0;) {
    if (open_written_[i] == call) {
      open_written_.erase(open_written_.begin() + static_cast<std::ptrdiff_t>(i));
      break;
    }
  }
}

void ProfileCallRows::MakeArgs() {
  PendingRows& p = *pending_;
  Uint32Column& arg_set_id = storage_->slice.arg_set_id;
  const Uint32Column& sample_count = storage_->slice.parent_id;  // Until re-nesting.
  uint32_t end = open_written_.empty() ? count_ : open_written_.front();
  uint32_t call = args_made_;
  for (; call < end && call < written_; ++call) {
    uint32_t row = first_row_ + call;
    arg_set_id.Set(row, ArgsFor(arg_set_id[row], sample_count[row]));
  }
  for (; call < end && p.ended[call - written_]; ++call) {
    uint32_t i = call - written_;
    p.node[i] = ArgsFor(p.node[i], p.sample_count[i]);
  }
  args_made_ = call;
}

void ProfileCallRows::WritePending() {
  MakeArgs();
  const PendingRows& p = *pending_;
  // The parent cells hold the sample counts until re-nesting.
  SliceTable::RowBlock block{track_, strings_.category, p.ts, p.dur, p.name, p.sample_count,
                             p.node};
  // No other slice is written during the walk: the calls' rows follow on.
  storage_->slice.InsertBlock(block, count_ - written_);
  for (uint32_t call = written_; call < count_; ++call) {
    if (!p.ended[call - written_]) open_written_.push_back(call);
  }
  written_ = count_;
}

void ProfileCallRows::WriteArgs() {
  WritePending();
  MakeArgs();  // Every call has ended: the rest.
}

uint32_t ProfileCallRows::ArgsFor(uint32_t node_index, uint32_t sample_count) {
  uint32_t* small = nullptr;
  if (sample_count < kSmallCounts && !small_count_sets_.empty()) {
    small = &small_count_sets_[size_t{node_index} * kSmallCounts + sample_count];
    if (*small) return *small;
  }
  uint64_t key = (uint64_t{node_index} << 32) | sample_count;
  if (!small) {
    if (uint32_t cached = args_cache_.Find(key)) return cached;
  }
  const CpuProfileNode& node = profile_.nodes[node_index];
  ArgsTable& args = storage_->args;
  uint32_t set = args.BeginSet();
  if (node.url != kNullStringId && !storage_->pool().Get(node.url).empty()) {
    args.AddString(set, strings_.url, strings_.url, node.url);
  }
  args.AddInt(set, strings_.line, strings_.line, node.line_number);
  args.AddInt(set, strings_.column, strings_.column, node.column_number);
  args.AddInt(set, strings_.script, strings_.script, node.script_id);
  args.AddInt(set, strings_.node, strings_.node, node.id);
  args.AddInt(set, strings_.samples, strings_.samples, sample_count);
  uint32_t finished = args.FinishSet();
  if (small) {
    *small = finished;
  } else {
    args_cache_.Insert(key, finished);
  }
  return finished;
}

size_t ArgSetCache::SlotOf(uint64_t key) const {
  size_t mask = slots_.size() - 1;
  size_t i = static_cast<size_t>((key * 0x9e3779b97f4a7c15ull) >> 32) & mask;
  while (slots_[i].set != 0 && slots_[i].key != key) i = (i + 1) & mask;
  return i;
}

uint32_t ArgSetCache::Find(uint64_t key) const { return slots_[SlotOf(key)].set; }

void ArgSetCache::Insert(uint64_t key, uint32_t set) {
  if (2 * (used_ + 1) > slots_.size()) {  // Keep it at most half full.
    std::vector<Slot> old(2 * slots_.size(), Slot{0, 0});
    old.swap(slots_);
    for (const Slot& slot : old) {
      if (slot.set != 0) slots_[SlotOf(slot.key)] = slot;
    }
  }
  slots_[SlotOf(key)] = Slot{key, set};
  ++used_;
}

}  // namespace weft
