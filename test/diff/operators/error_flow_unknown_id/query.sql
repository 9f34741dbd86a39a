SELECT * FROM following_flow(-1);
