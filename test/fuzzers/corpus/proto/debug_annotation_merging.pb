
@èPÈâ
­@èPZ¥"#Balist(
"(
"(Rdict"RJJ{"x": 1, "arr": [1, 2], "obj": {"y": "s", "z": 1.5, "t": true, "n": null}}Rjson"J{oopsRnot_json" RreplacedHºmerged
_@ÐPZX"Bblist("(Rdict"%J{"arr": [3], "obj": {"w": 4}}Rjson" RreplacedH
"@¸PZ" Rv2b0²catºasync
@ PZ" Rv2e0²cat