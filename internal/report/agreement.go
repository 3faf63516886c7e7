package report

// Agreement counts the cases of rep every implementation agreed with, and
// all its cases. A case agrees when every one of its rows agrees: a skip
// is never counted as agreement (an implementation that announced none of
// a contract did not agree with its cases), and a disagreement the
// divergence ledger expects is still a disagreement. The badge and the
// summaries show agree of total. The cases a report without its
// agreeing rows left out whole (Report.Omitted) agreed.
func Agreement(rep Report) (agree, total int) {
	type state struct{ agreed, other bool }
	byCase := map[string]*state{}
	var order []string
	for _, r := range rep.Rows {
		s := byCase[r.Case]
		if s == nil {
			s = &state{}
			byCase[r.Case] = s
			order = append(order, r.Case)
		}
		if r.Outcome == Agree {
			s.agreed = true
		} else {
			s.other = true
		}
	}
	for _, id := range order {
		if s := byCase[id]; s.agreed && !s.other {
			agree++
		}
	}
	total = len(order)
	if rep.Omitted != nil {
		for _, c := range rep.Omitted.Contracts {
			agree += c.Cases
			total += c.Cases
		}
	}
	return agree, total
}
