// SliceTracker: stack maintenance and end-event matching.
#include "src/importers/common/slice_tracker.h"

#include "src/base/numeric.h"

namespace weft {

void SliceTracker::CloseEnded(Stack* stack, int64_t ts, int64_t dur) {
  if (stack->with_end == 0) return;
  // From the innermost slice out, as Perfetto's slice tracker does.
  bool open_inside = false;  // A slice above |i| still waits for its end.
  for (size_t i = stack->size(); i > 0; --i) {
    const OpenSlice& s = (*stack)[i - 1];
    if (s.dur < 0) {
      open_inside = true;
      continue;
    }
    int64_t end = SaturatingAdd(s.ts, s.dur);
    if (open_inside) {
      // Ended (by an end event that skipped the slices inside it) while
      // slices inside it are open: it stays for the rest of its end time,
      // so end events at that time can still close them by name.
      if (ts <= end) continue;
      CutAbove(stack, i - 1, end);
      open_inside = false;
      continue;
    }
    // Zero-length slices stack on each other at the same instant.
    if (end < ts || (end == ts && !(s.dur == 0 && dur == 0))) Pop(stack);
  }
}

void SliceTracker::Pop(Stack* stack) {
  if (stack->back().dur >= 0) --stack->with_end;
  stack->pop_back();
}

void SliceTracker::CutAbove(Stack* stack, size_t index, int64_t end) {
  storage_->stats.Increment(Stat::misplaced_end_event);
  while (stack->size() > index + 1) {
    const OpenSlice& child = stack->back();
    storage_->slice.dur.Set(child.row, end - child.ts);
    Pop(stack);
  }
  Pop(stack);
}

uint32_t SliceTracker::Insert(Stack* stack, uint32_t track, int64_t ts,
                              int64_t dur, const SliceInfo& info) {
  uint32_t depth = static_cast<uint32_t>(stack->size());
  uint32_t parent = stack->empty() ? kNoSlice : stack->back().row;
  SliceTable& slice = storage_->slice;
  uint32_t row;
  if (info.tts != kNoThreadTime) {
    row = slice.InsertWithThreadTime(ts, dur, track, info.cat, info.name, depth,
                                     parent, info.arg_set, info.tts, info.tdur);
  } else {
    row = slice.Insert(ts, dur, track, info.cat, info.name, depth, parent,
                       info.arg_set);
  }
  // Field by field: a braced temporary is copied through the stack with
  // wide loads of narrow stores (a store-forwarding stall per slice).
  OpenSlice& open = stack->emplace_back();
  open.row = row;
  open.ts = ts;
  open.dur = dur;
  if (dur >= 0) ++stack->with_end;
  return row;
}

uint32_t SliceTracker::Begin(uint32_t track, int64_t ts, const SliceInfo& info) {
  Stack& stack = StackFor(track);
  CloseEnded(&stack, ts, -1);
  return Insert(&stack, track, ts, -1, info);
}

uint32_t SliceTracker::Scoped(uint32_t track, int64_t ts, int64_t dur,
                              const SliceInfo& info, Overlap* overlap) {
  Stack& stack = StackFor(track);
  CloseEnded(&stack, ts, dur);
  if (!stack.empty() && stack.back().dur >= 0) {
    const OpenSlice& top = stack.back();
    int64_t end = SaturatingAdd(top.ts, top.dur);
    if (ts < end && SaturatingAdd(ts, dur) > end) {
      overlap->conflicting_slice = top.row;
      return kNoSlice;
    }
  }
  return Insert(&stack, track, ts, dur, info);
}

uint32_t SliceTracker::End(uint32_t track, int64_t ts, const SliceInfo& info) {
  Stack& stack = StackFor(track);
  CloseEnded(&stack, ts, -1);
  SliceTable& slice = storage_->slice;
  for (size_t i = stack.size(); i > 0; --i) {
    OpenSlice& s = stack[i - 1];
    if (s.dur >= 0) continue;
    if (info.cat != kNullStringId && slice.category[s.row] != info.cat) continue;
    StringId name = slice.name[s.row];
    if (info.name != kNullStringId && name != kNullStringId && name != info.name) {
      continue;
    }
    s.dur = ts - s.ts;
    slice.dur.Set(s.row, s.dur);
    if (info.arg_set != Uint32Column::kNull) {
      uint32_t own = slice.arg_set_id[s.row];
      slice.arg_set_id.Set(s.row, storage_->args.MergeSets(own, info.arg_set));
    }
    if (info.tts != kNoThreadTime && slice.thread_ts.IsPresent(s.row) &&
        !slice.thread_ts.IsNull(s.row)) {
      slice.thread_dur.Set(s.row, info.tts - slice.thread_ts.Get(s.row));
    }
    uint32_t row = s.row;
    if (i == stack.size()) {
      stack.pop_back();
    } else if (s.dur >= 0) {
      ++stack.with_end;  // Stays until the slices above it close.
    }
    return row;
  }
  storage_->args.ReleaseSet(info.arg_set);
  return kNoSlice;
}

uint32_t SliceTracker::OpenSliceAt(uint32_t track, int64_t ts) {
  Stack& stack = StackFor(track);
  CloseEnded(&stack, ts, 0);
  return stack.empty() ? kNoSlice : stack.back().row;
}

}  // namespace weft
