-- Every FXT argument type, keyed by its bare name as Perfetto's importer
-- does: unsigned and koid values are ints, pointers keep their type, null
-- is the string "null", an argument of an unknown type is skipped by its
-- size and kept as the string "unknown".
select a.key, a.int_value, a.string_value, a.real_value, a.value_type,
  a.display_value
from slice s join args a using (arg_set_id)
order by a.id;
