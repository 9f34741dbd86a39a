-- CPU cluster kinds by cluster number (the helper of Perfetto's legacy
-- metrics, RUN_METRIC('android/cpu_info.sql'); written for weft). Safe to
-- run again: the table is replaced.
CREATE OR REPLACE PERFETTO TABLE cluster_core_type AS
SELECT 0 AS cluster, 'little' AS core_type
UNION ALL SELECT 1, 'big'
UNION ALL SELECT 2, 'bigger';
