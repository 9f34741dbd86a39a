
â	track
@dPZHXºdone
@ÈPZHX
@¬PZHXºopen
@ÞPZHXºmark
ÿÿÿ
@ôPZHXºafter