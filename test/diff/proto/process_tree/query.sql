select pid, name, cmdline, start_ts, uid, android_appid,
  (select pid from process pp where pp.upid = p.parent_upid) as parent_pid,
  extract_arg(arg_set_id, 'is_kthread') as is_kthread
from process p order by pid;
select tid, (select pid from process where upid = t.upid) as pid, name, is_main_thread
from thread t order by tid;
