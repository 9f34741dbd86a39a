SELECT * FROM experimental_slice_layout;
