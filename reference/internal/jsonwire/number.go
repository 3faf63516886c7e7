package jsonwire

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// number reads, at s.pos, the longest prefix that matches the RFC 8259
// number grammar -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?. A '.' or
// an 'e' that no digit follows is not part of it: the next call finds it.
// A defect is a missing integer digit (at the byte where it should be).
func (s *Scanner) number() Token {
	in := s.in
	start := s.pos
	i := start
	if i < len(in) && in[i] == '-' {
		i++
	}
	switch {
	case i < len(in) && in[i] == '0':
		i++
	case i < len(in) && in[i] >= '1' && in[i] <= '9':
		i++
		for i < len(in) && isDigit(in[i]) {
			i++
		}
	default:
		return s.fail(i)
	}
	var flags Flags
	if i+1 < len(in) && in[i] == '.' && isDigit(in[i+1]) {
		flags = Fraction
		i += 2
		for i < len(in) && isDigit(in[i]) {
			i++
		}
	}
	if i+1 < len(in) && (in[i] == 'e' || in[i] == 'E') {
		j := i + 1
		if in[j] == '+' || in[j] == '-' {
			j++
		}
		if j < len(in) && isDigit(in[j]) {
			for j < len(in) && isDigit(in[j]) {
				j++
			}
			i = j
			flags |= Exponent
		}
	}
	s.pos = i
	return Token{Kind: Number, Flags: flags, Start: start, End: i}
}

// Split splits the text num of a number of the RFC 8259 grammar (a Number
// token without NumberRuns) into its parts: the sign and integer digits are
// num[:intEnd], the fraction ('.' and its digits) num[intEnd:fracEnd], the
// exponent ('e' or 'E', its sign and digits) num[fracEnd:]; an absent part
// is empty.
func Split(num []byte) (intEnd, fracEnd int) {
	i := 0
	if i < len(num) && num[i] == '-' {
		i++
	}
	for i < len(num) && isDigit(num[i]) {
		i++
	}
	intEnd = i
	if i < len(num) && num[i] == '.' {
		i++
		for i < len(num) && isDigit(num[i]) {
			i++
		}
	}
	return intEnd, i
}

// isRun marks the bytes a NumberRuns token is made of.
var isRun = func() (t [256]bool) {
	for _, c := range []byte("0123456789+-.eE") {
		t[c] = true
	}
	return t
}()

// run reads, at s.pos, a NumberRuns token: the longest run of 0-9 + - . e E,
// which must start at a '-' or a digit (else a defect there).
func (s *Scanner) run() Token {
	in := s.in
	start := s.pos
	if c := in[start]; c != '-' && !isDigit(c) {
		return s.fail(start)
	}
	i := start + 1
	for i < len(in) && isRun[in[i]] {
		i++
	}
	s.pos = i
	return Token{Kind: Number, Start: start, End: i}
}

// Plain reports whether the number text num is exactly 0 or [1-9][0-9]*:
// no sign, no fraction, no exponent, no leading zero.
func Plain(num []byte) bool {
	if len(num) == 0 || num[0] < '0' || num[0] > '9' || (num[0] == '0' && len(num) > 1) {
		return false
	}
	for _, c := range num {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
