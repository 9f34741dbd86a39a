-- Android framework process lifecycle TrackEvents (FrameworksBaseTrackEvent
-- 2010 process_start_event / 2013 binder_died_event) into
-- __intrinsic_android_track_event_process. trace.pb (made with protoc from a
-- textproto extending TrackEvent with both fields) holds, on thread 100:
-- an ExtensionDescriptor naming TriggerType 1 and HostingTypeId 1; a start
-- of pid 100 (uid 1010001, every column set, trigger_type 4 unnamed by the
-- trace -> "4"); a second start (trigger_type 1 -> its name; fw_start_ts
-- stays the first start's); a start without pid (ignored); the death of an
-- unknown pid 999 (ignored: no process made); the death of pid 100 at 3000
-- (fw_end_ts, and the process ends).
SELECT p.pid, p.name, p.uid, p.android_appid, p.end_ts, t.start_seq_id, t.package_uid,
       t.caller_uid, t.defining_uid, t.fw_start_ts, t.fw_end_ts, t.trigger_type,
       t.hosting_type, t.hosting_name, t.bind_application_delay_ms, t.process_start_delay_ms
FROM __intrinsic_android_track_event_process t JOIN process p USING (upid)
UNION ALL
SELECT pid, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
FROM process WHERE pid = 999;
