

P‚t
@2PZHX∫	too_early–
2
Ë
d
à'P
2
–
ËP
(@ñPZHX∫mono_150_first_snapshot–
(@ÑPZHX∫mono_900_first_snapshot–
*@∞	PZ HX∫mono_1200_second_snapshot–
&@(PZHX∫mono_40_first_snapshot–
@Ï'PZHX∫realtime_5100–
@‹PZHX∫boottime_1500
2
@

Ú
	A ËP

Ph⁄–@
@PZHX∫seq2_clock64_20h
+@PZ HX∫seq2_incremental_plus_1ush–A
+@PZ HX∫seq2_incremental_plus_2ush–A
@PZHX∫seq3_clock64–@
@PZ
HX∫tsc–	