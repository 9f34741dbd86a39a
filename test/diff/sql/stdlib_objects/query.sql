-- __intrinsic_stdlib_objects: the modules compiled into weft, documented
-- from their comments.
SELECT qualified_name, object_type, exposed, return_type, return_description, args,
  short_description
FROM __intrinsic_stdlib_objects
WHERE module = 'time.conversion' AND name IN ('time.conversion', 'time_to_ms');
SELECT object_type, COUNT(*) AS n FROM __intrinsic_stdlib_objects
WHERE package IN ('slices', 'intervals') GROUP BY object_type ORDER BY object_type;
SELECT summary FROM __intrinsic_stdlib_objects
WHERE qualified_name = 'slices.hierarchy._slice_ancestor_and_self';
