-- A typo in a column name.
SELECT name,
  nmae FROM slice;
