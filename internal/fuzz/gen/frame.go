package gen

import "strings"

// FrameDepths are the depths around the frame lexer's bound of 16
// (spec/frame.md, rule 6): one under it, at it and one past it.
var FrameDepths = []int{15, 16, 17}

// Frame draws a frame for frame/1: mostly an object with frame-sized
// numbers and depths, and now and then a frame padded to 262144 bytes, one
// byte short of it or one past it, with one-, two- or four-byte characters.
func Frame(s *Source) []byte {
	if s.Chance(64) {
		return bigFrame(s)
	}
	return JSON(s, JSONOptions{Object: true, Flaws: true, Deep: FrameDepths})
}

// FrameMax is frame/1's size bound.
const FrameMax = 262144

func bigFrame(s *Source) []byte {
	size := FrameMax + s.Intn(3) - 1
	fill := Pick(s, []string{"a", "\u00e9", "\U0001f600", "\u2028"})
	head := `{"p":"`
	tail := `"}`
	n := size - len(head) - len(tail)
	body := strings.Repeat(fill, n/len(fill)) + strings.Repeat("a", n%len(fill))
	return []byte(head + body + tail)
}
