-- A ProcessTree whose Process entry is cut inside (a cmdline length past
-- the end of the message): that packet is counted as malformed; the
-- processes of the packets before and after it are kept.
select pid, name from process where pid in (10, 20, 30) order by pid;
select name, value from stats where name = 'proto_malformed_packet';
