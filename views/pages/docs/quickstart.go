package docs

import "strings"

// QuickStart is the first call with a key: copy-ready examples of the compatible API and what the
// reader's plan can call. The new-key page fills in the whole secret (the only page that shows
// it); /docs fills in the start of the reader's key and reads the secret from an environment
// variable.
type QuickStart struct {
	// ID prefixes the element ids (two quick starts never share a page, but tests look them up).
	ID string
	// KeyLine says which key the examples use, e.g. "Your key “ci” (cc_live_AbCdEfGh…)".
	KeyLine string
	// Curl, Fetch and SupabaseJS are the examples.
	Curl, Fetch, SupabaseJS string
	// URL is the analyse endpoint the examples call; Key the apikey header value they send.
	URL, Key string
	// PlanName is the reader's plan ("" for a visitor).
	PlanName string
	// V1 is true when the reader's keys also work on /v1.
	V1 bool
	// Can and Cannot list what the plan can and cannot call.
	Can, Cannot []string
}

// quickClaim is the claim every quick-start example checks: short, and one the starter knowledge
// base decides, so the first call shows a verdict rather than "undetermined".
const quickClaim = "Aşılar otizme neden olur"

// KeyEnv is the environment variable the examples read the key from when the page does not show it.
const KeyEnv = "CLAIMCHECK_KEY"

// NewQuickStart builds the examples for baseURL. With secret true, key is the whole key and
// appears in the examples as is; otherwise key is the start of the reader's key (or "" for a
// visitor) and the examples read $CLAIMCHECK_KEY, set in a first line the reader completes.
func NewQuickStart(baseURL, key string, secret bool, planName string, v1 bool) QuickStart {
	b := base(baseURL)
	q := QuickStart{ID: "quickstart", URL: b + "/functions/v1/quick-responder", PlanName: planName, V1: v1}
	shellKey, jsKey, setup := key, "'"+key+"'", ""
	if !secret {
		hint := "cc_live_…"
		if key != "" {
			hint = strings.TrimSuffix(key, "…") + "…"
		}
		shellKey, jsKey = "$"+KeyEnv, "process.env."+KeyEnv
		setup = `export ` + KeyEnv + `="` + hint + `"   # your whole key; the dashboard shows only its start` + "\n\n"
	}
	q.Key = shellKey
	q.Curl = setup + `curl -sS -X POST "` + q.URL + `" \
  -H "apikey: ` + shellKey + `" \
  -H "Content-Type: application/json" \
  -d '{"claim": "` + quickClaim + `"}'`
	q.Fetch = `const res = await fetch('` + q.URL + `', {
  method: 'POST',
  headers: { apikey: ` + jsKey + `, 'Content-Type': 'application/json' },
  body: JSON.stringify({ claim: '` + quickClaim + `' }),
})
const result = await res.json() // { id, score, verdict, summary, … }`
	q.SupabaseJS = `import { createClient } from '@supabase/supabase-js'

const claimcheck = createClient('` + b + `', ` + jsKey + `)
const { data, error } = await claimcheck.functions.invoke('quick-responder', {
  body: { claim: '` + quickClaim + `' },
})`
	q.Can = []string{
		"docs.quickstart.can_analyse",
		"docs.quickstart.can_read",
	}
	if v1 {
		q.Can = append(q.Can, "docs.quickstart.can_v1")
	} else {
		q.Cannot = []string{"docs.quickstart.cannot_v1"}
	}
	return q
}
