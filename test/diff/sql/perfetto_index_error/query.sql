CREATE PERFETTO INDEX i ON no_such_table(a);
