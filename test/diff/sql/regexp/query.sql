-- regexp(pattern, text [, flags]) and the REGEXP operator: POSIX extended
-- regular expressions matched anywhere in the text; 'i' ignores case.
SELECT name, name REGEXP '^(Send|Read)' AS starts, regexp('nav', name) AS has_nav,
  regexp('nav', name, 'i') AS has_nav_i, regexp(NULL, name) AS null_pattern
FROM slice ORDER BY id;
