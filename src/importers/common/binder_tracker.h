// BinderTracker: Android binder transactions from kernel events (ftrace in
// text or protobuf), in timestamp order, as slices and flows the way
// Perfetto shows them (docs/formats/systrace.md, "Binder"):
// - a synchronous transaction is a "binder transaction" slice on the
//   sender's thread, from binder_transaction to the reply's
//   binder_transaction_received, and a "binder reply" slice on the
//   receiver's thread, from binder_transaction_received to its reply's
//   binder_transaction; a flow links the two;
// - a one-way transaction is a zero-duration "binder transaction async"
//   on the sender and "binder async rcv" on the receiver, with a flow;
// - binder_command (BC_*) and binder_return (BR_*) events, when the trace
//   has them, end a "binder transaction" whose reply failed
//   (BR_FAILED_REPLY, BR_DEAD_REPLY, BR_FROZEN_REPLY): a per-thread stack of
//   transaction frames follows where each thread is in the protocol.
#ifndef SRC_IMPORTERS_COMMON_BINDER_TRACKER_H_
#define SRC_IMPORTERS_COMMON_BINDER_TRACKER_H_

#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "src/importers/common/trace_context.h"

namespace weft {

class BinderTracker {
 public:
  explicit BinderTracker(TraceContext* context);

  // binder_transaction, sent by thread |tid|.
  struct Transaction {
    int64_t ts = 0;
    int64_t tid = 0;
    int64_t id = 0;  // debug_id / transaction=
    int64_t dest_node = 0;
    int64_t dest_tgid = 0;
    int64_t dest_tid = 0;
    bool is_reply = false;
    uint32_t flags = 0;
    std::string_view code;  // As printed: "0x3".
  };
  void PushTransaction(const Transaction& t);
  // binder_transaction_received of transaction |id| by thread |tid|.
  void PushReceived(int64_t ts, int64_t tid, int64_t id);
  // binder_command: |cmd| (a BC_* ioctl code) written by thread |tid|.
  void PushCommand(int64_t tid, uint32_t cmd);
  // binder_return: |cmd| (a BR_* ioctl code) read by thread |tid|.
  void PushReturn(int64_t ts, int64_t tid, uint32_t cmd);

 private:
  // A transaction sent and not yet received.
  struct Outstanding {
    Transaction txn;  // code interned below; the view is not kept.
    StringId code = kNullStringId;
    uint32_t send_slice = kNoSlice;
  };
  // Where a thread is in one (possibly nested) synchronous transaction.
  enum class Frame : uint8_t {
    kSndAfterBcTransaction,
    kSndAfterTransaction,
    kSndAfterBrTransactionComplete,
    kSndAfterTransactionReceived,
    kRcvAfterTransactionReceived,
    kRcvAfterBrTransaction,
    kRcvAfterBcReply,
    kRcvAfterTransaction,
  };
  struct FrameState {
    Frame state;
    bool has_txn = false;  // Whether the frame saw its binder_transaction.
    bool is_oneway = false;
    bool is_reply = false;
  };

  uint32_t TrackOf(int64_t tid);
  // The transaction's args (a new set each call).
  uint32_t TransactionArgs(const Outstanding& o);
  // "destination thread" / "destination name" of thread |tid| (a private
  // set, merged into a slice's args).
  uint32_t DestinationArgs(int64_t tid);
  std::vector<FrameState>& StackOf(int64_t tid);
  FrameState* Top(int64_t tid);
  void Pop(int64_t tid);

  TraceContext* ctx_;
  TraceStorage* storage_;
  std::unordered_map<int64_t, Outstanding> outstanding_;  // By transaction id.
  std::unordered_map<uint32_t, std::vector<FrameState>> stacks_;  // By utid.
  StringId binder_, transaction_, transaction_async_, reply_, async_rcv_;
  StringId key_id_, key_dest_node_, key_dest_process_, key_dest_thread_, key_dest_name_,
      key_is_reply_, key_flags_, key_code_, key_calling_tid_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_BINDER_TRACKER_H_
