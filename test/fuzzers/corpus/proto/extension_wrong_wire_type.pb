
µ@èPÂ¬
©
¦perfetto.protos"F
TestExtensionChild
child_field_for_testing (	
numbers (:4
uint_as_string.perfetto.protos.TrackEvent°M (	:6
string_as_double.perfetto.protos.TrackEvent¬M (:\
string_as_message.perfetto.protos.TrackEvent±M (2#.perfetto.protos.TestExtensionChild:-
bool_ok.perfetto.protos.TrackEvent³M (:P
child.perfetto.protos.TrackEvent¯M (2#.perfetto.protos.TestExtensionChild
2@ÐPZ+Hº
mismatchedâêtextúê
ok€ë˜ë
/@¸PZ(" RkeptHºnot_a_messageŠëtext˜ë