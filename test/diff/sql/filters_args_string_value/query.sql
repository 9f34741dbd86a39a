-- args.string_value is NULL for every arg that is not a string: the number
-- and bool args never match, whatever their value.
SELECT key, string_value FROM args WHERE string_value = 'int' ORDER BY key;
SELECT key, string_value FROM args WHERE string_value IN ('int', 'real', 'bool', 'uint', 'string', 'zzz') ORDER BY key, string_value;
SELECT count(*) AS n FROM args WHERE string_value IS NOT NULL AND key GLOB 'args.*';
