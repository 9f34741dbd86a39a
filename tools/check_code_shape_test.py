#!/usr/bin/env python3
# Tests of tools/check_code_shape.py: which brace blocks count as functions,
# their line spans and names, and the long-function comment.
#   python3 tools/check_code_shape_test.py
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_code_shape as shape  # noqa: E402

SAMPLE = r'''#include <x>
#define MACRO(a) { a; }
namespace weft {
namespace {
constexpr int kTable[] = {1, 2, 3};
int Helper(int a) {
  if (a) { return 1; }
  const char* s = "}{";  // } in a comment
  return '}';
}
}  // namespace

class Foo : public Bar {
 public:
  Foo(int a) : a_(a), b_{a} {
    auto f = [](int x) { return x; };
  }
  int Get() const override { return a_; }
  struct Inner { int x = 0; };
 private:
  int a_;
};

/* int NotAFunction() { } */
void Foo::Long(int a,
               int b) {
  x = R"(} {)";
}
TEST_F(FooTest, Works) {
}
}  // namespace weft
'''


class FunctionsTest(unittest.TestCase):

  def test_finds_functions_with_spans(self):
    found = shape.functions(SAMPLE)
    self.assertEqual(found, [
        ('Helper', 6, 10),
        ('Foo', 15, 17),
        ('Get', 18, 18),
        ('Foo::Long', 25, 28),
        ('TEST_F(FooTest, Works)', 29, 30),
    ])

  def test_long_function_needs_a_reason_above_it(self):
    body = 'void F() {\n' + 'x();\n' * 160 + '}\n'
    self.assertEqual(shape.functions(body), [('F', 1, 162)])
    self.assertTrue(shape.LONG_OK.search('// code-shape: long function: lexer state machine'))
    self.assertFalse(shape.LONG_OK.search('// code-shape: long function:'))


if __name__ == '__main__':
  unittest.main()
