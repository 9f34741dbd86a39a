-- __intrinsic_arg_set_to_json: dotted arg keys nest objects, [i] makes
-- arrays, in the order of the set's args; NULL without args.
SELECT name, __intrinsic_arg_set_to_json(arg_set_id) AS args_json FROM slice ORDER BY ts;
SELECT __intrinsic_arg_set_to_json(NULL) AS null_set, __intrinsic_arg_set_to_json(123456) AS unknown_set;
