package fuzz

import (
	"os"
	"sort"
	"strconv"
	"testing"

	"conform/reference"
	"conform/reference/refusal"
	"conform/spec"
)

func TestTmpThReach(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("THN"))
	k, _ := spec.MustLoad().Contract("toolhost/1")
	seen := map[string]int{}
	acc := map[string]int{}
	for _, name := range []string{"FuzzToolhostObjects", "FuzzToolhostChecks"} {
		tg, _ := Lookup(name)
		for i := range n {
			for _, j := range tg.Cases(StructuredSeed(tg.Name+"/reach", i, 400)) {
				op, _ := reference.Lookup(j.Contract, j.Op)
				_, err := op.Run(j.Input)
				if err == nil {
					acc[j.Op]++
					continue
				}
				e, _ := refusal.As(err)
				seen[e.Guard.Message]++
			}
		}
	}
	var miss []string
	for _, r := range k.Refusals {
		if seen[r.Message] == 0 {
			miss = append(miss, r.Message+" ["+r.Exception+"] "+r.Ops[0])
		}
	}
	sort.Strings(miss)
	for _, m := range miss {
		t.Log(m)
	}
	t.Logf("%d missing of %d; accepted %v", len(miss), len(k.Refusals), acc)
}
