SELECT tid, name FROM thread WHERE utid = 2;
