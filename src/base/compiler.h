// Compiler hints for hot paths.
#ifndef SRC_BASE_COMPILER_H_
#define SRC_BASE_COMPILER_H_

// Inlines a function at every call (GCC and clang). For steps of a hot
// function split out for readability that the optimizer would otherwise
// leave as calls; the definition must come before its uses.
#define WEFT_ALWAYS_INLINE __attribute__((always_inline)) inline
// Keeps a rare branch of a hot loop out of it (its registers and code).
#define WEFT_NOINLINE __attribute__((noinline))

#endif  // SRC_BASE_COMPILER_H_
