package report

// Agreement counts the cases of rep every implementation agreed with, and
// all its cases. A case agrees when one of its rows agrees and none
// disagrees (a skip neither agrees nor disagrees, so a case only skipped
// does not agree); a disagreement the divergence ledger expects is still a
// disagreement. The badge and the summaries show agree of total.
func Agreement(rep Report) (agree, total int) {
	type state struct{ agreed, disagreed bool }
	byCase := map[string]*state{}
	var order []string
	for _, r := range rep.Rows {
		s := byCase[r.Case]
		if s == nil {
			s = &state{}
			byCase[r.Case] = s
			order = append(order, r.Case)
		}
		switch {
		case r.Outcome == Agree:
			s.agreed = true
		case r.Outcome.Disagrees():
			s.disagreed = true
		}
	}
	for _, id := range order {
		if s := byCase[id]; s.agreed && !s.disagreed {
			agree++
		}
	}
	return agree, len(order)
}
