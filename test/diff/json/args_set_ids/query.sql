SELECT name, arg_set_id > 0 AS positive,
       arg_set_id = (SELECT arg_set_id FROM slice WHERE name = 'a') AS same_as_a
FROM slice ORDER BY ts;
SELECT COUNT(*) AS rows FROM args WHERE key = 'args.x';
