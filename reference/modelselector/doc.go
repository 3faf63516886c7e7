// Package modelselector is the public Go reference of model-selector/1
// (spec/model-selector.md): the atoma model selector grammar
// <api|sub|own>:<vendor>:<model>, transportOf, payerForSelector, the three
// required tier pins (readTierSelectors), the per-tier payer rows with
// admissibility by chain level, the 40-hex commit sha and the publication
// receipt's required, nullable baseSha. Source: seed 000 ("contracts —
// AGENTS.md"), sections "Model selectors and who paid for a run" and
// "Publication receipts".
//
// The closed objects (the payer input, the run-payers input and its tier
// pins, the receipt) are declared in spec/model-selector/shapes.json and
// validated by the shape interpreter (reference/internal/shape); this
// package gives the two named checks of that declaration (selector, sha)
// and the rules above as hand-written Go. Every operation takes a JSON
// value input and answers compact ASCII JSON, or a refusal of Guards.
//
// Nothing here performs I/O or reads the process environment: the
// environment of tier-selectors is an input.
package modelselector
