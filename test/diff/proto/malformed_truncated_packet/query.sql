SELECT COUNT(*) AS slices FROM slice;
