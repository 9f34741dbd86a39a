
‚	track
@dPZHX∫done
@»PZHX
@¨PZHX∫open
@ﬁPZHX∫mark
)@êPZ"HX∫lost_begin_with_a_long