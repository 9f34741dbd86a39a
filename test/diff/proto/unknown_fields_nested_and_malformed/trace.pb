
P@èZHºbefore
P@ĞZHºnestedÊ	
Clickx*
P@¸ZHºoverrunúğdab
P@ ZHºgroupóğôğ
P@ˆ'Z
Hºafter