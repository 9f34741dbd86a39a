SELECT COUNT(*) AS slices FROM slice;
SELECT COUNT(*) AS threads FROM thread;
SELECT COUNT(*) AS processes FROM process;
