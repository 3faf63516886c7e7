package protocol

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkBatchLine measures conform's side of one batch of 32 short
// cases (a made-up contract: the protocol does not look inside): encoding the request line and decoding its answer line. Reported
// per case.
//
//	go test -run '^$' -bench BatchLine ./mirrors/protocol/
func BenchmarkBatchLine(b *testing.B) {
	const n = 32
	req := Request{Cmd: CmdBatch, Seq: 1}
	var entries []string
	for i := range n {
		req.Cases = append(req.Cases, Case{"example/1", "timestamp", []byte(fmt.Sprintf("2024-01-02T03:04:%02dZ", i))})
		if i%2 == 0 {
			entries = append(entries, `{"outcome":"ok","output":"MTcwNDE2NDY0NTAwMA=="}`)
		} else {
			entries = append(entries, `{"outcome":"refused","message":"timestamp is not RFC 3339"}`)
		}
	}
	answer := []byte(`{"seq":1,"outcome":"batch","answers":[` + strings.Join(entries, ",") + `]}`)
	var buf []byte
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		buf = req.AppendTo(buf[:0])
		if _, err := DecodeAnswer(answer); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/case")
}
