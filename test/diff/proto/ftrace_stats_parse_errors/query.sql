select name, severity, value from stats where name = 'ftrace_abi_errors_skipped_zero_data_length';
