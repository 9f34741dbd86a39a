
ë@ËPZ@*H∫chrome 
Click⁄Í""(ê¿> >bE"a.ccA 
"b.ccB¢	hello log Interned.Histogram»
	@–PZH
.@∏PZ'H™∫logä	inline.ccInline 
@†PZH∫
histograms‚d 
5@à'PZ.*cH∫unknown_iids‚ c≤M	mojom.Foo