// PodVector: a growable array of trivially copyable values. Small arrays
// use malloc/realloc; on Linux, arrays of 256 KiB or more live in their
// own mapping and grow with mremap: no copy and no moment where old and
// new copies are both resident. This keeps peak RSS close to the final
// size of the store while columns grow, and a freed array gives its pages
// back at once (glibc serves such sizes from its heap once it has raised
// its mmap threshold, and keeps freed heap memory): the protobuf queue's
// 256 KiB blocks.
//
// A mapped vector has its next step (PagePrefaulter::kStepBytes, 256 KiB)
// faulted in ahead on another thread (src/base/prefaulter.h): capacity_
// is then a window, up to kAskForNextStepAt (15/16) into the current step
// or its end, and passing it (the slow path, twice per step) asks for the
// next step or settles that request.
//
// A vector that grows into its mapping (a table's column) is on 4 KiB
// pages: on transparent huge pages, each column's last, partly used 2 MiB
// page and the next one faulted ahead cost f200c.pb's ~50 columns ~50 MB
// of peak RSS (docs/formats/protobuf.md, 2026-12-03). One sized at once
// to 2 MiB or more (a reserve() or resize() of an empty vector: text
// blocks, lookup tables, a known number of rows) is all used, so it is on
// huge pages: one fault per 2 MiB and fewer TLB misses.
#ifndef SRC_BASE_POD_VECTOR_H_
#define SRC_BASE_POD_VECTOR_H_

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <new>
#include <type_traits>

#include "src/base/huge_page_map.h"
#include "src/base/prefaulter.h"

#ifdef WEFT_HUGE_PAGE_MAP
#define WEFT_POD_VECTOR_MREMAP 1
#endif

namespace weft {

template <typename T>
class PodVector {
  static_assert(std::is_trivially_copyable<T>::value, "PodVector needs POD");

 public:
  using value_type = T;
  using iterator = T*;
  using const_iterator = const T*;

  PodVector() = default;
  explicit PodVector(size_t n) { resize(n); }
  PodVector(size_t n, const T& v) { assign(n, v); }
  PodVector(std::initializer_list<T> values) {
    resize(values.size());
    if (size_) memcpy(data_, values.begin(), size_ * sizeof(T));
  }
  PodVector(const PodVector& o) { *this = o; }
  PodVector(PodVector&& o) noexcept { swap(o); }
  PodVector& operator=(const PodVector& o) {
    if (this != &o) {
      resize(o.size_);
      if (size_) memcpy(data_, o.data_, size_ * sizeof(T));
    }
    return *this;
  }
  PodVector& operator=(PodVector&& o) noexcept {
    swap(o);
    return *this;
  }
  ~PodVector() { Release(); }

  void swap(PodVector& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(size_, o.size_);
    std::swap(capacity_, o.capacity_);
    std::swap(mapped_bytes_, o.mapped_bytes_);
#ifdef WEFT_POD_VECTOR_MREMAP
    std::swap(huge_pages_, o.huge_pages_);
#endif
#ifdef WEFT_PREFAULTER
    std::swap(prefault_, o.prefault_);
    std::swap(reserved_, o.reserved_);
#endif
  }

  void push_back(const T& v) {
    if (size_ == capacity_) Grow(size_ + 1);
    data_[size_++] = v;
  }
  void pop_back() { --size_; }
  void resize(size_t n) {
    if (n > capacity_) Grow(n);
    if (n > size_) memset(static_cast<void*>(data_ + size_), 0, (n - size_) * sizeof(T));
    size_ = n;
  }
  void resize(size_t n, const T& v) {
    size_t old = size_;
    if (n > capacity_) Grow(n);
    for (size_t i = old; i < n; ++i) data_[i] = v;
    size_ = n;
  }
  // Grows by |n| elements left uninitialized (the caller fills them).
  T* append_uninitialized(size_t n) {
    if (size_ + n > capacity_) Grow(size_ + n);
    T* out = data_ + size_;
    size_ += n;
    return out;
  }
  void assign(size_t n, const T& v) {
    size_ = 0;
    resize(n, v);
  }
  void reserve(size_t n) {
    if (n <= capacity()) return;
    Reallocate(n);
#ifdef WEFT_PREFAULTER
    reserved_ = true;
    OpenWindow(size_ + 1);
#endif
  }
  void clear() { size_ = 0; }
  void shrink_to_fit() {
    if (capacity() > size_) Reallocate(size_);
  }

  size_t size() const { return size_; }
  size_t capacity() const { return mapped_bytes_ ? mapped_bytes_ / sizeof(T) : capacity_; }
  bool empty() const { return size_ == 0; }
  T* data() { return data_; }
  const T* data() const { return data_; }
  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }
  T& front() { return data_[0]; }
  const T& front() const { return data_[0]; }
  T& back() { return data_[size_ - 1]; }
  const T& back() const { return data_[size_ - 1]; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }
  void erase(T* first, T* last) {
    size_t tail = static_cast<size_t>(end() - last);
    memmove(static_cast<void*>(first), last, tail * sizeof(T));
    size_ -= static_cast<size_t>(last - first);
  }

 private:
  // Makes room for |min| elements: a bigger allocation, or (a mapped
  // vector) the next window.
  void Grow(size_t min) {
    size_t full = capacity();
    if (min > full || NearMappingEnd(min)) {
      size_t cap = full < 16 ? 16 : full + full / 2;
      Reallocate(cap < min ? min : cap);
#ifdef WEFT_PREFAULTER
      reserved_ = false;
#endif
    }
#ifdef WEFT_PREFAULTER
    OpenWindow(min);
#endif
  }
  // Past the asking mark of the last step of its mapping: a vector
  // prefaulting its pages grows now, so that its next step is faulted in
  // ahead like the others. Not a vector sized by reserve(): it stays where
  // it is until full, as its owner may count on (queue blocks read by
  // another thread).
  bool NearMappingEnd([[maybe_unused]] size_t min) const {
#ifdef WEFT_PREFAULTER
    return !reserved_ && mapped_bytes_ != 0 &&
           min * sizeof(T) > mapped_bytes_ - kStep + kAskForNextStepAt;
#else
    return false;
#endif
  }
  static constexpr size_t kMapThreshold = size_t{256} << 10;
  static constexpr size_t kStep = PagePrefaulter::kStepBytes;

#ifdef WEFT_PREFAULTER
  // How far into a step a vector asks for the next one: late, so few
  // requests are in flight at once and a vector that stops growing seldom
  // has a step faulted in for nothing, early enough for the thread to
  // fault it in while the vector fills the rest (docs/formats/protobuf.md).
  static constexpr size_t kAskForNextStepAt = kStep / 16 * 15;

  // Sets capacity_ (the window) to cover |min| elements: up to the asking
  // mark of the step holding the last of them, past it to the step's end,
  // and then asks for the next step. A vector not mapped gets its whole
  // capacity.
  void OpenWindow(size_t min) {
    if (mapped_bytes_ == 0) return;
    SettleNextStep();  // The step asked for is reached (or never will be).
    size_t need = (min ? min : 1) * sizeof(T);  // Bytes in use once |min| are.
    size_t page = (need - 1) & ~(kStep - 1);
    size_t end = page + kAskForNextStepAt;
    if (need > end) {
      end = page + kStep;
      if (end < mapped_bytes_) {
        prefault_ = PagePrefaulter::Ask(reinterpret_cast<char*>(data_) + end);
      }
    }
    capacity_ = (end < mapped_bytes_ ? end : mapped_bytes_) / sizeof(T);
  }
#endif

  // Settles the request for the next step, if one is open: before the
  // vector writes it, or moves or frees its memory.
  void SettleNextStep() {
#ifdef WEFT_PREFAULTER
    PagePrefaulter::Settle(prefault_);
    prefault_ = PagePrefaulter::kNoTicket;
#endif
  }

  void Release() {
    SettleNextStep();
#ifdef WEFT_POD_VECTOR_MREMAP
    if (mapped_bytes_) {
      munmap(data_, mapped_bytes_);
      return;
    }
#endif
    free(data_);
  }

#ifdef WEFT_POD_VECTOR_MREMAP
  // |old| (a mapping of |old_bytes|, the first |used| in use) as a mapping
  // of |bytes|, on huge pages if |huge|. mremap moves the pages; if it
  // cannot, they are copied.
  static void* Remap(void* old, size_t old_bytes, size_t bytes, size_t used, bool huge) {
    void* p = mremap(old, old_bytes, bytes, MREMAP_MAYMOVE);
    if (p == MAP_FAILED) {
      p = Map(bytes, huge);
      if (p == MAP_FAILED) return p;
      memcpy(p, old, used < bytes ? used : bytes);
      munmap(old, old_bytes);
      return p;
    }
    if (huge) madvise(p, bytes, MADV_HUGEPAGE);
    return p;
  }
  static void* Map(size_t bytes, bool huge) {
    return huge ? MapHugePages(bytes)
                : mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  }
#endif

  void Reallocate(size_t cap) {
    SettleNextStep();  // Before its pages move or go.
    size_t bytes = cap * sizeof(T);
#ifdef WEFT_POD_VECTOR_MREMAP
    if (bytes >= kMapThreshold) {
      // Sized at once or grown into (see the top); decided at the first
      // mapping, kept when it grows.
      if (!mapped_bytes_) huge_pages_ = size_ == 0 && bytes >= kHugePageBytes;
      // Whole pages or steps: a step asked for is all in the mapping.
      bytes = huge_pages_ ? RoundUpToHugePages(bytes) : (bytes + kStep - 1) & ~(kStep - 1);
      void* p;
      if (mapped_bytes_) {
        p = Remap(data_, mapped_bytes_, bytes, size_ * sizeof(T), huge_pages_);
      } else {
        p = Map(bytes, huge_pages_);
        if (p != MAP_FAILED && size_) memcpy(p, static_cast<void*>(data_), size_ * sizeof(T));
        if (p != MAP_FAILED) free(data_);
      }
      if (p == MAP_FAILED) throw std::bad_alloc();
      data_ = static_cast<T*>(p);
      mapped_bytes_ = bytes;
      capacity_ = bytes / sizeof(T);
      return;
    }
    if (mapped_bytes_) {  // Shrinking below the threshold: back to malloc.
      void* p = malloc(bytes ? bytes : 1);
      if (!p) throw std::bad_alloc();
      if (size_) memcpy(p, static_cast<void*>(data_), (size_ < cap ? size_ : cap) * sizeof(T));
      munmap(data_, mapped_bytes_);
      mapped_bytes_ = 0;
      data_ = static_cast<T*>(p);
      capacity_ = cap;
      return;
    }
#endif
    if (cap == 0) {
      free(data_);
      data_ = nullptr;
      capacity_ = 0;
      return;
    }
    void* p = realloc(static_cast<void*>(data_), bytes);
    if (!p) throw std::bad_alloc();
    data_ = static_cast<T*>(p);
    capacity_ = cap;
  }

  T* data_ = nullptr;
  size_t size_ = 0;
  size_t capacity_ = 0;
  size_t mapped_bytes_ = 0;  // Non-zero when data_ is its own mapping.
#ifdef WEFT_POD_VECTOR_MREMAP
  bool huge_pages_ = false;  // Its mapping is on huge pages.
#endif
#ifdef WEFT_PREFAULTER
  int32_t prefault_ = PagePrefaulter::kNoTicket;  // Its next step, asked for.
  bool reserved_ = false;  // Its memory was sized by reserve(), not grown.
#endif
};

}  // namespace weft

#endif  // SRC_BASE_POD_VECTOR_H_
