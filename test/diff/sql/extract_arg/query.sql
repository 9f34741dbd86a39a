SELECT name,
       extract_arg(arg_set_id, 'args.frame') AS frame,
       extract_arg(arg_set_id, 'args.node') AS node,
       extract_arg(arg_set_id, 'args.missing') AS missing
FROM slice ORDER BY ts;
SELECT name FROM slice WHERE extract_arg(arg_set_id, 'args.count') = 3;
