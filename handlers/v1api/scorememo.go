package v1api

import (
	"strings"
	"sync"

	"github.com/claimcheck/claimcheck/handlers/viewmodel"
	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/models"
)

// scoreFacts is what a score answer reads from a claim's stored basis and matches: decoding
// them (2–3 KB of JSON) at every read was a third of the score read's CPU, and an analysis
// writes them once, so the facts of texts read lately are kept (scoreMemo).
type scoreFacts struct {
	// basisOK is false when the basis does not decode; the answer then falls back to the
	// claim's own fields (Claim.AnalysisDecided).
	basisOK              bool
	method               string
	assessed, hasVerdict bool
	// confidence is Claim.AIConfidence of the matches.
	confidence float64
	// confidentMatch is Claim.HasConfidentMatch of the matches.
	confidentMatch bool
}

// scoreKey is the stored text the facts were read from; equal texts give equal facts.
type scoreKey struct{ basis, matches string }

// scoreMemoSize bounds the memo: about 5 KB of text per entry, so at most ~5 MB.
const scoreMemoSize = 1024

// scoreMemo keeps the facts of the last scoreMemoSize distinct (basis, matches) texts, evicting
// a random entry when full. It holds the texts themselves as keys, so an entry can never answer
// for a claim whose stored text changed. Look-ups share the lock: hashing the kilobytes of a key
// under an exclusive lock queued every score read behind the others at 64 connections.
type scoreMemo struct {
	mu sync.RWMutex
	m  map[scoreKey]scoreFacts
}

func newScoreMemo() *scoreMemo { return &scoreMemo{m: make(map[scoreKey]scoreFacts, 64)} }

// facts are the facts of the texts; they may be borrowed (models.ClaimStore.ScoreWith hands over
// the connection's buffer), so a new entry keeps copies of them.
func (sm *scoreMemo) facts(basis, matches string) scoreFacts {
	k := scoreKey{basis, matches}
	sm.mu.RLock()
	f, ok := sm.m[k]
	sm.mu.RUnlock()
	if ok {
		return f
	}
	f = readScoreFacts(basis, matches)
	k = scoreKey{strings.Clone(basis), strings.Clone(matches)}
	sm.mu.Lock()
	if len(sm.m) >= scoreMemoSize {
		for old := range sm.m { // map order is random: a random eviction
			delete(sm.m, old)
			break
		}
	}
	sm.m[k] = f
	sm.mu.Unlock()
	return f
}

func readScoreFacts(basis, matches string) scoreFacts {
	parsed, err := viewmodel.ParseBasis(basis)
	b, ok := parsed[analysis.FieldVerdict]
	m := models.Claim{Matches: matches}
	return scoreFacts{basisOK: err == nil, method: b.Method, assessed: b.Assessed, hasVerdict: ok,
		confidence: m.AIConfidence(), confidentMatch: m.HasConfidentMatch()}
}

// answer is v1ScoreAnswer(cl) with the decoded facts kept.
func (sm *scoreMemo) answer(cl *models.Claim) v1Score {
	return v1ScoreFrom(cl, sm.facts(cl.Basis, cl.Matches))
}
