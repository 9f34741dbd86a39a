// ChunkedVector: an append-only array of trivially copyable values kept in
// fixed-size chunks. Growing never copies (one big array grown by realloc
// copies itself where mremap is missing, as in wasm, and holds the old and
// the new copy at once), and a reader going front to back can free the
// chunks it is done with, so the memory goes back while it is read.
#ifndef SRC_BASE_CHUNKED_VECTOR_H_
#define SRC_BASE_CHUNKED_VECTOR_H_

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>
#include <vector>

#include "src/base/huge_page_map.h"
#include "src/base/prefaulter.h"

#ifdef WEFT_HUGE_PAGE_MAP
#define WEFT_CHUNKED_VECTOR_MMAP 1
#endif

namespace weft {

template <typename T, size_t kChunkBits = 15>
class ChunkedVector {
  static_assert(std::is_trivially_copyable<T>::value, "ChunkedVector needs POD");

 public:
  static constexpr size_t kChunkSize = size_t{1} << kChunkBits;
  static constexpr size_t kChunkBytes = kChunkSize * sizeof(T);

  ChunkedVector() = default;
  ChunkedVector(const ChunkedVector&) = delete;
  ChunkedVector& operator=(const ChunkedVector&) = delete;
  ~ChunkedVector() { clear(); }

  void push_back(const T& v) { *append_uninitialized() = v; }
  // Grows by one value left uninitialized, for the caller to fill in place.
  T* append_uninitialized() {
    size_t offset = size_ & (kChunkSize - 1);
    if (offset == 0) chunks_.push_back(NextChunk());
    ++size_;
    return &chunks_.back()[offset];
  }
  void pop_back() {
    --size_;
    if ((size_ & (kChunkSize - 1)) == 0) {  // Its chunk is empty now.
      FreeChunk(chunks_.back());
      chunks_.pop_back();
    }
  }

  // New chunks come from |prefaulter| when it has one ready (its chunks
  // must be this vector's size); it must outlive the growing, not the
  // vector.
  void set_prefaulter(ChunkPrefaulter* prefaulter) {
    if (prefaulter && prefaulter->chunk_bytes() != kChunkBytes) abort();
    prefaulter_ = prefaulter;
  }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](size_t i) { return chunks_[i >> kChunkBits][i & (kChunkSize - 1)]; }
  const T& operator[](size_t i) const { return chunks_[i >> kChunkBits][i & (kChunkSize - 1)]; }

  // Moves the value at |from| back to |to| (to <= from), the ones between
  // up one place: one memmove per chunk they span.
  void MoveBack(size_t from, size_t to) {
    T item = (*this)[from];
    // [begin, end) is the part of [to, from) in one chunk, last chunk first,
    // so each part's slot past its end is already free.
    for (size_t end = from; end > to;) {
      size_t begin = (end - 1) & ~(kChunkSize - 1);
      if (begin < to) begin = to;
      T* chunk = chunks_[(end - 1) >> kChunkBits];
      size_t first = begin & (kChunkSize - 1);
      size_t count = end - begin;
      if ((end & (kChunkSize - 1)) == 0) {  // Its last value goes to the next chunk.
        (*this)[end] = chunk[first + count - 1];
        --count;
      }
      memmove(static_cast<void*>(chunk + first + 1), chunk + first, count * sizeof(T));
      end = begin;
    }
    (*this)[to] = item;
  }

  // Frees the chunks wholly before index |end|; values there must not be
  // read again (size() stays, indices stay valid for the rest).
  void ReleaseBefore(size_t end) {
    for (size_t c = released_; c < (end >> kChunkBits); ++c) {
      FreeChunk(chunks_[c]);
      chunks_[c] = nullptr;
      released_ = c + 1;
    }
  }

  // Frees chunk |c| alone (for readers that know when a chunk's values are
  // done with); its values must not be read again.
  void ReleaseChunk(size_t c) {
    FreeChunk(chunks_[c]);
    chunks_[c] = nullptr;
  }

  // Empties it and frees every chunk.
  void clear() {
    for (T* chunk : chunks_) FreeChunk(chunk);
    std::vector<T*>().swap(chunks_);
    size_ = 0;
    released_ = 0;
  }

 private:
#ifdef WEFT_CHUNKED_VECTOR_MMAP
  // A chunk of whole 2 MiB pages is mapped on that alignment and asked for
  // transparent huge pages (src/base/huge_page_map.h).
  static constexpr bool kHugeChunks = kChunkBytes % kHugePageBytes == 0;
  static void* MapHugeChunk() { return MapHugePages(kChunkBytes); }
#endif
  // A chunk is filled whole: on Linux its pages come in one call
  // (MAP_POPULATE, or huge pages), not a page fault each.
  static T* NewChunk() {
#ifdef WEFT_CHUNKED_VECTOR_MMAP
    void* p = kHugeChunks ? MapHugeChunk()
                          : mmap(nullptr, kChunkBytes, PROT_READ | PROT_WRITE,
                                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
#else
    void* p = malloc(kChunkBytes);
    if (!p) throw std::bad_alloc();
#endif
    return static_cast<T*>(p);
  }
  // The first chunk is always its own: the prefaulter's thread starts with
  // the second (a vector that fits one chunk never starts it).
  T* NextChunk() {
    if (prefaulter_ && !chunks_.empty()) {
      if (void* p = prefaulter_->Take()) return static_cast<T*>(p);
    }
    return NewChunk();
  }
  static void FreeChunk(T* chunk) {
#ifdef WEFT_CHUNKED_VECTOR_MMAP
    if (chunk) munmap(chunk, kChunkBytes);
#else
    free(chunk);
#endif
  }

  ChunkPrefaulter* prefaulter_ = nullptr;
  std::vector<T*> chunks_;  // Released ones are null.
  size_t size_ = 0;
  size_t released_ = 0;     // Chunks before this one are freed.
};

}  // namespace weft

#endif  // SRC_BASE_CHUNKED_VECTOR_H_
