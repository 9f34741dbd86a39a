-- The annotation sets in order; set = their order among the annotation sets.
SELECT (SELECT COUNT(DISTINCT b.arg_set_id) FROM args b
        WHERE b.key GLOB 'event.*' AND b.arg_set_id <= a.arg_set_id) AS "set",
       key, value_type, display_value
FROM args a WHERE key GLOB 'event.*' ORDER BY arg_set_id, id;
