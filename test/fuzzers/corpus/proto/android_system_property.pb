
d@è²^

debug.tracing.screen_state2
$
debug.tracing.device_statefolded

ro.build.typeuser
(@Ğ²"
 
debug.tracing.screen_stateon