SELECT * FROM ancestor_slice(100);
