// Package atsruntime is the public Go reference of ats-runtime/1
// (spec/ats-runtime.md): the ten ATS Spec 2 headless-runtime shapes (seed
// 001, section 3, "ATS trading contracts (Spec 2, headless runtime)") and
// the four decisions over more than one document that make the section's
// invariants 3, 5 and 7 unrepresentable: probe ageing, artifact staging,
// activation admission and the note journal.
//
// The shapes are declared in spec/ats-runtime/shapes.json and validated by
// the shape interpreter (reference/internal/shape); this package gives the
// named checks of that declaration, the object rules of each shape and the
// decisions, as hand-written Go that reads like the spec. Every operation
// takes a JSON value input and answers the RFC 8785 canonical bytes of a
// verdict object, or a refusal of Guards.
//
// Nothing here performs I/O, reads the clock (now_ms is an input), holds a
// credential or places an order (spec/ats-runtime.md, "Scope").
package atsruntime
