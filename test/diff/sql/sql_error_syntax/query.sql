SELECT name
FROM slice
WHERE ts >;
