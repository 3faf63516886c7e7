package main

// probe-manifest/1: spec/probe-manifest.md, "Vectors". Every input and
// every expected manifest is literal text written from the spec; the
// member variants of the declared objects (absent, of another type, one
// outside the shape) are derived from the declaration
// (spec/probe-manifest/shapes.json); messages and tags are the catalogue's.

import (
	"strings"

	"github.com/conform-dev/conform/internal/fuzz/gen"
	"github.com/conform-dev/conform/internal/spec"
	specdata "github.com/conform-dev/conform/spec"
)

func init() {
	register(source{
		contract:   pmContract,
		files:      pmFiles,
		minCases:   1,
		exceptions: pmExceptions,
	})
}

const pmContract = "probe-manifest/1"

// pmDecl is the declaration of the closed objects.
var pmDecl = specdata.MustShapes("probe-manifest")

// pmMsg and pmTag are each code's message and exception tag, by the code
// without its prefix, from the catalogue.
var pmMsg, pmTag = func() (map[string]string, map[string]string) {
	k, ok := spec.MustLoad().Contract(pmContract)
	if !ok {
		panic("probe-manifest: not in the catalogue")
	}
	msg, tag := map[string]string{}, map[string]string{}
	for _, r := range k.Refusals {
		short := strings.TrimPrefix(r.Code, "probe-manifest.")
		msg[short], tag[short] = r.Message, r.Exception
	}
	return msg, tag
}()

// pmExceptions are the vectors whose tag differs from their message's
// catalogue tag: a member of another type, whose type code is its rule's
// code, stands when ignored (spec/probe-manifest.md, "Entries").
var pmExceptions = func() map[string]string {
	out := pmStandingTags()
	// With probe-manifest.path ignored the normalization's result is used
	// as it is; these normalize to no manifest, so not_manifest refuses.
	for _, name := range []string{"path.empty", "path.only-dots", "path.drive"} {
		out["merge-writers.jsonl:"+name] = "shadowed"
	}
	return out
}()

// pmNo is a refused case with the message and tag of code short (or the
// exception pmExceptions gives it in file behaviour).
func pmNo(name, input, short string) vcase {
	msg, ok := pmMsg[short]
	if !ok {
		panic("probe-manifest: no refusal " + short)
	}
	return refused(name, input, msg).withException(pmTag[short])
}

func pm(op, behaviour, description string, cases ...vcase) vfile {
	for i, c := range cases {
		if tag, own := pmExceptions[behaviour+".jsonl:"+c.name]; own {
			cases[i].exception = tag
		}
	}
	return vfile{contract: pmContract, op: op, dir: "probe-manifest", behaviour: behaviour, description: description, cases: cases}
}

// Entries as JSON text, and the canonical manifest of a list of them.
const (
	pmMake    = `{"kind":"shell","cmd":"make test","exit":0}`
	pmMake2   = `{"kind":"shell","cmd":"make test","exit":2}`
	pmLint    = `{"kind":"shell","cmd":"npm run lint","exit":0}`
	pmIndex   = `{"kind":"web","file":"index.html","smoke":"two-call"}`
	pmIndexB  = `{"kind":"web","file":"index.html","smoke":"render"}`
	pmAbout   = `{"kind":"web","file":"about.html","smoke":"two-call"}`
	pmHealth  = `{"kind":"http","url":"http://127.0.0.1:8080/health","status":200}`
	pmHealth2 = `{"kind":"http","url":"http://127.0.0.1:8080/health","status":503}`
)

func pmManifest(entries ...string) string { return `{"probes":[` + strings.Join(entries, ",") + "]}\n" }

// pmExisting is the existing member's JSON text for a manifest's text.
func pmExisting(text string) string { return jsonString(text) }

// pmIn is a merge input.
func pmIn(path, writer, existing string, entries ...string) string {
	return `{"path":"` + path + `","writer":"` + writer + `","existing":` + existing + `,"entries":[` + strings.Join(entries, ",") + `]}`
}

// pmMerge is an accepted merge into the root manifest by verify.
func pmMerge(name, existing string, entries []string, want ...string) vcase {
	return ok(name, pmIn(".atoma-probes.json", "verify", existing, entries...), pmManifest(want...))
}

func pmFiles() []vfile {
	existing := pmExisting(pmManifest(pmMake, pmIndex, pmHealth))
	files := []vfile{
		pm("merge", "merge-identity", "entry identity per shape: shell by cmd, web by file and smoke, http an ordered append",
			pmMerge("absent.empty", `null`, nil),
			pmMerge("absent.one-of-each", `null`, []string{pmMake, pmIndex, pmHealth}, pmMake, pmIndex, pmHealth),
			pmMerge("shell.replaced-in-place", existing, []string{pmMake2}, pmMake2, pmIndex, pmHealth).
				withNote("Same cmd: the new exit replaces the old one where the entry stood."),
			pmMerge("shell.new-cmd-appended", existing, []string{pmLint}, pmMake, pmIndex, pmHealth, pmLint),
			pmMerge("shell.cmd-exact", `null`, []string{pmMake, `{"kind":"shell","cmd":"make test ","exit":1}`}, pmMake, `{"kind":"shell","cmd":"make test ","exit":1}`).
				withNote("Commands are compared exactly: a trailing space is another command."),
			pmMerge("web.same-file-and-smoke", existing, []string{pmIndex}, pmMake, pmIndex, pmHealth),
			pmMerge("web.other-smoke-appended", existing, []string{pmIndexB}, pmMake, pmIndex, pmHealth, pmIndexB),
			pmMerge("web.other-file-appended", existing, []string{pmAbout}, pmMake, pmIndex, pmHealth, pmAbout),
			pmMerge("http.appended-again", existing, []string{pmHealth}, pmMake, pmIndex, pmHealth, pmHealth).
				withNote("http is an ordered append: a repeat is kept."),
			pmMerge("http.order-kept", `null`, []string{pmHealth2, pmHealth, pmHealth2}, pmHealth2, pmHealth, pmHealth2),
			pmMerge("idempotent.shell-web", existing, []string{pmMake, pmIndex}, pmMake, pmIndex, pmHealth).
				withNote("Merging the entries already there changes nothing."),
			pmMerge("within-new.shell-last-wins", `null`, []string{pmMake, pmLint, pmMake2}, pmMake2, pmLint),
			pmMerge("mixed", existing, []string{pmHealth2, pmMake2, pmAbout, pmIndex, pmLint}, pmMake2, pmIndex, pmHealth, pmHealth2, pmAbout, pmLint),
			pmMerge("escapes", `null`, []string{`{"kind":"shell","cmd":"echo \"\u00e9\"\n","exit":255}`}, `{"kind":"shell","cmd":"echo \u0022\u00e9\u0022\u000a","exit":255}`),
			pmMerge("existing.spaced", pmExisting("{ \"probes\" : [ "+pmLint+" ] }"), []string{pmMake}, pmLint, pmMake),
			pmMerge("existing.member-order", pmExisting(`{"probes":[{"exit":0,"cmd":"make test","kind":"shell"}]}`), []string{pmLint}, pmMake, pmLint),
		),
		pm("merge", "merge-aliases", "the reader reads the web aliases as web and writes web; the on-disk checker accepts none",
			pmMerge("alias.browser", `null`, []string{`{"kind":"browser","file":"index.html","smoke":"two-call"}`}, pmIndex),
			pmMerge("alias.playwright", `null`, []string{`{"kind":"playwright","file":"index.html","smoke":"two-call"}`}, pmIndex),
			pmMerge("alias.same-identity-as-web", existing, []string{`{"kind":"browser","file":"index.html","smoke":"two-call"}`}, pmMake, pmIndex, pmHealth).
				withNote("An alias entry has the identity of the web entry it is."),
			pmNo("alias.upper", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":"Browser","file":"a","smoke":"b"}`), "kind"),
			pmNo("alias.chrome", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":"chrome","file":"a","smoke":"b"}`), "kind"),
			ok("on-disk-alias.verify-rebuilds", pmIn(".atoma-probes.json", "verify", pmExisting(pmManifest(`{"kind":"browser","file":"a","smoke":"b"}`)), pmMake), pmManifest(pmMake)).
				withNote("An alias on disk is corruption: verify rebuilds."),
			pmNo("on-disk-alias.record-probe-refuses", pmIn(".atoma-probes.json", "record_probe", pmExisting(pmManifest(`{"kind":"browser","file":"a","smoke":"b"}`)), pmMake), "corrupt"),
		),
		pm("merge", "merge-writers", "the three writers' corrupt-input policies, model hand-edits and paths",
			pmNo("record-probe.unparseable", pmIn(".atoma-probes.json", "record_probe", pmExisting(`{"probes":[`), pmMake), "corrupt").
				withNote("Ignored, record_probe rebuilds as verify does."),
			pmNo("record-probe.checker-refuses", pmIn(".atoma-probes.json", "record_probe", pmExisting(pmManifest(`{"kind":"shell","cmd":"","exit":0}`)), pmMake), "corrupt"),
			pmNo("record-probe.not-object", pmIn(".atoma-probes.json", "record_probe", pmExisting(`[]`), pmMake), "corrupt"),
			pmNo("record-probe.empty-text", pmIn(".atoma-probes.json", "record_probe", `""`, pmMake), "corrupt"),
			pmNo("record-probe.lone-surrogate", pmIn(".atoma-probes.json", "record_probe", `"{\"probes\":[]}\ud800"`, pmMake), "corrupt"),
			ok("record-probe.sound", pmIn(".atoma-probes.json", "record_probe", existing, pmLint), pmManifest(pmMake, pmIndex, pmHealth, pmLint)),
			ok("distill.unparseable-keeps", pmIn(".atoma-probes.json", "distill", pmExisting(`{"probes":[`), pmMake), "").
				withNote("distill writes nothing: the corrupt file is left for a reviewer."),
			ok("distill.checker-refuses-keeps", pmIn(".atoma-probes.json", "distill", pmExisting(`{"probes":[],"extra":1}`), pmMake), ""),
			ok("distill.sound", pmIn(".atoma-probes.json", "distill", existing, pmAbout), pmManifest(pmMake, pmIndex, pmHealth, pmAbout)),
			ok("distill.absent", pmIn(".atoma-probes.json", "distill", `null`, pmAbout), pmManifest(pmAbout)),
			ok("verify.unparseable-rebuilds", pmIn(".atoma-probes.json", "verify", pmExisting(`{"probes":[`), pmMake), pmManifest(pmMake)),
			ok("verify.duplicate-member-rebuilds", pmIn(".atoma-probes.json", "verify", pmExisting(`{"probes":[],"probes":[]}`), pmMake), pmManifest(pmMake)),
			ok("verify.bad-exit-rebuilds", pmIn(".atoma-probes.json", "verify", pmExisting(pmManifest(`{"kind":"shell","cmd":"x","exit":256}`)), pmLint), pmManifest(pmLint)),
			pmNo("model.hand-edit", pmIn(".atoma-probes.json", "model", `null`, pmMake), "hand_edit").
				withNote("Ignored, the model's entries merge as verify's would."),
			pmNo("model.hand-edit-normalized", pmIn("./sub/../.atoma-probes.json", "model", existing, pmMake), "hand_edit"),
			ok("path.dot-slash", pmIn("./.atoma-probes.json", "record_probe", `null`, pmMake), pmManifest(pmMake)),
			ok("path.dot-dot", pmIn("src/../.atoma-probes.json", "record_probe", `null`, pmMake), pmManifest(pmMake)),
			ok("path.backslash", pmIn(`.\\.atoma-probes.json`, "record_probe", `null`, pmMake), pmManifest(pmMake)),
			ok("path.double-slash", pmIn(".//.atoma-probes.json", "record_probe", `null`, pmMake), pmManifest(pmMake)),
			ok("path.trailing-slash", pmIn(".atoma-probes.json/", "record_probe", `null`, pmMake), pmManifest(pmMake)),
			pmNo("path.subdirectory", pmIn("sub/.atoma-probes.json", "record_probe", `null`, pmMake), "not_manifest"),
			pmNo("path.case", pmIn(".Atoma-Probes.json", "record_probe", `null`, pmMake), "not_manifest"),
			pmNo("path.other-file", pmIn("probes.json", "record_probe", `null`, pmMake), "not_manifest"),
			pmNo("path.suffix", pmIn(".atoma-probes.json.bak", "record_probe", `null`, pmMake), "not_manifest"),
			pmNo("path.absolute", pmIn("/.atoma-probes.json", "record_probe", `null`, pmMake), "path"),
			pmNo("path.drive", pmIn("C:/.atoma-probes.json", "record_probe", `null`, pmMake), "path").
				withNote("Ignored, the drive letter stays a segment: not_manifest refuses."),
			pmNo("path.climbs", pmIn("../.atoma-probes.json", "record_probe", `null`, pmMake), "path"),
			pmNo("path.empty", pmIn("", "record_probe", `null`, pmMake), "path").
				withNote("Ignored, the empty result is no manifest: not_manifest refuses."),
			pmNo("path.only-dots", pmIn("./.", "record_probe", `null`, pmMake), "path"),
			pmNo("writer.unknown", pmIn(".atoma-probes.json", "tool", `null`, pmMake), "writer"),
			pmNo("writer.upper", pmIn(".atoma-probes.json", "Verify", `null`, pmMake), "writer"),
			pmNo("existing.number", pmIn(".atoma-probes.json", "verify", `1`, pmMake), "existing"),
			pmNo("existing.object", pmIn(".atoma-probes.json", "verify", `{"probes":[]}`, pmMake), "existing").
				withNote("existing is the file's text, not its parsed value."),
		),
		pm("merge", "merge-entries", "each entry's members and rules, read by the reader",
			pmNo("kind.absent", pmIn(".atoma-probes.json", "verify", `null`, `{"cmd":"x","exit":0}`), "kind"),
			pmNo("kind.number", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":1,"cmd":"x","exit":0}`), "kind"),
			pmNo("kind.unknown", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":"ftp","url":"ftp://x","status":200}`), "kind"),
			pmNo("entry.not-object", pmIn(".atoma-probes.json", "verify", `null`, `"make"`), "entries"),
			pmNo("entries.not-array", `{"path":".atoma-probes.json","writer":"verify","existing":null,"entries":{}}`, "entries"),
			pmNo("shell.cmd-empty", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":"shell","cmd":"","exit":0}`), "cmd"),
			pmNo("shell.exit-256", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":"shell","cmd":"x","exit":256}`), "exit"),
			ok("shell.exit-255", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":"shell","cmd":"x","exit":255}`), pmManifest(`{"kind":"shell","cmd":"x","exit":255}`)),
			pmNo("shell.exit-negative", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":"shell","cmd":"x","exit":-1}`), "exit"),
			pmNo("shell.exit-fraction", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":"shell","cmd":"x","exit":0.0}`), "exit").
				withNote("Ignored, the literal is written as read: 0.0."),
			pmNo("shell.exit-exponent", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":"shell","cmd":"x","exit":1e1}`), "exit"),
			pmNo("shell.web-member", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":"shell","cmd":"x","exit":0,"file":"a"}`), "unknown_member"),
			pmNo("web.file-empty", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":"web","file":"","smoke":"s"}`), "file"),
			pmNo("web.smoke-empty", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":"web","file":"f","smoke":""}`), "smoke"),
			pmNo("web.alias-smoke-empty", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":"browser","file":"f","smoke":""}`), "smoke"),
			pmNo("http.url-ftp", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":"http","url":"ftp://x","status":200}`), "url"),
			pmNo("http.url-upper-scheme", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":"http","url":"HTTP://x","status":200}`), "url"),
			pmNo("http.url-scheme-only", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":"http","url":"https://","status":200}`), "url"),
			pmNo("http.url-space", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":"http","url":"http://a b","status":200}`), "url"),
			pmNo("http.url-del", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":"http","url":"http://a\u007f","status":200}`), "url"),
			ok("http.url-https-non-ascii", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":"http","url":"https://\u00e9.example/","status":100}`),
				pmManifest(`{"kind":"http","url":"https://\u00e9.example/","status":100}`)),
			ok("http.status-599", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":"http","url":"http://x","status":599}`), pmManifest(`{"kind":"http","url":"http://x","status":599}`)),
			pmNo("http.status-600", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":"http","url":"http://x","status":600}`), "status"),
			pmNo("http.status-99", pmIn(".atoma-probes.json", "verify", `null`, `{"kind":"http","url":"http://x","status":99}`), "status"),
		),
		pm("write-guard", "write-guard", "the write guard: paths normalized before the manifest is recognized, model hand-edits refused",
			ok("model.other-file", `{"path":"src/app.ts","writer":"model"}`, `{"path":"src/app.ts","manifest":false}`),
			ok("model.subdirectory-manifest", `{"path":"sub/.atoma-probes.json","writer":"model"}`, `{"path":"sub/.atoma-probes.json","manifest":false}`),
			ok("record-probe.manifest", `{"path":"./.atoma-probes.json","writer":"record_probe"}`, `{"path":".atoma-probes.json","manifest":true}`),
			ok("verify.normalized", `{"path":"a//b/./../c\\d","writer":"verify"}`, `{"path":"a/c/d","manifest":false}`),
			ok("distill.manifest", `{"path":".atoma-probes.json","writer":"distill"}`, `{"path":".atoma-probes.json","manifest":true}`),
			ok("model.case", `{"path":".ATOMA-PROBES.JSON","writer":"model"}`, `{"path":".ATOMA-PROBES.JSON","manifest":false}`),
			ok("model.non-ascii", `{"path":"d\u00e9j\u00e0/x","writer":"model"}`, `{"path":"d\u00e9j\u00e0/x","manifest":false}`),
			pmNo("model.manifest", `{"path":".atoma-probes.json","writer":"model"}`, "hand_edit").
				withNote("Ignored, the write is let through: {\"path\":\".atoma-probes.json\",\"manifest\":true}."),
			pmNo("model.dot-slash", `{"path":"./.atoma-probes.json","writer":"model"}`, "hand_edit"),
			pmNo("model.dot-dot", `{"path":"src/../.atoma-probes.json","writer":"model"}`, "hand_edit"),
			pmNo("model.backslash", `{"path":".\\.atoma-probes.json","writer":"model"}`, "hand_edit"),
			pmNo("model.trailing-slash", `{"path":".atoma-probes.json/","writer":"model"}`, "hand_edit"),
			pmNo("path.absolute", `{"path":"/etc/passwd","writer":"model"}`, "path").withNote("Ignored: {\"path\":\"etc/passwd\",\"manifest\":false}."),
			pmNo("path.absolute-backslash", `{"path":"\\tmp\\x","writer":"verify"}`, "path"),
			pmNo("path.drive", `{"path":"c:\\x","writer":"verify"}`, "path"),
			pmNo("path.climbs", `{"path":"a/../../x","writer":"verify"}`, "path"),
			pmNo("path.empty", `{"path":"","writer":"verify"}`, "path"),
			pmNo("path.dot", `{"path":".","writer":"verify"}`, "path"),
			pmNo("writer.unknown", `{"path":"x","writer":"human"}`, "writer"),
		),
		pm("check", "check", "the on-disk checker: no alias, every member rule, canonical bytes",
			ok("empty", `{"probes":[]}`, pmManifest()),
			ok("one-of-each", pmManifest(pmMake, pmIndex, pmHealth), pmManifest(pmMake, pmIndex, pmHealth)),
			ok("spaced-reordered", `{ "probes" : [ {"exit":0, "kind":"shell", "cmd":"make test"} ] }`, pmManifest(pmMake)),
			ok("repeats-kept", pmManifest(pmMake, pmMake), pmManifest(pmMake, pmMake)).withNote("The checker reads; only a merge applies identity."),
			pmNo("alias.browser", pmManifest(`{"kind":"browser","file":"a","smoke":"b"}`), "kind").
				withNote("The on-disk checker accepts no alias."),
			pmNo("alias.playwright", pmManifest(`{"kind":"playwright","file":"a","smoke":"b"}`), "kind"),
			pmNo("kind.absent", pmManifest(`{"cmd":"x","exit":0}`), "kind"),
			pmNo("entry.not-object", `{"probes":[1]}`, "probes"),
			pmNo("probes.not-array", `{"probes":{}}`, "probes"),
			pmNo("shell.cmd-empty", pmManifest(`{"kind":"shell","cmd":"","exit":0}`), "cmd"),
			pmNo("web.file-empty", pmManifest(`{"kind":"web","file":"","smoke":"s"}`), "file"),
			pmNo("http.status-600", pmManifest(`{"kind":"http","url":"http://x","status":600}`), "status"),
		),
	}
	return append(files, pmShapeFiles()...)
}

// pmShapeBase is each declared object's valid document as members, and
// the operation and file its variants go to, with how to embed an entry.
var pmShapeBase = []struct {
	object, op, behaviour string
	doc                   gen.Doc
	wrap                  func(string) string
}{
	{"merge", "merge", "merge-members", gen.Doc{kv("path", `".atoma-probes.json"`), kv("writer", `"verify"`), kv("existing", `null`), kv("entries", `[]`)}, func(s string) string { return s }},
	{"write-guard", "write-guard", "write-guard-members", gen.Doc{kv("path", `"a"`), kv("writer", `"model"`)}, func(s string) string { return s }},
	{"manifest", "check", "check-members", gen.Doc{kv("probes", `[]`)}, func(s string) string { return s }},
	{"shell", "check", "check-shell-members", gen.Doc{kv("kind", `"shell"`), kv("cmd", `"x"`), kv("exit", `0`)}, func(s string) string { return `{"probes":[` + s + `]}` }},
	{"web", "check", "check-web-members", gen.Doc{kv("kind", `"web"`), kv("file", `"f"`), kv("smoke", `"s"`)}, func(s string) string { return `{"probes":[` + s + `]}` }},
	{"http", "check", "check-http-members", gen.Doc{kv("kind", `"http"`), kv("url", `"http://x"`), kv("status", `200`)}, func(s string) string { return `{"probes":[` + s + `]}` }},
}

// pmVariant is one member variant of a declared object.
type pmVariant struct {
	name, input, code string
	stands            bool
}

// pmVariants are the member variants of base b: a member outside the
// shape; each member absent and of another type. kind is the dispatch,
// not a member rule: its variants are ErrKind's.
func pmVariants(b int) []pmVariant {
	base := pmShapeBase[b]
	o := pmDecl.Object(base.object)
	out := []pmVariant{{"unknown-member", base.wrap(base.doc.Set("extra", `1`).String()), "probe-manifest.unknown_member", false}}
	for _, m := range o.Members {
		if m.Name == "kind" {
			continue
		}
		other := `5`
		if m.Type != "string" {
			other = `"5"`
		}
		out = append(out,
			pmVariant{m.Name + ".absent", base.wrap(base.doc.Drop(m.Name).String()), "probe-manifest.missing_member", false},
			pmVariant{m.Name + ".type", base.wrap(base.doc.Set(m.Name, other).String()), m.TypeCode, true})
	}
	return out
}

func pmShapeFiles() []vfile {
	var files []vfile
	for b, base := range pmShapeBase {
		var cases []vcase
		for _, v := range pmVariants(b) {
			cases = append(cases, pmNo(v.name, v.input, strings.TrimPrefix(v.code, "probe-manifest.")))
		}
		if base.object != "shell" && base.object != "web" && base.object != "http" {
			for _, n := range []struct{ name, input string }{{"string", `"x"`}, {"array", `[]`}, {"null", `null`}, {"number", `0`}} {
				cases = append(cases, pmNo("type."+n.name, n.input, "type"))
			}
			for _, n := range []struct{ name, input string }{{"empty", ``}, {"trailing", `{} 1`}, {"duplicate", `{"a":1,"a":2}`}, {"bom", "\ufeff{}"}} {
				cases = append(cases, pmNo("input."+n.name, n.input, "input"))
			}
		}
		files = append(files, pm(base.op, base.behaviour, "the members of the closed object "+base.object+", from its declaration", cases...))
	}
	return files
}

// pmStandingTags are the exception tags of the member variants whose type
// code stands while the catalogue gives their message no tag.
func pmStandingTags() map[string]string {
	out := map[string]string{}
	for b, base := range pmShapeBase {
		for _, v := range pmVariants(b) {
			if v.stands && pmTag[strings.TrimPrefix(v.code, "probe-manifest.")] == "" {
				out[base.behaviour+".jsonl:"+v.name] = "type-guard"
			}
		}
	}
	return out
}
