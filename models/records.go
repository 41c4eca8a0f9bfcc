package models

import (
	"encoding/json"
	"strings"
	"time"
)

// Claim submission states (POST /v1/claims/submit): queued → analysing → analysed, or → failed.
const (
	// SubmissionQueued waits for a worker.
	SubmissionQueued = "queued"
	// SubmissionAnalysing is leased by a worker until locked_until; a crashed worker's lease runs out.
	SubmissionAnalysing = "analysing"
	// SubmissionAnalysed has its claim stored under the submission's id.
	SubmissionAnalysed = "analysed"
	// SubmissionFailed ran out of attempts or was refused; failure_reason says why.
	SubmissionFailed = "failed"
)

// Event types of the event log, the live feed and webhooks.
const (
	// EventClaimCreated is written when a claim enters the service (a check, or a submission).
	EventClaimCreated = "claim.created"
	// EventClaimAnalysed is written when a claim's analysis is stored.
	EventClaimAnalysed = "claim.analysed"
	// EventClaimScoreChanged is written when expert votes change a claim's score or verdict.
	EventClaimScoreChanged = "claim.score_changed"
	// EventWebhookTest is only ever sent to one endpoint, by "send test event".
	EventWebhookTest = "webhook.test"
)

// EventTypes are the subscribable event types, in the order the docs list them.
var EventTypes = []string{EventClaimCreated, EventClaimAnalysed, EventClaimScoreChanged}

// Webhook delivery states: pending → sending → delivered, or sending → failed → sending … → dead.
const (
	// DeliveryPending waits for its first attempt.
	DeliveryPending = "pending"
	// DeliverySending is leased by a worker until locked_until; after that it is retried with the same id.
	DeliverySending = "sending"
	// DeliveryDelivered got a 2xx answer.
	DeliveryDelivered = "delivered"
	// DeliveryFailed had a failed attempt and waits for next_attempt_at.
	DeliveryFailed = "failed"
	// DeliveryDead ran out of attempts.
	DeliveryDead = "dead"
	// DeliveryCancelled was dropped because its endpoint was disabled or deleted.
	DeliveryCancelled = "cancelled"
)

// V1Verdict names a compatible-surface verdict slug the way /v1 does (docs/DECISIONS.md §3).
func V1Verdict(slug string) string {
	switch slug {
	case "dogru":
		return "verified"
	case "kismen":
		return "partial"
	case "yanlis":
		return "refuted"
	default:
		return "unverified"
	}
}

// VerdictFromV1 maps a /v1 verdict name back to its slug; ok is false for an unknown name.
func VerdictFromV1(name string) (slug string, ok bool) {
	switch name {
	case "verified":
		return "dogru", true
	case "partial":
		return "kismen", true
	case "refuted":
		return "yanlis", true
	case "unverified":
		return "belirsiz", true
	}
	return "", false
}

// Firm is an organisation that makes or publishes claims.
type Firm struct {
	ID          string    `gorm:"column:id;primaryKey"`
	Slug        string    `gorm:"column:slug"`
	Name        string    `gorm:"column:name"`
	Description string    `gorm:"column:description"`
	Website     string    `gorm:"column:website"`
	TrustScore  *float64  `gorm:"column:trust_score"` // nil until the firm has a claim
	ClaimCount  int       `gorm:"column:claim_count"`
	CreatedAt   time.Time `gorm:"column:created_at"`
	UpdatedAt   time.Time `gorm:"column:updated_at"`
}

// TableName pins the table name so GORM never guesses.
func (Firm) TableName() string { return "firms" }

// FirmDomain maps a source domain (and its subdomains) to a firm.
type FirmDomain struct {
	Domain string `gorm:"column:domain;primaryKey"`
	FirmID string `gorm:"column:firm_id"`
}

// TableName pins the table name so GORM never guesses.
func (FirmDomain) TableName() string { return "firm_domains" }

// FirmScore is one entry of a firm's append-only trust-score history.
type FirmScore struct {
	ID         string    `gorm:"column:id;primaryKey"`
	FirmID     string    `gorm:"column:firm_id"`
	TrustScore *float64  `gorm:"column:trust_score"`
	ClaimCount int       `gorm:"column:claim_count"`
	CreatedAt  time.Time `gorm:"column:created_at"`
}

// TableName pins the table name so GORM never guesses.
func (FirmScore) TableName() string { return "firm_score_history" }

// ClaimStanding is how a claim stands beyond its analysis — its firm and whether that attribution
// is confirmed, the experts' verdict, its views; embedded in Claim.
type ClaimStanding struct {
	FirmID              *string  `gorm:"column:firm_id"`
	FirmSource          *string  `gorm:"column:firm_source"` // "domain" or "admin"
	CommunityScore      *float64 `gorm:"column:community_score"`
	CommunityVerdict    *string  `gorm:"column:community_verdict"`
	CommunityConfidence *float64 `gorm:"column:community_confidence"`
	ExpertCount         int      `gorm:"column:expert_count"`
	ViewCount           int64    `gorm:"column:view_count"`
	// CommunitySettled is true while the experts' votes settle the claim (internal/community's rule).
	CommunitySettled bool `gorm:"column:community_settled"`
	// FirmConfirmedFor is the firm an admin or expert confirmed published the claim; the
	// confirmation holds only while it equals FirmID. FirmConfirmedBy is who, FirmConfirmedAt when.
	FirmConfirmedFor *string    `gorm:"column:firm_confirmed_for"`
	FirmConfirmedBy  *string    `gorm:"column:firm_confirmed_by"`
	FirmConfirmedAt  *time.Time `gorm:"column:firm_confirmed_at"`
}

// AttributionConfirmed reports whether an admin or an expert confirmed that the claim's current
// firm published it. An unconfirmed link rests on the address the submitter gave.
func (c ClaimStanding) AttributionConfirmed() bool {
	return c.FirmID != nil && c.FirmConfirmedFor != nil && *c.FirmConfirmedFor == *c.FirmID
}

// HasCommunityScore reports whether experts voted, so their score replaces the analyzer's.
func (c ClaimStanding) HasCommunityScore() bool {
	return c.ExpertCount > 0 && c.CommunityScore != nil && c.CommunityVerdict != nil
}

// ScoreView is the /v1 score of a claim (docs/DECISIONS.md §6): the community score when experts voted,
// else the AI score.
type ScoreView struct {
	Score      float64 `json:"score"`
	Verdict    string  `json:"verdict"` // v1 name
	Experts    int     `json:"experts"`
	Confidence float64 `json:"confidence"`
}

// EffectiveScore is the claim's current score: the community's when any expert voted, else the
// analysis's, whose confidence is the similarity of the fact-check its verdict came from (0 when
// no fact-check decided it).
func (c Claim) EffectiveScore() ScoreView {
	if c.HasCommunityScore() {
		return c.EffectiveScoreWith(0)
	}
	return c.EffectiveScoreWith(c.AIConfidence())
}

// EffectiveScoreWith is EffectiveScore with the analysis's confidence (AIConfidence) given, for
// a caller that keeps it instead of decoding the stored matches at every read.
func (c Claim) EffectiveScoreWith(aiConfidence float64) ScoreView {
	if c.HasCommunityScore() {
		conf := 0.0
		if c.CommunityConfidence != nil {
			conf = *c.CommunityConfidence
		}
		return ScoreView{Score: round2(*c.CommunityScore), Verdict: V1Verdict(*c.CommunityVerdict), Experts: c.ExpertCount, Confidence: round2(conf)}
	}
	return ScoreView{Score: float64(c.AIScore), Verdict: V1Verdict(c.AIVerdict), Experts: 0, Confidence: round2(aiConfidence)}
}

// ScoreFacts are what a claim's score answer reads from its stored analysis (Basis and Matches),
// kept in their own columns when the claim is stored (migration 00022) so the hot score read
// (GET /v1/claims/{id}/score) reads three narrow columns instead of decoding 2–3 KB of JSON at
// every request. All three are nil on a claim stored before the migration until the backfill at
// start reaches it; Claim.ScoreFactsOrDerived answers for both.
type ScoreFacts struct {
	// Decided is Claim.AnalysisDecided.
	Decided *bool `gorm:"column:ai_decided"`
	// Confidence is Claim.AIConfidence.
	Confidence *float64 `gorm:"column:ai_confidence"`
	// Method is the method of the basis's verdict entry ("" when it has none or does not decode).
	Method *string `gorm:"column:ai_method"`
}

// Complete reports whether all three facts are stored.
func (f ScoreFacts) Complete() bool {
	return f.Decided != nil && f.Confidence != nil && f.Method != nil
}

// DeriveScoreFacts reads the score facts from the claim's Basis and Matches: the values the
// columns of ScoreFacts hold, set when the claim is stored and by the backfill. Each text is
// decoded once; a stored analysis that does not decode is read as AnalysisDecided and
// AIConfidence read it.
func (c Claim) DeriveScoreFacts() ScoreFacts {
	// The entries are decoded with the field types of internal/analysis.FieldBasis, so a basis
	// the pages cannot decode (handlers/viewmodel.ParseBasis) names no method here either.
	var basis map[string]struct {
		Assessed bool   `json:"assessed"`
		Method   string `json:"method"`
		Detail   string `json:"detail"`
	}
	var matches []storedMatch
	basisOK := strings.TrimSpace(c.Basis) != "" && json.Unmarshal([]byte(c.Basis), &basis) == nil
	matchesOK := c.Matches != "" && json.Unmarshal([]byte(c.Matches), &matches) == nil
	method := ""
	if basisOK {
		method = basis["verdict"].Method
	}
	if !basisOK || !matchesOK {
		decided, confidence := c.AnalysisDecided(), c.AIConfidence()
		return ScoreFacts{Decided: &decided, Confidence: &confidence, Method: &method}
	}
	confidence, confident := confidenceOf(matches)
	v, hasVerdict := basis["verdict"]
	decided := c.decidedBy(hasVerdict, v.Assessed, func() bool { return confident })
	return ScoreFacts{Decided: &decided, Confidence: &confidence, Method: &method}
}

// ScoreFactsOrDerived is the claim's stored score facts, or, for a claim stored before they were
// kept, the facts derived from its Basis and Matches (which the caller must then have read).
func (c Claim) ScoreFactsOrDerived() ScoreFacts {
	if c.Facts.Complete() {
		return c.Facts
	}
	return c.DeriveScoreFacts()
}

// AIConfidence is how sure the analysis was: the similarity of the confident fact-check match.
func (c Claim) AIConfidence() float64 {
	var ms []storedMatch
	if c.Matches == "" || json.Unmarshal([]byte(c.Matches), &ms) != nil {
		return 0
	}
	confidence, _ := confidenceOf(ms)
	return confidence
}

// storedMatch is what the score reads of a stored match.
type storedMatch struct {
	Similarity float64 `json:"similarity"`
	Confident  bool    `json:"confident"`
}

// confidenceOf is the similarity of the first confident match (within 0–1), and whether there is one.
func confidenceOf(ms []storedMatch) (float64, bool) {
	for _, m := range ms {
		if m.Confident {
			return min(max(m.Similarity, 0), 1), true
		}
	}
	return 0, false
}

// AnalysisDecided reports whether the stored analysis decided the verdict. A verdict basis that
// was not assessed (the undecided rule) means nothing did: no fact-check states the claim and no
// model judged it, so its belirsiz and 50 are defaults, not findings. An assessed basis decided it
// even when it says belirsiz (a fact-check rating the claim unproven is a finding). Claims stored
// before bases were recorded are decided when their verdict is not belirsiz or a fact-check
// decided it. The pages, /v1 and the live feed all ask here.
func (c Claim) AnalysisDecided() bool {
	var basis map[string]struct {
		Assessed bool `json:"assessed"`
	}
	if c.Basis != "" && json.Unmarshal([]byte(c.Basis), &basis) == nil {
		b, ok := basis["verdict"]
		return c.decidedBy(ok, b.Assessed, c.HasConfidentMatch)
	}
	return c.decidedBy(false, false, c.HasConfidentMatch)
}

// decidedBy is AnalysisDecided's rule once the basis is decoded: hasVerdict says whether it has a
// verdict entry and assessed is that entry's flag; confident (whether a match decided the
// verdict) is asked only without one.
func (c Claim) decidedBy(hasVerdict, assessed bool, confident func() bool) bool {
	if hasVerdict {
		return assessed || c.AIVerdict != "belirsiz"
	}
	return c.AIVerdict != "belirsiz" || confident()
}

// HasConfidentMatch reports whether a stored match decided the verdict.
func (c Claim) HasConfidentMatch() bool {
	var ms []struct {
		Confident bool `json:"confident"`
	}
	if c.Matches == "" || json.Unmarshal([]byte(c.Matches), &ms) != nil {
		return false
	}
	for _, m := range ms {
		if m.Confident {
			return true
		}
	}
	return false
}

// round2 keeps two decimals, so a score reads 87.5, not 87.49999999.
func round2(f float64) float64 {
	if f < 0 {
		return -round2(-f)
	}
	return float64(int64(f*100+0.5)) / 100
}

// ExpertProfile is the public side of an account with the expert role.
type ExpertProfile struct {
	UserID    string `gorm:"column:user_id;primaryKey"`
	Bio       string `gorm:"column:bio"`
	Expertise string `gorm:"column:expertise"` // JSON array of strings
	// Affiliation is where the expert works ("Boğaziçi University, Department of History").
	Affiliation string `gorm:"column:affiliation"`
	// Credentials are what qualifies them ("PhD in epidemiology; 12 years at a public health agency").
	Credentials string    `gorm:"column:credentials"`
	Public      bool      `gorm:"column:public"`
	CreatedAt   time.Time `gorm:"column:created_at"`
	UpdatedAt   time.Time `gorm:"column:updated_at"`
}

// TableName pins the table name so GORM never guesses.
func (ExpertProfile) TableName() string { return "expert_profiles" }

// ClaimVote is one expert's verdict on one claim; changing it updates the row.
type ClaimVote struct {
	ID         string    `gorm:"column:id;primaryKey"`
	ClaimID    string    `gorm:"column:claim_id"`
	ExpertID   string    `gorm:"column:expert_id"`
	Verdict    string    `gorm:"column:verdict"` // compatible slug
	Confidence float64   `gorm:"column:confidence"`
	Note       string    `gorm:"column:note"`
	Sources    string    `gorm:"column:sources"` // JSON array of URLs
	CreatedAt  time.Time `gorm:"column:created_at"`
	UpdatedAt  time.Time `gorm:"column:updated_at"`
}

// TableName pins the table name so GORM never guesses.
func (ClaimVote) TableName() string { return "claim_votes" }

// ClaimScoreChange is one entry of a claim's append-only score history.
type ClaimScoreChange struct {
	ID         string    `gorm:"column:id;primaryKey"`
	ClaimID    string    `gorm:"column:claim_id"`
	Score      float64   `gorm:"column:score"`
	Verdict    string    `gorm:"column:verdict"` // compatible slug
	Experts    int       `gorm:"column:experts"`
	Confidence float64   `gorm:"column:confidence"`
	Cause      string    `gorm:"column:cause"` // "analysis" or "vote"
	CreatedAt  time.Time `gorm:"column:created_at"`
}

// TableName pins the table name so GORM never guesses.
func (ClaimScoreChange) TableName() string { return "claim_score_history" }

// Event is one entry of the event log; its place in the log (Pos) orders the live feed and the
// webhook fan-out, and its id is the SSE event id.
type Event struct {
	ID        int64     `gorm:"column:id;primaryKey;autoIncrement"`
	Type      string    `gorm:"column:type"`
	ClaimID   *string   `gorm:"column:claim_id"`
	Data      string    `gorm:"column:data"` // JSON object
	CreatedAt time.Time `gorm:"column:created_at"`
	// XID is the writing transaction on PostgreSQL (filled by the database, never written from
	// here), 0 on SQLite; with ID it is the event's place in the log (Pos).
	XID int64 `gorm:"column:xid;->"`
}

// TableName pins the table name so GORM never guesses.
func (Event) TableName() string { return "events" }

// WebhookEndpoint is a registered receiver of events.
type WebhookEndpoint struct {
	ID                string     `gorm:"column:id;primaryKey"`
	UserID            *string    `gorm:"column:user_id"`
	KeyID             *string    `gorm:"column:key_id"`
	URL               string     `gorm:"column:url"`
	Description       string     `gorm:"column:description"`
	EventTypes        string     `gorm:"column:event_types"` // JSON array of event types
	Secret            string     `gorm:"column:secret"`      // whsec_…; kept in clear because signing needs it
	PreviousSecret    *string    `gorm:"column:previous_secret"`
	PreviousExpiresAt *time.Time `gorm:"column:previous_expires_at"`
	DisabledAt        *time.Time `gorm:"column:disabled_at"`
	DisabledReason    *string    `gorm:"column:disabled_reason"`
	CreatedAt         time.Time  `gorm:"column:created_at"`
	UpdatedAt         time.Time  `gorm:"column:updated_at"`
}

// TableName pins the table name so GORM never guesses.
func (WebhookEndpoint) TableName() string { return "webhook_endpoints" }

// WebhookDelivery is one (event, endpoint) message in the webhook outbox. Its ID is the
// webhook-id header on every attempt, so receivers can drop duplicates.
type WebhookDelivery struct {
	ID            string     `gorm:"column:id;primaryKey"`
	EndpointID    string     `gorm:"column:endpoint_id"`
	EventID       *int64     `gorm:"column:event_id"`
	EventType     string     `gorm:"column:event_type"`
	Payload       string     `gorm:"column:payload"` // the exact body, fixed at enqueue
	State         string     `gorm:"column:state"`
	Attempts      int        `gorm:"column:attempts"`
	NextAttemptAt time.Time  `gorm:"column:next_attempt_at"`
	LockedBy      *string    `gorm:"column:locked_by"`
	LockedUntil   *time.Time `gorm:"column:locked_until"`
	LastStatus    *int       `gorm:"column:last_status"`
	LastError     string     `gorm:"column:last_error"`
	LastAttemptAt *time.Time `gorm:"column:last_attempt_at"`
	DeliveredAt   *time.Time `gorm:"column:delivered_at"`
	CreatedAt     time.Time  `gorm:"column:created_at"`
}

// TableName pins the table name so GORM never guesses.
func (WebhookDelivery) TableName() string { return "webhook_deliveries" }

// ClaimSubmission is a claim waiting in the durable analysis queue.
type ClaimSubmission struct {
	ID            string     `gorm:"column:id;primaryKey"` // also the id of the claim it becomes
	Content       string     `gorm:"column:content"`
	SourceURL     *string    `gorm:"column:source_url"`
	APIKeyID      *string    `gorm:"column:api_key_id"`
	State         string     `gorm:"column:state"`
	Attempts      int        `gorm:"column:attempts"`
	NextAttemptAt time.Time  `gorm:"column:next_attempt_at"`
	LockedBy      *string    `gorm:"column:locked_by"`
	LockedUntil   *time.Time `gorm:"column:locked_until"`
	FailureReason *string    `gorm:"column:failure_reason"`
	CreatedAt     time.Time  `gorm:"column:created_at"`
	UpdatedAt     time.Time  `gorm:"column:updated_at"`
}

// TableName pins the table name so GORM never guesses.
func (ClaimSubmission) TableName() string { return "claim_submissions" }
