package models

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/google/uuid"
	"gorm.io/gorm"
)

// eventLockID serialises event inserts on PostgreSQL, so event ids become visible in id order and a
// reader polling "id > last" can never skip an id that commits late.
const eventLockID = 7270001

// ClaimEventData is the claim as events, the live feed and webhooks describe it.
type ClaimEventData struct {
	ID         string    `json:"id"`
	Content    string    `json:"content"`
	SourceURL  *string   `json:"source_url"`
	Language   string    `json:"language"`
	Category   string    `json:"category"`
	Status     string    `json:"status"` // queued, analysed or failed
	Score      *float64  `json:"score"`
	Verdict    *string   `json:"verdict"` // v1 name
	Experts    int       `json:"experts"`
	Confidence *float64  `json:"confidence"`
	AIScore    *int      `json:"ai_score"`
	AIVerdict  *string   `json:"ai_verdict"` // compatible slug
	FirmID     *string   `json:"firm_id"`
	CreatedAt  time.Time `json:"created_at"`
	// Previous is the score before a claim.score_changed event.
	Previous *ScoreView `json:"previous,omitempty"`
	// Decided is false when nothing decided the current verdict (no expert voted and the analysis
	// found no evidence), so its score is a default; absent before the analysis.
	Decided *bool `json:"decided,omitempty"`
}

// ClaimData describes an analysed claim for an event.
func ClaimData(c *Claim) ClaimEventData {
	sv := c.EffectiveScore()
	score, verdict, conf := sv.Score, sv.Verdict, sv.Confidence
	aiScore, aiVerdict := c.AIScore, c.AIVerdict
	decided := c.HasCommunityScore() || c.AnalysisDecided()
	return ClaimEventData{ID: c.ID, Content: c.Content, SourceURL: c.SourceURL, Language: c.Language, Category: c.Category,
		Status: SubmissionAnalysed, Score: &score, Verdict: &verdict, Experts: sv.Experts, Confidence: &conf,
		AIScore: &aiScore, AIVerdict: &aiVerdict, FirmID: c.FirmID, CreatedAt: c.CreatedAt.UTC(), Decided: &decided}
}

// SubmissionData describes a submission that is not analysed yet.
func SubmissionData(s *ClaimSubmission) ClaimEventData {
	return ClaimEventData{ID: s.ID, Content: s.Content, SourceURL: s.SourceURL, Language: "und", Status: s.State,
		CreatedAt: s.CreatedAt.UTC()}
}

// WebhookPayload is the body every webhook delivery carries (Standard Webhooks' recommended shape).
type WebhookPayload struct {
	Type      string          `json:"type"`
	Timestamp time.Time       `json:"timestamp"`
	EventID   *int64          `json:"event_id"`
	Data      json.RawMessage `json:"data"`
}

// AppendEvent writes an event to the log inside tx and queues one webhook delivery for every
// active endpoint subscribed to its type whose owner has /v1 access, so an event and its
// deliveries exist together or not at all.
func AppendEvent(tx *gorm.DB, dialect database.Dialect, typ string, claimID *string, data any, now time.Time) (*Event, error) {
	body, err := json.Marshal(data)
	if err != nil {
		return nil, fmt.Errorf("event %s: encode: %w", typ, err)
	}
	if dialect == database.Postgres {
		if err := tx.Exec("SELECT pg_advisory_xact_lock(?)", eventLockID).Error; err != nil {
			return nil, fmt.Errorf("event %s: order lock: %w", typ, err)
		}
	}
	ev := &Event{Type: typ, ClaimID: claimID, Data: string(body), CreatedAt: dbTime(now)}
	if err := tx.Create(ev).Error; err != nil {
		return nil, fmt.Errorf("event %s: %w", typ, err)
	}
	var eps []WebhookEndpoint
	// The LIKE narrows in SQL; the exact membership test below is what decides.
	if err := tx.Table("webhook_endpoints AS e").Select("e.*").
		Where("e.disabled_at IS NULL AND e.event_types LIKE ? AND "+endpointOwnerActiveSQL, `%"`+typ+`"%`).
		Find(&eps).Error; err != nil {
		return nil, fmt.Errorf("event %s: endpoints: %w", typ, err)
	}
	for _, ep := range eps {
		if !ep.Subscribes(typ) {
			continue
		}
		if _, err := enqueueDelivery(tx, ep.ID, &ev.ID, typ, body, now); err != nil {
			return nil, fmt.Errorf("event %s: %w", typ, err)
		}
	}
	return ev, nil
}

// Subscribes reports whether the endpoint wants events of type typ.
func (e WebhookEndpoint) Subscribes(typ string) bool {
	var types []string
	if json.Unmarshal([]byte(e.EventTypes), &types) != nil {
		return false
	}
	for _, t := range types {
		if t == typ {
			return true
		}
	}
	return false
}

// enqueueDelivery writes one outbox row whose payload is fixed now, so every retry sends the same bytes.
func enqueueDelivery(tx *gorm.DB, endpointID string, eventID *int64, typ string, data json.RawMessage, now time.Time) (*WebhookDelivery, error) {
	payload, err := json.Marshal(WebhookPayload{Type: typ, Timestamp: now.UTC().Truncate(time.Second), EventID: eventID, Data: data})
	if err != nil {
		return nil, fmt.Errorf("encode delivery: %w", err)
	}
	// A UUIDv7 id: the column is a uuid on PostgreSQL, and time order helps receivers reading logs.
	d := &WebhookDelivery{ID: uuid.Must(uuid.NewV7()).String(), EndpointID: endpointID, EventID: eventID,
		EventType: typ, Payload: string(payload), State: DeliveryPending, NextAttemptAt: dbTime(now), CreatedAt: dbTime(now)}
	if err := tx.Create(d).Error; err != nil {
		return nil, fmt.Errorf("queue delivery to %s: %w", endpointID, err)
	}
	return d, nil
}

// EventStore reads the event log.
type EventStore struct{ db *database.DB }

// NewEventStore builds the event store over db.
func NewEventStore(db *database.DB) *EventStore { return &EventStore{db: db} }

// After returns up to limit events with id > afterID, oldest first.
func (s *EventStore) After(ctx context.Context, afterID int64, limit int) ([]Event, error) {
	var evs []Event
	if err := s.db.Gorm.WithContext(ctx).Where("id > ?", afterID).Order("id").Limit(limit).Find(&evs).Error; err != nil {
		return nil, fmt.Errorf("events after %d: %w", afterID, err)
	}
	return evs, nil
}

// Latest returns the newest limit events, newest first.
func (s *EventStore) Latest(ctx context.Context, limit int) ([]Event, error) {
	var evs []Event
	if err := s.db.Gorm.WithContext(ctx).Order("id DESC").Limit(limit).Find(&evs).Error; err != nil {
		return nil, fmt.Errorf("latest events: %w", err)
	}
	return evs, nil
}

// LastID returns the id of the newest event (0 when the log is empty).
func (s *EventStore) LastID(ctx context.Context) (int64, error) {
	var ids []int64
	if err := s.db.Gorm.WithContext(ctx).Model(&Event{}).Order("id DESC").Limit(1).Pluck("id", &ids).Error; err != nil {
		return 0, fmt.Errorf("last event id: %w", err)
	}
	if len(ids) == 0 {
		return 0, nil
	}
	return ids[0], nil
}

// linkFirmByDomain sets the claim's firm from its source domain (or a parent domain: news.bbc.co.uk
// belongs to the firm that owns bbc.co.uk) before the claim is inserted.
func linkFirmByDomain(tx *gorm.DB, c *Claim) error {
	if c.FirmID != nil || c.SourceDomain == nil || *c.SourceDomain == "" {
		return nil
	}
	cands := parentDomains(*c.SourceDomain)
	var rows []FirmDomain
	if err := tx.Where("domain IN ?", cands).Find(&rows).Error; err != nil {
		return fmt.Errorf("firm of %s: %w", *c.SourceDomain, err)
	}
	// The longest matching domain is the most specific owner.
	best := ""
	for _, r := range rows {
		if len(r.Domain) > len(best) {
			best, c.FirmID = r.Domain, &r.FirmID
		}
	}
	if c.FirmID != nil {
		src := "domain"
		c.FirmSource = &src
	}
	return nil
}

// parentDomains lists d and each parent with at least two labels: a.b.example.com → a.b.example.com,
// b.example.com, example.com.
func parentDomains(d string) []string {
	d = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(d)), ".")
	out := []string{d}
	for {
		i := strings.IndexByte(d, '.')
		if i < 0 || strings.Count(d[i+1:], ".") < 1 {
			return out
		}
		d = d[i+1:]
		out = append(out, d)
	}
}

// afterClaimInsert does what every new analysed claim needs inside its transaction: the first
// score history entry, the firm's trust score (trust rule) and the events the event rule chooses.
// created is false for a queued submission, whose claim.created event was written at submission;
// now is when the analysis is stored (for a submission, later than the claim's created_at).
func afterClaimInsert(tx *gorm.DB, dialect database.Dialect, rules Rules, c *Claim, created bool, now time.Time) error {
	if now.IsZero() {
		now = time.Now().UTC()
	}
	sv := c.EffectiveScore()
	h := &ClaimScoreChange{ID: uuid.Must(uuid.NewV7()).String(), ClaimID: c.ID, Score: sv.Score, Verdict: c.AIVerdict, Experts: 0,
		Confidence: sv.Confidence, Cause: "analysis", CreatedAt: dbTime(now)}
	if err := tx.Create(h).Error; err != nil {
		return fmt.Errorf("score history of %s: %w", c.ID, err)
	}
	if c.FirmID != nil {
		if err := RecomputeFirmTrust(tx, rules.Trust, *c.FirmID, now); err != nil {
			return err
		}
	}
	change := ChangeSubmissionAnalysed
	if created {
		change = ChangeChecked
	}
	return appendEvents(tx, dialect, rules.Events, change, &c.ID, ClaimData(c), now)
}

// appendEvents appends, in order, every event the event rule chooses for change, all with data.
func appendEvents(tx *gorm.DB, dialect database.Dialect, rule EventRule, change ClaimChange, claimID *string, data any, now time.Time) error {
	for _, typ := range rule.Events(change) {
		if _, err := AppendEvent(tx, dialect, typ, claimID, data, now); err != nil {
			return err
		}
	}
	return nil
}

// insertClaim links the firm, inserts the claim and writes what follows from it, all in tx.
func insertClaim(tx *gorm.DB, dialect database.Dialect, rules Rules, c *Claim, created bool, now time.Time) error {
	if err := linkFirmByDomain(tx, c); err != nil {
		return err
	}
	if err := tx.Create(c).Error; err != nil {
		return fmt.Errorf("store claim: %w", err)
	}
	return afterClaimInsert(tx, dialect, rules, c, created, now)
}
