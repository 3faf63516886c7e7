package jsonwire

import "testing"

func TestDecimalLayouts(t *testing.T) {
	cases := []struct {
		d                string
		decpt, minDigits int
		positional, exp  string
	}{
		{"1", 1, 1, "1", "1e+0"},
		{"123", 1, 2, "1.23", "1.23e+00"},
		{"123", 3, 1, "123", "1.23e+2"},
		{"123", 5, 2, "12300", "1.23e+04"},
		{"5", 0, 1, "0.5", "5e-1"},
		{"5", -2, 2, "0.005", "5e-03"},
		{"25", -6, 3, "0.00000025", "2.5e-007"},
		{"17", 22, 2, "1700000000000000000000", "1.7e+21"},
		{"1", -99, 2, "0." + zeros(99) + "1", "1e-100"},
	}
	for _, c := range cases {
		if got := string(AppendPositional([]byte("x"), []byte(c.d), c.decpt)); got != "x"+c.positional {
			t.Errorf("AppendPositional(%s, %d) = %q, want %q", c.d, c.decpt, got, "x"+c.positional)
		}
		if got := string(AppendExponential([]byte("x"), []byte(c.d), c.decpt, c.minDigits)); got != "x"+c.exp {
			t.Errorf("AppendExponential(%s, %d, %d) = %q, want %q", c.d, c.decpt, c.minDigits, got, "x"+c.exp)
		}
	}
}

func zeros(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '0'
	}
	return string(b)
}
