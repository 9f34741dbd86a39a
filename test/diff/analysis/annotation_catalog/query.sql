select s.name, a.kind, a.alert_type, a.link, substr(a.description, 1, 30) as description
from slice s left join slice_annotation a on a.slice_id = s.id order by s.ts;
select count(*) as catalog_entries, sum(is_pattern) as patterns from annotation_catalog;
