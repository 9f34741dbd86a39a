#include "src/sql/operators/span_join.h"
#include <gtest/gtest.h>
