// Stats of the power and battery data sources (importers/proto/power), in
// the X(name, severity, source, description) form of WEFT_STATS, which
// includes them. Names as Perfetto's.
#ifndef SRC_STORAGE_POWER_STATS_H_
#define SRC_STORAGE_POWER_STATS_H_

#define WEFT_POWER_STATS(X)                                                  \
  X(power_rail_unknown_index, kError, kTrace,                                \
    "A power rail energy sample named a rail index no rail_descriptor "     \
    "described (in its session); the sample was dropped.")                  \
  X(energy_breakdown_missing_values, kError, kAnalysis,                      \
    "An energy estimation breakdown lacked its consumer id or energy, or "  \
    "named a consumer no descriptor described; it was dropped.")            \
  X(energy_uid_breakdown_missing_values, kError, kAnalysis,                  \
    "A per-uid energy breakdown lacked its uid or energy; it was dropped.") \
  X(entity_state_residency_invalid, kError, kAnalysis,                       \
    "An entity state residency packet had no residency values.")            \
  X(entity_state_residency_lookup_failed, kError, kAnalysis,                 \
    "An entity state residency named an (entity, state) no descriptor "     \
    "described; the rest of its packet was dropped.")                       \
  X(wakesource_unmatched_deactivate, kInfo, kAnalysis,                       \
    "A wakeup_source_deactivate came for a wakeup source that was not "     \
    "active (its activate was before the trace); it made no slice.")

#endif  // SRC_STORAGE_POWER_STATS_H_
