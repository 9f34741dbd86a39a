
Ð@èPÂÇ
Ä
Áperfetto.protos:B
string_extension_for_testing.perfetto.protos.TrackEvent¬M (	:j
$nested_message_extension_for_testing.perfetto.protos.TrackEvent¯M (2.perfetto.protos.NoSuchMessage
\@ÌPÂT
R
Pperfetto.protos:=
uint_extension_for_testing.perfetto.protos.TrackEvent (
B@°	PÂ:
8
6perfetto.protos:#
bool_extension_for_testing³M (
@@ÐPZ9" RkeptHºstill_importedâêno descriptorúê
x€ë