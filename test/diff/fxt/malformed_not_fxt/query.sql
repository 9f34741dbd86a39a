select count(*) from slice;
