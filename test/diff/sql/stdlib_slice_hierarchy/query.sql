-- slices.hierarchy: a slice with its ancestors, and with its descendants.
INCLUDE PERFETTO MODULE slices.hierarchy;
SELECT 'ancestors of 7' AS what, id, depth, parent_id FROM _slice_ancestor_and_self(7)
UNION ALL
SELECT 'descendants of 5', id, depth, parent_id FROM _slice_descendant_and_self(5);
