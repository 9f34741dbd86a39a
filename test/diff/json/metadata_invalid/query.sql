SELECT p.pid, p.name AS pname, t.tid, t.name AS tname
FROM thread t JOIN process p USING (upid)
WHERE p.pid != 0
ORDER BY t.tid;
SELECT value FROM stats WHERE name = 'json_parser_failure';
