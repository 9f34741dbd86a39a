// PodVector: a growable array of trivially copyable values backed by
// malloc/realloc. Large blocks grow with realloc, which glibc serves with
// mremap for mmapped blocks: no copy and no moment where old and new
// copies are both resident. This is what keeps peak RSS close to the final
// size of the store while columns grow.
#ifndef SRC_BASE_POD_VECTOR_H_
#define SRC_BASE_POD_VECTOR_H_

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>

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
  ~PodVector() { free(data_); }

  void swap(PodVector& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(size_, o.size_);
    std::swap(capacity_, o.capacity_);
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
  void assign(size_t n, const T& v) {
    size_ = 0;
    resize(n, v);
  }
  void reserve(size_t n) {
    if (n > capacity_) Reallocate(n);
  }
  void clear() { size_ = 0; }
  void shrink_to_fit() {
    if (capacity_ > size_) Reallocate(size_);
  }

  size_t size() const { return size_; }
  size_t capacity() const { return capacity_; }
  bool empty() const { return size_ == 0; }
  T* data() { return data_; }
  const T* data() const { return data_; }
  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }
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
  void Grow(size_t min) {
    size_t cap = capacity_ < 16 ? 16 : capacity_ + capacity_ / 2;
    Reallocate(cap < min ? min : cap);
  }
  void Reallocate(size_t cap) {
    if (cap == 0) {
      free(data_);
      data_ = nullptr;
      capacity_ = 0;
      return;
    }
    void* p = realloc(static_cast<void*>(data_), cap * sizeof(T));
    if (!p) throw std::bad_alloc();
    data_ = static_cast<T*>(p);
    capacity_ = cap;
  }

  T* data_ = nullptr;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

}  // namespace weft

#endif  // SRC_BASE_POD_VECTOR_H_
