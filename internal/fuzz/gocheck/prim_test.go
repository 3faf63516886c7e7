package gocheck

import (
	"testing"
	"time"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// minMillis and maxMillis bound the timestamps prim/1 accepts: years 1 to
// 9999.
var (
	minMillis = time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli()
	maxMillis = time.Date(9999, 12, 31, 23, 59, 59, 999e6, time.UTC).UnixMilli()
)

func TestPrimProperties(t *testing.T) {
	props := gopter.NewProperties(parameters())
	props.Property("base64url round-trips 32 and 64 bytes", prop.ForAll(func(raw []byte) bool {
		return ok(Base64URLRoundTrip(raw))
	}, gen.OneGenOf(gen.SliceOfN(32, gen.UInt8()), gen.SliceOfN(64, gen.UInt8()))))
	props.Property("base64url refuses every other length", prop.ForAll(func(raw []byte) bool {
		return ok(Base64URLRoundTrip(raw))
	}, gen.SliceOf(gen.UInt8()).SuchThat(func(b []byte) bool { return len(b) != 32 && len(b) != 64 })))
	props.Property("timestamps agree with time.Time on years 1 to 9999", prop.ForAll(func(ms int64) bool {
		return ok(TimestampAgrees(time.UnixMilli(ms)))
	}, gen.Int64Range(minMillis, maxMillis)))
	props.Property("timestamps agree with time.Time at the ends of months and years", prop.ForAll(func(y, m int, last bool, ms int) bool {
		d := time.Date(y, time.Month(m), 1, 0, 0, 0, 0, time.UTC)
		if last {
			d = d.AddDate(0, 1, 0).Add(-time.Duration(ms+1) * time.Millisecond)
		} else {
			d = d.Add(time.Duration(ms) * time.Millisecond)
		}
		return ok(TimestampAgrees(d))
	}, gen.IntRange(1, 9999), gen.IntRange(1, 12), gen.Bool(), gen.IntRange(0, 999)))
	props.TestingRun(t)
}
