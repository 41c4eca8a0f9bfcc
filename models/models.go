// Package models holds the stored records and the stores that read and write them. Stores return
// model structs; capability logic lives in internal/ packages.
package models

import (
	"errors"
	"time"
)

// ErrNotFound is returned when a record does not exist (or is hidden from the caller).
var ErrNotFound = errors.New("not found")

// Plan is a purchasable API plan; admins edit plans, the first migration seeds Starter and Enterprise.
type Plan struct {
	ID            string    `gorm:"column:id;primaryKey"`
	Slug          string    `gorm:"column:slug"`
	Name          string    `gorm:"column:name"`
	PriceText     string    `gorm:"column:price_text"`
	MonthlyQuota  *int      `gorm:"column:monthly_quota"` // nil = unlimited
	MaxActiveKeys int       `gorm:"column:max_active_keys"`
	StripePriceID *string   `gorm:"column:stripe_price_id"`
	Features      string    `gorm:"column:features"` // JSON array of strings
	Public        bool      `gorm:"column:public"`
	V1Access      bool      `gorm:"column:v1_access"`
	SortOrder     int       `gorm:"column:sort_order"`
	CreatedAt     time.Time `gorm:"column:created_at"`
	UpdatedAt     time.Time `gorm:"column:updated_at"`
}

// TableName pins the table name so GORM never guesses.
func (Plan) TableName() string { return "plans" }

// APIKey is an issued key; only the SHA-256 of the secret is stored.
type APIKey struct {
	ID            string     `gorm:"column:id;primaryKey"`
	PlanID        string     `gorm:"column:plan_id"`
	Name          string     `gorm:"column:name"`
	Prefix        string     `gorm:"column:prefix"`
	Hash          string     `gorm:"column:hash"`
	QuotaOverride *int       `gorm:"column:quota_override"`
	CreatedAt     time.Time  `gorm:"column:created_at"`
	LastUsedAt    *time.Time `gorm:"column:last_used_at"`
	RevokedAt     *time.Time `gorm:"column:revoked_at"`
	UserID        *string    `gorm:"column:user_id"`     // nil for keys made with the CLI
	RevokeAt      *time.Time `gorm:"column:revoke_at"`   // end of a rotated key's grace period
	ReplacedBy    *string    `gorm:"column:replaced_by"` // the key that rotation issued in its place
}

// TableName pins the table name so GORM never guesses.
func (APIKey) TableName() string { return "api_keys" }

// ActiveAt reports whether the key authenticates at now: not revoked, and not past the end of the
// grace period a rotation gave it. Checking the time here, not in a sweeper, makes the grace end
// exact even when no background job runs.
func (k APIKey) ActiveAt(now time.Time) bool {
	return k.RevokedAt == nil && (k.RevokeAt == nil || now.Before(*k.RevokeAt))
}

// UsageCounter is one key's request count for one calendar month (UTC), period "YYYY-MM".
type UsageCounter struct {
	KeyID  string `gorm:"column:key_id;primaryKey"`
	Period string `gorm:"column:period;primaryKey"`
	Count  int    `gorm:"column:count"`
}

// TableName pins the table name so GORM never guesses.
func (UsageCounter) TableName() string { return "usage_counters" }

// RateLimit is one fixed-window counter for short-term limits (e.g. anonymous checks per IP).
type RateLimit struct {
	Bucket      string `gorm:"column:bucket;primaryKey"`
	WindowStart int64  `gorm:"column:window_start;primaryKey"`
	Count       int    `gorm:"column:count"`
}

// TableName pins the table name so GORM never guesses.
func (RateLimit) TableName() string { return "rate_limits" }

// KV is one entry of the shared key-value store behind Fiber middleware storage (CSRF tokens).
type KV struct {
	K         string `gorm:"column:k;primaryKey"`
	V         []byte `gorm:"column:v"`
	ExpiresAt int64  `gorm:"column:expires_at"`
}

// TableName pins the table name so GORM never guesses.
func (KV) TableName() string { return "kv_store" }

// Claim is a stored, analysed claim: the public record plus the analysis provenance.
type Claim struct {
	ID              string     `gorm:"column:id;primaryKey"`
	Content         string     `gorm:"column:content"`
	SourceURL       *string    `gorm:"column:source_url"`
	SourceDomain    *string    `gorm:"column:source_domain"`
	Language        string     `gorm:"column:language"`
	Category        string     `gorm:"column:category"`
	EnQuery         string     `gorm:"column:en_query"`
	AIScore         int        `gorm:"column:ai_score"`
	AIVerdict       string     `gorm:"column:ai_verdict"`
	AISummary       string     `gorm:"column:ai_summary"`
	SourceScore     int        `gorm:"column:source_score"`
	ScienceScore    int        `gorm:"column:science_score"`
	AcademicScore   int        `gorm:"column:academic_score"`
	PublicScore     int        `gorm:"column:public_score"`
	Analyzer        string     `gorm:"column:analyzer"`
	AnalyzerVersion string     `gorm:"column:analyzer_version"`
	Basis           string     `gorm:"column:basis"` // JSON object: field → basis
	APIKeyID        *string    `gorm:"column:api_key_id"`
	HiddenAt        *time.Time `gorm:"column:hidden_at"`
	HiddenReason    *string    `gorm:"column:hidden_reason"`
	Matches         string     `gorm:"column:matches"`       // JSON array of the fact-checks compared
	AnalysisMeta    string     `gorm:"column:analysis_meta"` // JSON object: model, latency, tokens, fallback
	CreatedAt       time.Time  `gorm:"column:created_at"`
	// TextKey is the hash of the normalised claim text (internal/checking.TextKey) that links
	// repeat checks of the same claim; nil for claims stored before migration 00018.
	TextKey *string `gorm:"column:text_key"`
	// Facts is what the score answer reads from Basis and Matches, kept beside them (ScoreFacts).
	Facts ScoreFacts `gorm:"embedded"`
	// ClaimStanding holds the firm link and the community score the /v1 API added.
	ClaimStanding `gorm:"embedded"`
}

// TableName pins the table name so GORM never guesses.
func (Claim) TableName() string { return "claims" }

// All lists every mapped model, so the schema test can prove both dialects have their columns.
func All() []any {
	return []any{&Plan{}, &APIKey{}, &UsageCounter{}, &RateLimit{}, &KV{}, &Claim{}, &Review{}, &EvidenceCache{}, &OutboxMail{},
		&User{}, &Session{}, &AuthToken{}, &Subscription{}, &StripeEvent{}, &ContactLead{},
		&WaitlistEntry{}, &BetaInviteRun{}, &AuditEntry{},
		&Firm{}, &FirmDomain{}, &FirmScore{}, &ExpertProfile{}, &ClaimVote{}, &ClaimScoreChange{}, &Event{},
		&WebhookEndpoint{}, &WebhookDelivery{}, &ClaimSubmission{}}
}

// Review is one earlier fact-check (a schema.org ClaimReview) in the knowledge base.
type Review struct {
	ID             string     `gorm:"column:id;primaryKey"`
	URL            string     `gorm:"column:url"` // unique: re-imports update by it
	ClaimReviewed  string     `gorm:"column:claim_reviewed"`
	Language       string     `gorm:"column:language"`
	TextualRating  *string    `gorm:"column:textual_rating"`
	RatingValue    *float64   `gorm:"column:rating_value"`
	BestRating     *float64   `gorm:"column:best_rating"`
	WorstRating    *float64   `gorm:"column:worst_rating"`
	Verdict        string     `gorm:"column:verdict"`
	ReviewBody     string     `gorm:"column:review_body"`
	Publisher      string     `gorm:"column:publisher"`
	PublisherURL   *string    `gorm:"column:publisher_url"`
	DatePublished  *time.Time `gorm:"column:date_published"`
	ClaimDate      *time.Time `gorm:"column:claim_date"`
	Claimant       *string    `gorm:"column:claimant"`
	AppearanceURLs string     `gorm:"column:appearance_urls"` // JSON array of strings
	Citations      string     `gorm:"column:citations"`       // JSON array of {name, url}
	Category       *string    `gorm:"column:category"`
	Source         string     `gorm:"column:source"` // where it came from: starter, file:<name>, google-factcheck, expert
	CreatedAt      time.Time  `gorm:"column:created_at"`
	UpdatedAt      time.Time  `gorm:"column:updated_at"`
	// ReviewCuration is the admin's hand on the review (migration 00016); imports never write it.
	ReviewCuration `gorm:"embedded"`
}

// TableName pins the table name so GORM never guesses.
func (Review) TableName() string { return "claim_reviews" }

// EvidenceCache is one cached answer of an online evidence provider.
type EvidenceCache struct {
	Provider  string    `gorm:"column:provider;primaryKey"`
	CacheKey  string    `gorm:"column:cache_key;primaryKey"`
	Status    int       `gorm:"column:status"`
	Body      []byte    `gorm:"column:body"`
	FetchedAt time.Time `gorm:"column:fetched_at"`
	ExpiresAt time.Time `gorm:"column:expires_at"`
}

// TableName pins the table name so GORM never guesses.
func (EvidenceCache) TableName() string { return "evidence_cache" }
