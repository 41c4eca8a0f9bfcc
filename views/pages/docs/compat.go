package docs

import "strings"

// compatColumns are the claim columns /rest/v1/claims exposes (docs/DECISIONS.md §3).
var compatColumns = []string{"id", "content", "source_url", "language", "category", "en_query", "ai_score", "ai_verdict",
	"ai_summary", "source_score", "science_score", "academic_score", "public_score", "created_at"}

// exampleBase is the address examples use when the deployment's is unknown.
const exampleBase = "https://claimcheck.example"

// base is the deployment's address for examples, without a trailing slash.
func base(u string) string {
	if u = strings.TrimRight(u, "/"); u == "" {
		return exampleBase
	}
	return u
}

// compatAnalyseCurl is the example analyse request.
func compatAnalyseCurl(baseURL string) string {
	return `curl -sS -X POST "` + base(baseURL) + `/functions/v1/quick-responder" \
  -H "apikey: $CLAIMCHECK_KEY" \
  -H "Content-Type: application/json" \
  -d '{"claim": "Aşılar otizme neden olur", "source_url": "https://www.reuters.com/business/healthcare-pharmaceuticals/vaccines-autism"}'`
}

// compatAnalyseExample is what the offline analyzer answers for the example request.
const compatAnalyseExample = `{
  "id": "0190f5c2-7a4e-7c1b-9d2e-5b8f3a6c1d40",
  "score": 10,
  "verdict": "yanlis",
  "summary": "According to Claimcheck starter knowledge base (source: https://doi.org/10.1002/14651858.CD004407.pub4): Milyonlarca çocuğu kapsayan çok sayıda büyük çalışma ve sistematik derleme, KKK (MMR) aşısı dahil aşılar ile otizm arasında bir bağlantı bulmamıştır.",
  "source_score": 100,
  "science_score": 10,
  "academic_score": 50,
  "public_score": 50,
  "category": "health",
  "en_query": "vaccine autism cause"
}`

// compatReadCurl is the example read requests: one claim, the newest claims, and a count.
func compatReadCurl(baseURL string) string {
	b := base(baseURL)
	return `# One claim, every column
curl -sS "` + b + `/rest/v1/claims?id=eq.0190f5c2-7a4e-7c1b-9d2e-5b8f3a6c1d40&select=*" \
  -H "apikey: $CLAIMCHECK_KEY" -H "Authorization: Bearer $CLAIMCHECK_KEY"

# The five newest claims, some columns
curl -sS "` + b + `/rest/v1/claims?order=created_at.desc&limit=5&select=id,content,ai_verdict,ai_score,category" \
  -H "apikey: $CLAIMCHECK_KEY" -H "Authorization: Bearer $CLAIMCHECK_KEY"

# How many health claims there are (read Content-Range: */<count>)
curl -sS -I "` + b + `/rest/v1/claims?category=eq.health" -H "Prefer: count=exact" \
  -H "apikey: $CLAIMCHECK_KEY" -H "Authorization: Bearer $CLAIMCHECK_KEY"`
}

// compatReadExample is a realistic list answer.
const compatReadExample = `[
  {
    "id": "0190f5c2-7a4e-7c1b-9d2e-5b8f3a6c1d40",
    "content": "Aşılar otizme neden olur",
    "ai_verdict": "yanlis",
    "ai_score": 10,
    "category": "health"
  },
  {
    "id": "0190f5b9-13c0-7f55-a1d3-2c4e8b9f0a17",
    "content": "Sigara içmek akciğer kanserine yol açar",
    "ai_verdict": "dogru",
    "ai_score": 90,
    "category": "health"
  }
]`

// compatSupabaseJS is the supabase-js usage example.
func compatSupabaseJS(baseURL string) string {
	return `import { createClient } from '@supabase/supabase-js'

const claimcheck = createClient('` + base(baseURL) + `', process.env.CLAIMCHECK_KEY)

// Analyse a claim (POST /functions/v1/quick-responder)
const { data: result, error } = await claimcheck.functions.invoke('quick-responder', {
  body: { claim: 'Aşılar otizme neden olur', source_url: 'https://www.reuters.com/health/x' },
})
if (error) throw error // error.context is the Response; its JSON is {"error": "..."}

// Read it back (GET /rest/v1/claims?id=eq.<id>, one object)
const { data: claim } = await claimcheck.from('claims').select('*').eq('id', result.id).single()

// The ten newest health claims, with the total count
const { data: recent, count } = await claimcheck
  .from('claims')
  .select('id, content, ai_verdict, ai_score, category', { count: 'exact' })
  .eq('category', 'health')
  .order('created_at', { ascending: false })
  .limit(10)`
}
