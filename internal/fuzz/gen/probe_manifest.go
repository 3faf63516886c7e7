package gen

// probe-manifest/1 (spec/probe-manifest.md): structured inputs. Entries are
// drawn by kind (shell, web, http, the web aliases and near misses) from
// small pools, so that identities repeat; paths from the spellings of the
// manifest's path and near misses; existing manifests valid, corrupt or
// holding an alias; writers from the four and a near miss. One change now
// and then: a member dropped, one added, a value of another type.

import "strings"

var (
	pmKinds  = []string{"shell", "shell", "web", "web", "http", "browser", "playwright", "Web", "ftp"}
	pmCmds   = []string{`"make test"`, `"make test"`, `"npm run lint"`, `""`, `"make test "`}
	pmExits  = []string{`0`, `1`, `255`, `256`, `-1`, `0.0`}
	pmFiles  = []string{`"index.html"`, `"index.html"`, `"about.html"`, `""`}
	pmSmokes = []string{`"two-call"`, `"two-call"`, `"render"`, `""`}
	pmURLs   = []string{`"http://127.0.0.1:8080/health"`, `"https://x"`, `"ftp://x"`, `"http://"`, `"http://a b"`}
	pmStatus = []string{`200`, `200`, `503`, `100`, `599`, `600`, `99`}
	pmPaths  = []string{".atoma-probes.json", ".atoma-probes.json", "./.atoma-probes.json", "a/../.atoma-probes.json",
		`.\\.atoma-probes.json`, ".atoma-probes.json/", "sub/.atoma-probes.json", ".Atoma-Probes.json", "/.atoma-probes.json",
		"../.atoma-probes.json", "", "src/app.ts", "C:/x"}
	pmWriters = []string{"record_probe", "distill", "verify", "verify", "model", "tool"}
)

// pmEntry draws one entry as JSON text.
func pmEntry(s *Source) string {
	kind := Pick(s, pmKinds)
	var kv []string
	switch kind {
	case "shell":
		kv = []string{`"cmd":` + Pick(s, pmCmds), `"exit":` + Pick(s, pmExits)}
	case "http", "ftp":
		kv = []string{`"url":` + Pick(s, pmURLs), `"status":` + Pick(s, pmStatus)}
	default:
		kv = []string{`"file":` + Pick(s, pmFiles), `"smoke":` + Pick(s, pmSmokes)}
	}
	kv = append([]string{`"kind":"` + kind + `"`}, kv...)
	switch s.Intn(16) {
	case 0:
		kv = kv[1:]
	case 1:
		kv = append(kv, `"extra":1`)
	case 2:
		kv[len(kv)-1] = kv[len(kv)-1][:strings.IndexByte(kv[len(kv)-1], ':')+1] + `"5"`
	case 3:
		kv[0], kv[len(kv)-1] = kv[len(kv)-1], kv[0]
	}
	return "{" + strings.Join(kv, ",") + "}"
}

// pmEntries draws an array of entries.
func pmEntries(s *Source) string {
	var es []string
	for range s.Intn(5) {
		es = append(es, pmEntry(s))
	}
	return "[" + strings.Join(es, ",") + "]"
}

// PMManifest draws a manifest as on disk.
func PMManifest(s *Source) string {
	switch s.Intn(12) {
	case 0:
		return Pick(s, []string{`{"probes":[`, `[]`, `{"probes":{}}`, `{"probes":[],"x":1}`, ``, `{"probes":[1]}`})
	}
	return `{"probes":` + pmEntries(s) + `}`
}

// ProbeManifest draws one input of op, an operation of probe-manifest/1.
func ProbeManifest(s *Source, op string) []byte {
	path := `"` + Pick(s, pmPaths) + `"`
	writer := `"` + Pick(s, pmWriters) + `"`
	var text string
	switch op {
	case "check":
		text = PMManifest(s)
	case "write-guard":
		text = `{"path":` + path + `,"writer":` + writer + `}`
	default:
		existing := `null`
		if !s.Chance(3) {
			existing = string(Quote(s, units(PMManifest(s))))
		}
		entries := pmEntries(s)
		switch s.Intn(12) {
		case 0:
			existing = Pick(s, []string{`1`, `{}`, `true`})
		case 1:
			entries = Pick(s, []string{`{}`, `[1]`, `"x"`, `[{"kind":"shell","exit":0}]`})
		case 2:
			writer = `"model"`
		}
		text = `{"path":` + path + `,"writer":` + writer + `,"existing":` + existing + `,"entries":` + entries + `}`
	}
	if s.Chance(16) { // a member dropped
		if i := strings.Index(text, `,"`); i > 0 {
			j := strings.Index(text[i+1:], `,"`)
			if j < 0 {
				text = text[:i] + "}"
			} else {
				text = text[:i] + text[i+1+j:]
			}
		}
	}
	if s.Chance(40) {
		return []byte(Pick(s, []string{"null", `"x"`, "[]", text[:len(text)/2]}))
	}
	return []byte(text)
}
