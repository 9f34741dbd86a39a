select d.name, d.analysis, c.ts, c.value from derived_track d join counter c on c.track_id = d.id order by c.ts;
select kind, alert_type, count(*) as n from alert group by kind, alert_type order by kind;
