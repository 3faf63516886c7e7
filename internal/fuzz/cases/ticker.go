package cases

import "github.com/conform-dev/conform/internal/fuzz/gen"

// init registers FuzzTicker: ticker/1's four operations, each drawing its
// own kind of value most of the time and the other kind one time in eight
// (spec/ticker.md).
func init() {
	register(Target{Name: "FuzzTicker", Contract: "ticker/1", Ops: []string{"symbol", "equity-ticker", "masked-label-v1", "closed-masked-label"},
		draw: func(s *gen.Source, op string) []byte {
			if (op == "symbol" || op == "equity-ticker") != s.Chance(8) {
				return gen.SymbolValue(s)
			}
			return gen.LabelValue(s)
		}})
}
