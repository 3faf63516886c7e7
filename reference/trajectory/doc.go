// Package trajectory is the public Go reference of trajectory/1
// (spec/trajectory.md): atoma's trajectory signatures (seed 000,
// "contracts — AGENTS.md", "Trajectory signatures"), the pure derivation
// over a trace's events: one execution per llmEventId, closed by its llm
// event, credited by the next skill.success (naming its skill when it had
// one) or trust RESULT for its Molecule in an agreeing lane (lanes nest)
// before that Molecule's next execution in its lane, and the reference of
// completed and credited signatures, the newest MaxPerKey per key,
// oldest first. It reads runtime-stamped identities only, never args,
// result or prose.
package trajectory
