package main

import bigint "math/big"

// pastBound is the decimal literal bound moved by by (-1 below a lower
// bound, +1 above an upper one), exact at any size; a bound that is not a
// decimal integer is returned as it is.
func pastBound(bound string, by int64) string {
	z, ok := new(bigint.Int).SetString(bound, 10)
	if !ok {
		return bound
	}
	return z.Add(z, bigint.NewInt(by)).String()
}
