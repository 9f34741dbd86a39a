select (select count(*) from derived_track) as derived_tracks,
       (select count(*) from track where type = 'derived') as tracks,
       (select count(*) from alert) as alerts;
