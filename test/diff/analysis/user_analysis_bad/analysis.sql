select id as slice_id, 'fatal' as alert_type from slice;
