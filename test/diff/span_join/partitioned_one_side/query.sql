-- One side partitioned (per cpu), the other joined with every partition.
CREATE TABLE task(cpu INT, ts INT, dur INT, task TEXT);
INSERT INTO task VALUES
  (0, 0, 100, 'a'), (0, 150, 100, 'b'),
  (1, 50, 300, 'c'),
  (2, 400, 10, 'd');

CREATE TABLE phase(ts INT, dur INT, phase TEXT);
INSERT INTO phase VALUES (0, 120, 'load'), (120, 130, 'run'), (300, 100, 'idle');

CREATE VIRTUAL TABLE sj USING SPAN_JOIN(task PARTITIONED cpu, phase);
SELECT * FROM sj;

-- Same rows with the partitioned table second; columns follow the order.
CREATE VIRTUAL TABLE sj_rev USING SPAN_JOIN(phase, task PARTITIONED cpu);
SELECT * FROM sj_rev;

SELECT ts, dur, task, phase FROM sj WHERE cpu = 1;
