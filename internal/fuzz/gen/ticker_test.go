package gen

import (
	"strings"
	"testing"
	"unicode/utf16"
)

// TestTickerGeneratorsTerminate: the ticker generators return on empty
// input.
func TestTickerGeneratorsTerminate(t *testing.T) { terminates(t, SymbolValue, LabelValue) }

// TestTickersReachBoundaries checks symbols and labels reach their length
// bounds and carry confusables and other-script characters.
func TestTickersReachBoundaries(t *testing.T) {
	lengths := map[int]bool{}
	confusable := 0
	for _, us := range samples(3000, 60, Symbol) {
		lengths[len(us)] = true
		for _, u := range us {
			if u == 0x410 || u == 0x421 || u == 0xff21 || u == 0x391 {
				confusable++
				break
			}
		}
	}
	for _, n := range []int{1, 6, 7, 40, 41} {
		if !lengths[n] {
			t.Errorf("no symbol of %d units", n)
		}
	}
	if confusable == 0 {
		t.Error("no symbol with a confusable")
	}
	labelLen := map[int]bool{}
	var digits4, digits5, fullwidth, lone, rtl int
	for _, us := range samples(3000, 60, Label) {
		labelLen[len(us)] = true
		s := string(utf16.Decode(us))
		if strings.Contains(s, "\u202e") {
			rtl++
		}
		if strings.ContainsAny(s, "\uff10\uff11\uff19\u0660\u0661\u0669") {
			fullwidth++
		}
		for _, u := range us {
			if u >= 0xd800 && u <= 0xdfff {
				lone++
				break
			}
		}
		run, best := 0, 0
		for _, u := range us {
			if u >= '0' && u <= '9' {
				run++
				best = max(best, run)
			} else {
				run = 0
			}
		}
		if best == 4 {
			digits4++
		}
		if best >= 5 {
			digits5++
		}
	}
	for _, n := range []int{0, 1, 63, 64, 65} {
		if !labelLen[n] {
			t.Errorf("no label of %d units", n)
		}
	}
	if digits4 == 0 || digits5 == 0 || fullwidth == 0 || lone == 0 || rtl == 0 {
		t.Errorf("labels: %d with 4 digits, %d with 5, %d other-script digits, %d surrogates, %d U+202E", digits4, digits5, fullwidth, lone, rtl)
	}
}
