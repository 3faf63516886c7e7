// Package report is conform's one canonical output stream: a JSONL report
// of a run (a header, one line per case and implementation, a footer), the
// writer that publishes it atomically, the reader that refuses a malformed
// or incomplete one, and the text renderer over the same events.
//
// The format is documented in report/README.md.
package report

import (
	"strings"
	"time"
)

// FormatVersion is the report format version, carried in every header.
const FormatVersion = 1

// Outcome classifies one case for one implementation.
type Outcome string

// The closed set of outcomes (issue 2, "conform run").
const (
	Agree                Outcome = "agree"
	WrongOutput          Outcome = "wrong-output"
	WrongMessage         Outcome = "wrong-message"
	AcceptedShouldRefuse Outcome = "accepted-should-refuse"
	RefusedShouldAccept  Outcome = "refused-should-accept"
	Errored              Outcome = "errored"
	Skipped              Outcome = "skipped"
	Timeout              Outcome = "timeout"
	// Nondeterministic: the implementation's answers to the case differed
	// between the run and its reruns (runner.Options.Rerun); Row.Reruns
	// holds them. It is never agreement, whatever one of the answers was.
	Nondeterministic Outcome = "nondeterministic"
	// UnknownMessage: refused as expected, with a message (after the
	// implementation's message map, ImplMeta.Messages) that is not in the
	// contract's refusal table: a refusal in the library's own words, or a
	// mapping the team forgot. A disagreement, apart from WrongMessage
	// (another message of the table, a different reason).
	UnknownMessage Outcome = "unknown-message"
	// OtherMessage: refused as expected, with another message, by an
	// implementation compared on its verdict (ImplMeta.Compare is
	// CompareVerdict): the right verdict, counted apart from agreement and
	// from the wrong verdicts, and no disagreement.
	OtherMessage Outcome = "other-message"
)

// The comparison modes of an implementation (ImplMeta.Compare; README.md,
// "Bring your own implementation"): how its refusals are compared with
// the expectation. Outputs and verdicts are compared exactly in every
// mode.
const (
	// CompareExact: a refusal must give the expected message (the
	// default, "" in the header).
	CompareExact = "exact"
	// CompareVerdict: any refusal matches an expected refusal; one with
	// another message is OtherMessage.
	CompareVerdict = "verdict"
	// CompareMap: the implementation's messages are mapped to the
	// contract's refusal codes (ImplMeta.Messages) and then compared
	// exactly.
	CompareMap = "map"
)

// Outcomes lists every Outcome in display order.
var Outcomes = []Outcome{Agree, OtherMessage, WrongOutput, WrongMessage, UnknownMessage, AcceptedShouldRefuse, RefusedShouldAccept, Errored, Skipped, Timeout, Nondeterministic}

// Disagrees reports whether o is a disagreement with the expectation, as
// opposed to agreement, the right verdict under a verdict comparison
// (OtherMessage), or a skip.
func (o Outcome) Disagrees() bool { return o != Agree && o != Skipped && o != OtherMessage }

// Announced reports whether row is a skip of a case its implementation
// announced in its handshake (the header's contracts of row.Impl list the
// row's operation): a case that should have run and was not answered,
// which is no pass unless the run allowed skips (Header.AllowSkips). A
// skip of a case the implementation never announced is not one.
func Announced(h Header, row Row) bool {
	if row.Outcome != Skipped {
		return false
	}
	for _, im := range h.Impls {
		if im.Impl == row.Impl {
			for _, op := range im.Contracts[row.Contract] {
				if op == row.Op {
					return true
				}
			}
		}
	}
	return false
}

// ExitCodeOf is the exit code a run with this header and footer ends with,
// given the disagreements and announced skips its case lines hold: 130
// interrupted, 3 a protocol break, 1 a disagreement (with a divergence
// ledger, f.Ledger: a disagreement the ledger does not expect, or an
// expired or stale entry) or (unless h.AllowSkips) an announced skip, 0
// otherwise. The runner and the ledger's judge set the
// footer's exit code with it and the reader holds the footer to it.
func ExitCodeOf(h Header, f Footer, disagreements, announcedSkips int) int {
	switch {
	case f.Stopped == "interrupted":
		return ExitInterrupted
	case len(f.Breaks) > 0:
		return ExitBroken
	case f.Ledger != nil && (f.Ledger.Unexpected > 0 || f.Ledger.Fails()):
		return ExitDisagree
	case f.Ledger == nil && disagreements > 0:
		return ExitDisagree
	case announcedSkips > 0 && !h.AllowSkips:
		return ExitDisagree
	}
	return ExitAgree
}

// ImplMeta describes one implementation in the header. The report owns
// these fields: name through contracts are what the implementation said
// about itself in its handshake (mirrors/PROTOCOL.md, "start"), copied
// field by field, so that a change of the protocol cannot change the
// report's format unseen.
type ImplMeta struct {
	// Impl is the short name used on the command line: go, ts, python.
	Impl string `json:"impl"`
	// Name, Language, LanguageVersion, Runtime, RuntimeVersion and Version
	// are the handshake's strings of the same names.
	Name            string `json:"name"`
	Language        string `json:"language"`
	LanguageVersion string `json:"language_version"`
	Runtime         string `json:"runtime"`
	RuntimeVersion  string `json:"runtime_version"`
	Version         string `json:"version"`
	// Contracts maps each contract the implementation declared to its
	// operations.
	Contracts map[string][]string `json:"contracts"`
	// Transport is how the implementation ran: in-process, local or
	// container.
	Transport string `json:"transport"`
	// Command is how the harness was started, for the record.
	Command []string `json:"command,omitempty"`
	// Image is the container image the harness ran in (--transport
	// container), ImageID that image's ID, BaseImage the base image it was
	// built from and BaseImageID that base's ID. The runtime versions are
	// the handshake's, reported from inside the container.
	Image       string `json:"image,omitempty"`
	ImageID     string `json:"image_id,omitempty"`
	BaseImage   string `json:"base_image,omitempty"`
	BaseImageID string `json:"base_image_id,omitempty"`
	// Outside is set for an implementation conform does not ship (README.md,
	// "Bring your own implementation"): where it was named, "--impl" or
	// the configuration file's "FILE:LINE". Its Command (a local process)
	// or Image and ImageID (a container) say what ran, and the handshake's
	// strings above the versions its harness announced.
	Outside string `json:"outside,omitempty"`
	// Compare is how the implementation's refusals were compared: "" or
	// CompareExact (the default), CompareVerdict or CompareMap; Messages, with
	// CompareMap, maps each message of the implementation to the
	// contract's refusal code it stands for.
	Compare  string            `json:"compare,omitempty"`
	Messages map[string]string `json:"messages,omitempty"`
}

// Provenance describes where an outside implementation came from and what
// ran, as every rendering shows it: "outside implementation from WHERE:
// command ARGS..." or "...: image REF (ID)"; "" for one conform ships.
// The text is the report's, unescaped: each renderer escapes it its way.
func (m ImplMeta) Provenance() string {
	if m.Outside == "" {
		return ""
	}
	what := "command " + strings.Join(m.Command, " ")
	if m.Image != "" {
		what = "image " + m.Image + " (" + short(m.ImageID, 19) + ")"
	}
	return "outside implementation from " + m.Outside + ": " + what
}

// CorpusMeta describes one --corpus root in the header.
type CorpusMeta struct {
	Path  string `json:"path"`
	Cases int    `json:"cases"`
	// Layouts names what was found: "jcs-pairs", "es6numbers", "jsontestsuite".
	Layouts []string `json:"layouts"`
}

// Header is the first line of a report.
type Header struct {
	Type           string       `json:"type"` // "header"
	Format         int          `json:"format"`
	ConformVersion string       `json:"conform_version"`
	Protocol       int          `json:"protocol"`
	StartedAt      time.Time    `json:"started_at"`
	VectorsSHA256  string       `json:"vectors_manifest_sha256"`
	Transport      string       `json:"transport"`
	Contracts      []string     `json:"contracts"`
	Impls          []ImplMeta   `json:"implementations"`
	Corpora        []CorpusMeta `json:"corpora"`
	Cases          int          `json:"cases"`
	// AllowSkips records --allow-skips: skips of announced cases do not
	// fail the run (Announced).
	AllowSkips bool `json:"allow_skips,omitempty"`
}

// Answer is an expected or observed result. Output is base64 in JSON.
type Answer struct {
	// Outcome is ok or refused for an expectation; ok, refused, errored,
	// skipped or timeout for an observation.
	Outcome string `json:"outcome"`
	Output  []byte `json:"output,omitempty"`
	// Message is the refusal message, or the error of an errored answer.
	// An expectation of outcome refused with no message accepts any.
	Message string `json:"message,omitempty"`
	Trace   string `json:"trace,omitempty"`
	Reason  string `json:"reason,omitempty"`
	// At is where a refused answer said it refused in the input ("byte
	// 12, /a/0"), when it said so: shown beside a wrong-message
	// disagreement, never compared (mirrors/PROTOCOL.md, "run").
	At string `json:"at,omitempty"`
}

// Row is one case run through one implementation.
type Row struct {
	Type     string  `json:"type"` // "case"
	Case     string  `json:"case"`
	Name     string  `json:"name"`
	Contract string  `json:"contract"`
	Op       string  `json:"op"`
	Source   string  `json:"source"`
	Corpus   string  `json:"corpus,omitempty"`
	Impl     string  `json:"impl"`
	Outcome  Outcome `json:"outcome"`
	// Input is the case's input bytes, recorded on disagreeing rows only so
	// that the report alone reproduces them.
	Input []byte `json:"input,omitempty"`
	// ExpectedBy is "vector", "corpus" or "reference": who set Expected.
	ExpectedBy string `json:"expected_by"`
	Expected   Answer `json:"expected"`
	Got        Answer `json:"got"`
	// Uncaught marks a protocol break of the harness (it exited, hung or
	// wrote garbage), as opposed to a crash it caught.
	Uncaught bool `json:"uncaught,omitempty"`
	// Repro is the one command that reruns this case on this implementation.
	Repro string `json:"repro,omitempty"`
	// Reruns holds the implementation's answers to the reruns of a
	// disagreeing case (conform run --rerun N), in order, when any of them
	// differs from Got: the row's outcome is then Nondeterministic.
	Reruns []Answer `json:"reruns,omitempty"`
	// Known is set on a disagreeing row that a divergence ledger entry
	// expects (conform run --ledger): the disagreement is expected and
	// does not fail the run (Unexpected is false).
	Known *Known `json:"known,omitempty"`
}

// Known is the ledger entry that expects a row's disagreement: where it
// is written and why it is accepted until when.
type Known struct {
	// Entry names the entry: the ledger file and the line of its table.
	Entry string `json:"entry"`
	// Link points at the bug or decision that explains the divergence.
	Link string `json:"link"`
	// Expires is the last day (YYYY-MM-DD) the entry is accepted.
	Expires string `json:"expires"`
}

// Unexpected reports whether the row is an unexpected result, as
// wptrunner says: it disagrees and no ledger entry expects it. A row that
// agrees, was skipped, or whose disagreement a ledger entry expects is
// expected.
func (r Row) Unexpected() bool { return r.Outcome.Disagrees() && r.Known == nil }

// Footer is the last line of a complete report.
type Footer struct {
	Type       string                     `json:"type"` // "footer"
	FinishedAt time.Time                  `json:"finished_at"`
	Counts     map[string]map[Outcome]int `json:"counts"`
	// Disagreements counts rows whose outcome disagrees.
	Disagreements int `json:"disagreements"`
	// AnnouncedSkips counts skipped rows of cases their implementation
	// announced (Announced): cases that should have run and were not
	// answered. Omitted when zero.
	AnnouncedSkips int `json:"announced_skips,omitempty"`
	// Restarts counts harness restarts per implementation.
	Restarts map[string]int `json:"restarts"`
	// Breaks lists each implementation's protocol breaks, in order.
	Breaks      map[string][]string `json:"breaks,omitempty"`
	Quarantined []string            `json:"quarantined,omitempty"`
	// Stopped says why the run ended early ("fail-fast", "max-disagreements
	// 10", "interrupted"); empty for a run that covered every case.
	Stopped string `json:"stopped,omitempty"`
	// Ledger is how the run stood to its divergence ledger, when one was
	// given (conform run --ledger).
	Ledger   *LedgerSummary `json:"ledger,omitempty"`
	ExitCode int            `json:"exit_code"`
}

// LedgerSummary is a run judged against a divergence ledger (package
// ledger): how many disagreeing rows its entries expected, how many they
// did not, and the entries that fail the run by themselves.
type LedgerSummary struct {
	// File is the ledger's path as given.
	File string `json:"file"`
	// Expected counts the disagreeing rows an entry expects; Unexpected
	// the other disagreeing rows.
	Expected   int `json:"expected"`
	Unexpected int `json:"unexpected"`
	// Expired lists the entries past their expiry date, Stale the entries
	// the run covered that matched no row, each as "FILE:LINE: what".
	Expired []string `json:"expired,omitempty"`
	Stale   []string `json:"stale,omitempty"`
}

// Fails reports whether the ledger's own state fails the run: an expired
// or a stale entry.
func (l *LedgerSummary) Fails() bool { return l != nil && (len(l.Expired) > 0 || len(l.Stale) > 0) }

// Exit codes: the same whatever the output format (issue 2).
const (
	// ExitAgree: every implementation agreed with every case.
	ExitAgree = 0
	// ExitDisagree: at least one disagreement was found.
	ExitDisagree = 1
	// ExitUsage: a usage or configuration error (a missing runtime, a
	// broken vector file or corpus, a bad flag).
	ExitUsage = 2
	// ExitBroken: an implementation failed to start or broke the protocol.
	ExitBroken = 3
	// ExitInterrupted: the run was interrupted (SIGINT or SIGTERM) before
	// it covered every case; 128 + SIGINT, as shells report it.
	ExitInterrupted = 130
)
