-- Profile arrays in every number form JSON allows around the plain "123,"
-- run (signs, fractions, exponents, leading zeros, spaces and newlines,
-- a delta past 32 bits): the same samples as read one by one.
SELECT s.ts, f.name FROM cpu_profile_stack_sample s
JOIN stack_profile_callsite c ON c.id = s.callsite_id
JOIN stack_profile_frame f ON f.id = c.frame_id
ORDER BY s.id;
