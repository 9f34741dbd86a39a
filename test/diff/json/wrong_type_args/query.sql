SELECT name, arg_set_id IS NULL AS no_args FROM slice ORDER BY ts;
SELECT COUNT(*) AS counters FROM counter;
SELECT name FROM thread WHERE tid = 1;
