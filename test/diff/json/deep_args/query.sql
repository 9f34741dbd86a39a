SELECT name FROM slice ORDER BY ts;
SELECT key FROM args WHERE key = 'args.a';
SELECT key FROM args WHERE key = 'args.z';
SELECT value FROM stats WHERE name = 'json_args_too_deep';
