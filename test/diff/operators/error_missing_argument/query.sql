SELECT * FROM preceding_flow;
