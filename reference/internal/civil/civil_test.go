package civil

import (
	"math/rand/v2"
	"testing"
	"time"
)

// TestEpochMilli checks random instants, in range and rolled over, and
// fixed edge instants against time.Date, which uses the same proleptic
// Gregorian calendar (astronomical years, so year 0 is 1 BC).
func TestEpochMilli(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	check := func(f Fields) {
		t.Helper()
		want := time.Date(int(f.Year), time.Month(f.Month), int(f.Day), int(f.Hour), int(f.Minute), int(f.Second), int(f.Milli)*1e6, time.UTC).UnixMilli()
		if got := f.EpochMilli(); got != want {
			t.Fatalf("%+v: got %d; want %d", f, got, want)
		}
	}
	for i := 0; i < 200000; i++ {
		check(Fields{
			Year: r.Int64N(10000), Month: 1 + r.Int64N(12), Day: 1 + r.Int64N(31),
			Hour: r.Int64N(24), Minute: r.Int64N(60), Second: r.Int64N(60), Milli: r.Int64N(1000),
		})
	}
	// Roll-over: time.Date normalizes out-of-range fields as ECMA-262
	// MakeDay/MakeTime do, for the ranges two-digit fields allow.
	for i := 0; i < 200000; i++ {
		check(Fields{
			Year: r.Int64N(10000), Month: r.Int64N(100), Day: r.Int64N(100),
			Hour: r.Int64N(100), Minute: r.Int64N(100), Second: r.Int64N(100), Milli: r.Int64N(1000),
		})
	}
	for _, f := range []Fields{
		{Year: 1970, Month: 1, Day: 1},
		{Year: 1, Month: 1, Day: 1},
		{Year: 0, Month: 1, Day: 1},
		{Year: 0, Month: 0, Day: 0},
		{Year: 9999, Month: 12, Day: 31, Hour: 23, Minute: 59, Second: 59, Milli: 999},
		{Year: 9999, Month: 99, Day: 99, Hour: 99, Minute: 99, Second: 99, Milli: 999},
		{Year: 1600, Month: 2, Day: 29}, {Year: 1900, Month: 2, Day: 29}, {Year: 2000, Month: 3, Day: 0},
	} {
		check(f)
	}
	if got := (Fields{Year: 1, Month: 1, Day: 1}).EpochMilli(); got != -62135596800000 {
		t.Errorf("0001-01-01: %d", got)
	}
}

func TestShapeAndRead(t *testing.T) {
	u := func(s string) []uint16 {
		var out []uint16
		for _, r := range s {
			out = append(out, uint16(r))
		}
		return out
	}
	if !Shape(u("2024-02-29T23:59:59.999Z")) {
		t.Error("valid shape refused")
	}
	for _, s := range []string{"2024-02-29T23:59:59.999", "2024-02-29T23:59:59.999Z\n", "2024-02-29t23:59:59.999Z",
		"2024-02-29T23:59:59.999z", "2024-02-29 23:59:59.999Z", "2024-02-29T23:59:59,999Z", "+02024-02-29T23:59:59.99Z",
		"2024-02-29T23:59:59Z", "2024-02-2\uff19T23:59:59.999Z", "202a-02-29T23:59:59.999Z", ""} {
		if Shape(u(s)) {
			t.Errorf("Shape(%q)", s)
		}
	}
	f, ok := Read(u("2024-02-29t23:59:58 999z"))
	if !ok || f != (Fields{2024, 2, 29, 23, 59, 58, 999}) {
		t.Errorf("Read: %+v %v", f, ok)
	}
	for _, s := range []string{"2024-02-29T23:59:59Z", "2024-02-2\uff19T23:59:59.999Z", "2024-02-29T23:59:59.99xZ"} {
		if _, ok := Read(u(s)); ok {
			t.Errorf("Read(%q)", s)
		}
	}
}

func TestMonthLength(t *testing.T) {
	for _, tc := range []struct{ y, m, want int64 }{
		{0, 2, 29}, {1900, 2, 28}, {2000, 2, 29}, {2023, 2, 28}, {2024, 2, 29}, {2100, 2, 28},
		{2023, 1, 31}, {2023, 4, 30}, {2023, 12, 31}, {2023, 0, 0}, {2023, 13, 0},
	} {
		if got := MonthLength(tc.y, tc.m); got != tc.want {
			t.Errorf("MonthLength(%d, %d) = %d; want %d", tc.y, tc.m, got, tc.want)
		}
	}
}
