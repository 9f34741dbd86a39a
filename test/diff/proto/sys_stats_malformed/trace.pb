
@
P:z
zone_a
@P:z
zone_azab
@Pš

ab
@P:z
zone_a 