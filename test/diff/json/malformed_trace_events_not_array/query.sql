SELECT name FROM slice ORDER BY ts;
