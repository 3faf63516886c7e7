// Package civil holds the timestamp arithmetic shared by the contracts that
// read a YYYY-MM-DDTHH:MM:SS.mmmZ timestamp: that fixed shape read from
// UTF-16 units, and epoch milliseconds by H. Hinnant's days-from-civil
// algorithm, never a date library.
//
// Source: the timestamp rules of those contracts' specs (each package cites
// its own); seed 001, section 6, decided encoding rule 6, and section 4
// ("Golden vectors and the Python mirror"); H. Hinnant, "chrono-Compatible
// Low-Level Date Algorithms", days_from_civil; ECMA-262 MakeDay, MakeTime
// and MakeDate for the roll-over of out-of-range fields.
package civil

// Fields are the seven decimal fields of a timestamp, as written: each may
// be out of its calendar range (month 13, day 00, hour 24, ...).
type Fields struct {
	Year, Month, Day, Hour, Minute, Second, Milli int64
}

// Len is the length of the shape in units.
const Len = 24

// layout marks the shape: 'd' an ASCII digit, anything else that literal
// unit.
const layout = "dddd-dd-ddTdd:dd:dd.dddZ"

// Shape reports whether u is exactly the 24 units
// [0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z, ASCII
// digits only, nothing before or after.
func Shape(u []uint16) bool {
	if len(u) != Len {
		return false
	}
	for i := 0; i < Len; i++ {
		if layout[i] == 'd' {
			if u[i] < '0' || u[i] > '9' {
				return false
			}
		} else if u[i] != uint16(layout[i]) {
			return false
		}
	}
	return true
}

// Read returns the fields at their fixed positions of the shape, and
// whether there are any: u must be 24 units with an ASCII digit at every
// digit position. The separators are not checked: callers check Shape
// first.
func Read(u []uint16) (Fields, bool) {
	if len(u) != Len {
		return Fields{}, false
	}
	for i := 0; i < Len; i++ {
		if layout[i] == 'd' && (u[i] < '0' || u[i] > '9') {
			return Fields{}, false
		}
	}
	num := func(i, n int) int64 {
		var x int64
		for _, c := range u[i : i+n] {
			x = x*10 + int64(c-'0')
		}
		return x
	}
	return Fields{
		Year: num(0, 4), Month: num(5, 2), Day: num(8, 2),
		Hour: num(11, 2), Minute: num(14, 2), Second: num(17, 2), Milli: num(20, 3),
	}, true
}

// Leap reports whether y is a leap year of the proleptic Gregorian
// calendar: divisible by 4 and not by 100, or divisible by 400 (so 0000 is
// leap and 1900 is not).
func Leap(y int64) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

// MonthLength returns the number of days of month m (1-12) of year y, or 0
// when m is outside 1-12 (such a month has no length).
func MonthLength(y, m int64) int64 {
	switch m {
	case 1, 3, 5, 7, 8, 10, 12:
		return 31
	case 4, 6, 9, 11:
		return 30
	case 2:
		if Leap(y) {
			return 29
		}
		return 28
	}
	return 0
}

// FoldedMonthLength returns the length of month m of year y after a month
// outside 1-12 is folded into its year as ECMA-262 MakeDay does (month 13 is
// January of y+1, month 0 December of y-1).
func FoldedMonthLength(y, m int64) int64 {
	return MonthLength(y+floorDiv(m-1, 12), m-12*floorDiv(m-1, 12))
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// DaysFromCivil returns the number of days from 1970-01-01 to day d of
// month m of year y in the proleptic Gregorian calendar (negative before),
// by H. Hinnant's days_from_civil. Out-of-range fields roll over as
// ECMA-262 MakeDay does: month 13 is January of y+1, month 0 December of
// y-1, and d counts on linearly from the first of the month (day 0 is the
// month's eve, day 32 of January is February 1).
func DaysFromCivil(y, m, d int64) int64 {
	y += floorDiv(m-1, 12)
	m = m - 12*floorDiv(m-1, 12)
	if m <= 2 {
		y--
	}
	era := floorDiv(y, 400)
	yoe := y - era*400
	mp := m - 3
	if m <= 2 {
		mp = m + 9
	}
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// EpochMilli returns the instant of f in milliseconds since
// 1970-01-01T00:00:00.000Z (negative before), every field taken as it is:
// out-of-range fields roll over (hour 24 is the next day's 00, minute 60 the
// next hour's 00), as ECMA-262 MakeDate(MakeDay, MakeTime) does.
func (f Fields) EpochMilli() int64 {
	days := DaysFromCivil(f.Year, f.Month, f.Day)
	return days*86400000 + f.Hour*3600000 + f.Minute*60000 + f.Second*1000 + f.Milli
}
