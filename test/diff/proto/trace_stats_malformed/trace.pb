
Pš
ÿ
Pê

Linux2abc
@dò
after