// Package v8date is the public Go reference of v8date/1: the browser order
// ticket's timestamp validator, which emulates V8's Date.parse on strings of
// the wire's one shape, YYYY-MM-DDTHH:MM:SS.mmmZ.
//
// Source: spec/v8date.md; spec/README.md ("JSON value inputs"); seed 001,
// section 4, "Golden vectors and the Python mirror": year 0000 is valid;
// month 13, day 32, minute 60, a leap second and 24:00 with any non-zero
// part are "not a real instant"; 24:00:00 and a day past its month's end
// roll over and are "not a real calendar date". The oracle is Node's own
// Date.parse (the tests compare with it); the implementation is
// days-from-civil arithmetic (ECMA-262 MakeDay, MakeTime, MakeDate), never
// a date library.
//
// The one operation, Parse, takes the JSON value input as bytes and
// returns epoch milliseconds in decimal ASCII.
//
// It is public: another module may call its operations (they register in
// package reference, by contract and operation name), which promise the
// answers spec/v8date.md states, byte for byte, with refusals from its closed
// table (package refusal); the golden vectors pin them.
package v8date
