SELECT pid, name, extract_arg(arg_set_id, 'process_sort_index_hint') AS hint
FROM process WHERE pid = 1;
SELECT t.tid, t.name, t.is_main_thread,
       extract_arg(t.arg_set_id, 'thread_sort_index_hint') AS hint
FROM thread t JOIN process p USING (upid)
WHERE p.pid = 1
ORDER BY t.tid;
