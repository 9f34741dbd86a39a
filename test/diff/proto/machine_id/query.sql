SELECT s.name, t.machine_id FROM slice s JOIN track t ON s.track_id = t.id ORDER BY s.ts;
SELECT tid, name, machine_id FROM thread WHERE tid = 11;
SELECT pid, name, machine_id FROM process WHERE pid IN (10, 20) ORDER BY pid;
