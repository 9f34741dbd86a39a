
P@


good
P@	
2abc
P@
	after