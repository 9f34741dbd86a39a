// BinderTracker: binder transaction slices, flows and the per-thread
// protocol state that ends failed ones.
#include "src/importers/common/binder_tracker.h"

#include <cstdio>
#include <string>

namespace weft {
namespace {

// Transaction flags (the kernel's uapi binder.h).
constexpr uint32_t kOneWay = 0x01;
constexpr uint32_t kRootObject = 0x04;
constexpr uint32_t kStatusCode = 0x08;
constexpr uint32_t kAcceptFds = 0x10;

// Commands and returns are ioctl codes: the low 16 bits (type letter and
// number) name them; the size bits differ between 32- and 64-bit kernels.
constexpr uint32_t Code(char type, uint32_t nr) {
  return (static_cast<uint32_t>(type) << 8) | nr;
}
constexpr uint32_t kBcTransaction = Code('c', 0);
constexpr uint32_t kBcReply = Code('c', 1);
constexpr uint32_t kBcTransactionSg = Code('c', 17);
constexpr uint32_t kBcReplySg = Code('c', 18);
constexpr uint32_t kBrTransaction = Code('r', 2);  // Also BR_TRANSACTION_SEC_CTX.
constexpr uint32_t kBrReply = Code('r', 3);
constexpr uint32_t kBrDeadReply = Code('r', 5);
constexpr uint32_t kBrTransactionComplete = Code('r', 6);
constexpr uint32_t kBrFailedReply = Code('r', 17);
constexpr uint32_t kBrFrozenReply = Code('r', 18);
constexpr uint32_t kBrOnewaySpamSuspect = Code('r', 19);
constexpr uint32_t kBrTransactionPendingFrozen = Code('r', 20);

// "0x11 this is a one-way call: async, no return; allow replies with file
// descriptors; ", as Perfetto spells the flags arg.
std::string FlagsText(uint32_t flags) {
  char hex[16];
  snprintf(hex, sizeof(hex), "0x%02x ", flags);
  std::string s = hex;
  if (flags & kOneWay) s += "this is a one-way call: async, no return; ";
  if (flags & kRootObject) s += "contents are the components root object; ";
  if (flags & kStatusCode) s += "contents are a 32-bit status code; ";
  if (flags & kAcceptFds) s += "allow replies with file descriptors; ";
  if (flags == 0) s += "No Flags Set";
  return s;
}

}  // namespace

BinderTracker::BinderTracker(TraceContext* context)
    : ctx_(context), storage_(context->storage) {
  binder_ = storage_->Intern("binder");
  transaction_ = storage_->Intern("binder transaction");
  transaction_async_ = storage_->Intern("binder transaction async");
  reply_ = storage_->Intern("binder reply");
  async_rcv_ = storage_->Intern("binder async rcv");
  key_id_ = storage_->Intern("transaction id");
  key_dest_node_ = storage_->Intern("destination node");
  key_dest_process_ = storage_->Intern("destination process");
  key_dest_thread_ = storage_->Intern("destination thread");
  key_dest_name_ = storage_->Intern("destination name");
  key_is_reply_ = storage_->Intern("reply transaction?");
  key_flags_ = storage_->Intern("flags");
  key_code_ = storage_->Intern("code");
  key_calling_tid_ = storage_->Intern("calling tid");
}

uint32_t BinderTracker::TrackOf(int64_t tid) {
  return ctx_->tracks.ThreadTrack(ctx_->processes.GetOrCreateThread(tid));
}

uint32_t BinderTracker::TransactionArgs(const Outstanding& o) {
  ArgsTable& args = storage_->args;
  const Transaction& t = o.txn;
  uint32_t set = args.BeginSet();
  args.AddInt(set, key_id_, key_id_, t.id);
  args.AddInt(set, key_dest_node_, key_dest_node_, t.dest_node);
  args.AddInt(set, key_dest_process_, key_dest_process_, t.dest_tgid);
  args.AddBool(set, key_is_reply_, key_is_reply_, t.is_reply);
  StringId flags = storage_->Intern(FlagsText(t.flags));
  args.AddString(set, key_flags_, key_flags_, flags);
  args.AddString(set, key_code_, key_code_, o.code);
  args.AddInt(set, key_calling_tid_, key_calling_tid_, t.tid);
  return args.FinishSet();
}

uint32_t BinderTracker::DestinationArgs(int64_t tid) {
  uint32_t utid = ctx_->processes.GetOrCreateThread(tid);
  ArgsTable& args = storage_->args;
  uint32_t set = args.BeginSet();
  args.AddInt(set, key_dest_thread_, key_dest_thread_, tid);
  StringId name = storage_->thread.name[utid];
  if (name != kNullStringId) args.AddString(set, key_dest_name_, key_dest_name_, name);
  return args.FinishSet(/*shareable=*/false);
}

void BinderTracker::PushTransaction(const Transaction& t) {
  uint32_t track = TrackOf(t.tid);
  bool is_oneway = (t.flags & kOneWay) != 0;
  Outstanding o;
  o.txn = t;
  o.txn.code = {};
  o.code = storage_->Intern(t.code);
  SliceInfo info;
  info.cat = binder_;
  if (t.is_reply) {
    // Ends the receiver's "binder reply", which learns who it answered.
    SliceInfo end;
    uint32_t extra = DestinationArgs(t.dest_tid);
    end.arg_set = storage_->args.MergeSets(extra, TransactionArgs(o));
    o.send_slice = ctx_->slices.End(track, t.ts, end);
  } else if (is_oneway) {
    info.name = transaction_async_;
    info.arg_set = TransactionArgs(o);
    Overlap overlap;
    o.send_slice = ctx_->slices.Scoped(track, t.ts, 0, info, &overlap);
  } else {
    info.name = transaction_;
    info.arg_set = TransactionArgs(o);
    o.send_slice = ctx_->slices.Begin(track, t.ts, info);
  }
  outstanding_[t.id] = o;

  FrameState* frame = Top(t.tid);
  if (frame == nullptr) return;
  if (frame->state == Frame::kSndAfterBcTransaction) {
    frame->state = Frame::kSndAfterTransaction;
  } else if (frame->state == Frame::kRcvAfterBcReply) {
    frame->state = Frame::kRcvAfterTransaction;
  } else {
    // Received but no BC_REPLY seen: the trace has no command events.
    if (frame->state == Frame::kRcvAfterTransactionReceived) Pop(t.tid);
    return;
  }
  frame->has_txn = true;
  frame->is_oneway = is_oneway;
  frame->is_reply = t.is_reply;
}

void BinderTracker::PushReceived(int64_t ts, int64_t tid, int64_t id) {
  auto it = outstanding_.find(id);
  if (it == outstanding_.end()) return;  // Sent before the trace began.
  Outstanding o = it->second;
  outstanding_.erase(it);
  uint32_t track = TrackOf(tid);
  bool is_oneway = (o.txn.flags & kOneWay) != 0;

  if (!is_oneway && !o.txn.is_reply) {
    StackOf(tid).push_back({Frame::kRcvAfterTransactionReceived, true, false, false});
  } else if (!is_oneway) {
    FrameState* frame = Top(tid);
    if (frame && frame->state == Frame::kSndAfterBrTransactionComplete) {
      frame->state = Frame::kSndAfterTransactionReceived;
    }
  }
  if (o.txn.is_reply) {
    // The reply arrived: the sender's "binder transaction" ends.
    ctx_->slices.End(track, ts, SliceInfo());
    return;
  }
  SliceInfo info;
  info.cat = binder_;
  uint32_t received;
  if (is_oneway) {
    info.name = async_rcv_;
    info.arg_set = TransactionArgs(o);
    Overlap overlap;
    received = ctx_->slices.Scoped(track, ts, 0, info, &overlap);
  } else {
    if (o.send_slice != kNoSlice) {
      SliceTable& slice = storage_->slice;
      uint32_t own = slice.arg_set_id[o.send_slice];
      slice.arg_set_id.Set(o.send_slice, storage_->args.MergeSets(own, DestinationArgs(tid)));
    }
    info.name = reply_;
    received = ctx_->slices.Begin(track, ts, info);
  }
  if (o.send_slice != kNoSlice && received != kNoSlice) {
    storage_->flow.Insert(o.send_slice, received);
  }
}

void BinderTracker::PushCommand(int64_t tid, uint32_t cmd) {
  switch (cmd & 0xffff) {
    case kBcTransaction:
    case kBcTransactionSg:
      StackOf(tid).push_back({Frame::kSndAfterBcTransaction});
      return;
    case kBcReply:
    case kBcReplySg: {
      FrameState* frame = Top(tid);
      if (frame && frame->state == Frame::kRcvAfterBrTransaction) {
        frame->state = Frame::kRcvAfterBcReply;
      }
      return;
    }
    default: return;
  }
}

void BinderTracker::PushReturn(int64_t ts, int64_t tid, uint32_t cmd) {
  FrameState* frame = Top(tid);
  if (frame == nullptr) return;
  switch (cmd & 0xffff) {
    case kBrDeadReply:
    case kBrFailedReply:
    case kBrFrozenReply:
    case kBrTransactionPendingFrozen:
      switch (frame->state) {
        case Frame::kSndAfterBcTransaction: Pop(tid); return;  // No slice opened.
        case Frame::kRcvAfterBcReply:
        case Frame::kSndAfterTransaction:
        case Frame::kRcvAfterTransaction:
        case Frame::kSndAfterBrTransactionComplete:
          // The reply will not come: end the open "binder transaction".
          if (frame->has_txn && !frame->is_oneway && !frame->is_reply) {
            ctx_->slices.End(TrackOf(tid), ts, SliceInfo());
          }
          Pop(tid);
          return;
        default: return;
      }
    case kBrTransactionComplete:
    case kBrOnewaySpamSuspect:
      if (frame->state == Frame::kRcvAfterTransaction ||
          frame->state == Frame::kSndAfterBcTransaction) {
        Pop(tid);
      } else if (frame->state == Frame::kSndAfterTransaction) {
        if (frame->has_txn && !frame->is_oneway) {
          frame->state = Frame::kSndAfterBrTransactionComplete;
        } else {
          Pop(tid);  // A one-way call ends here.
        }
      }
      return;
    case kBrReply:
      if (frame->state == Frame::kSndAfterTransactionReceived) Pop(tid);
      return;
    case kBrTransaction:
      if (frame->state == Frame::kRcvAfterTransactionReceived) {
        frame->state = Frame::kRcvAfterBrTransaction;
      }
      return;
    default: return;
  }
}

std::vector<BinderTracker::FrameState>& BinderTracker::StackOf(int64_t tid) {
  return stacks_[ctx_->processes.GetOrCreateThread(tid)];
}

BinderTracker::FrameState* BinderTracker::Top(int64_t tid) {
  std::vector<FrameState>& stack = StackOf(tid);
  return stack.empty() ? nullptr : &stack.back();
}

void BinderTracker::Pop(int64_t tid) {
  std::vector<FrameState>& stack = StackOf(tid);
  if (!stack.empty()) stack.pop_back();
}

}  // namespace weft
