package main

import "strconv"

// pastBound is the decimal literal bound moved by by (-1 below a lower
// bound, +1 above an upper one); a bound that is not a decimal int64 is
// returned as it is.
func pastBound(bound string, by int64) string {
	n, err := strconv.ParseInt(bound, 10, 64)
	if err != nil {
		return bound
	}
	return strconv.FormatInt(n+by, 10)
}
