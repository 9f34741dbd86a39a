SELECT COUNT(*) AS flows FROM flow;
SELECT value FROM stats WHERE name = 'flow_no_enclosing_slice';
