SELECT * FROM descendant_slice('abc');
