package models

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/google/uuid"
	"gorm.io/gorm"
)

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

// AppendEvent writes one event to the log inside tx. It takes no lock: on PostgreSQL the row
// records its transaction (the xid column's default), and readers order the log by (xid, id) and
// read only below the oldest transaction still running (EventStore.Next), so concurrent writers in
// any number of processes append freely. Webhook deliveries are queued later by the fan-out
// (WebhookStore.FanOut), outside the writer's transaction.
func AppendEvent(tx *gorm.DB, typ string, claimID *string, data any, now time.Time) (*Event, error) {
	evs, err := insertEvents(tx, []string{typ}, claimID, data, now)
	if err != nil {
		return nil, err
	}
	return &evs[0], nil
}

// insertEvents appends one event per type, in order, all with data, in one INSERT.
//
// Why no lock and no extra statement: the xid column defaults to pg_current_xact_id(), the
// top-level transaction's id (not the row's own xmin, which inside a savepoint is a subtransaction
// id above the horizon's reach). Whether the writer had its xid before the identity drew the event
// id does not matter to the readers: a reader whose snapshot has horizon h = pg_snapshot_xmin reads
// only xid < h, every transaction below h has ended, and a writer still running then, or one that
// only gets its xid later, stores an xid of at least h, so it sorts after everything the reader
// has read, whatever its id. (In practice the claim, submission or vote row written first in the
// same transaction has already assigned the xid.)
func insertEvents(tx *gorm.DB, types []string, claimID *string, data any, now time.Time) ([]Event, error) {
	if len(types) == 0 {
		return nil, nil
	}
	body, err := json.Marshal(data)
	if err != nil {
		return nil, fmt.Errorf("event %s: encode: %w", types[0], err)
	}
	evs := make([]Event, len(types))
	for i, typ := range types {
		evs[i] = Event{Type: typ, ClaimID: claimID, Data: string(body), CreatedAt: dbTime(now)}
	}
	if err := tx.Create(&evs).Error; err != nil {
		return nil, fmt.Errorf("events %s: %w", strings.Join(types, ", "), err)
	}
	return evs, nil
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
	d, err := newDelivery(endpointID, eventID, typ, data, now, now)
	if err != nil {
		return nil, err
	}
	if err := tx.Create(d).Error; err != nil {
		return nil, fmt.Errorf("queue delivery to %s: %w", endpointID, err)
	}
	return d, nil
}

// newDelivery builds one outbox row: the payload says when the event happened (at), the row when
// it was queued (now).
func newDelivery(endpointID string, eventID *int64, typ string, data json.RawMessage, at, now time.Time) (*WebhookDelivery, error) {
	payload, err := json.Marshal(WebhookPayload{Type: typ, Timestamp: at.UTC().Truncate(time.Second), EventID: eventID, Data: data})
	if err != nil {
		return nil, fmt.Errorf("encode delivery to %s: %w", endpointID, err)
	}
	// A UUIDv7 id: the column is a uuid on PostgreSQL, and time order helps receivers reading logs.
	return &WebhookDelivery{ID: uuid.Must(uuid.NewV7()).String(), EndpointID: endpointID, EventID: eventID,
		EventType: typ, Payload: string(payload), State: DeliveryPending, NextAttemptAt: dbTime(now), CreatedAt: dbTime(now)}, nil
}

// EventPos is an event's place in the log: readers go through the log in (XID, ID) order. On
// PostgreSQL XID is the writing transaction, so an event that commits late still sorts after
// everything a reader has already read (see insertEvents); on SQLite, whose one writer at a time
// makes id order commit order, XID is always 0. The zero EventPos is before every event.
type EventPos struct {
	// XID is the writing transaction (0 on SQLite).
	XID int64
	// ID is the event id; 0 with an XID stands for "before every event of that transaction".
	ID int64
}

// Compare orders positions: -1 when p comes before q, 0 when equal, +1 after.
func (p EventPos) Compare(q EventPos) int {
	switch {
	case p.XID != q.XID:
		return cmp.Compare(p.XID, q.XID)
	default:
		return cmp.Compare(p.ID, q.ID)
	}
}

// Pos is the event's place in the log.
func (e Event) Pos() EventPos { return EventPos{XID: e.XID, ID: e.ID} }

// pgHorizon is the visibility horizon of the statement's own snapshot: the oldest transaction
// still running (or the next one to start). Every transaction below it has ended, so reading
// only xid < pgHorizon in (xid, id) order never passes an event that becomes visible later.
const pgHorizon = `pg_snapshot_xmin(pg_current_snapshot())::text::bigint`

// nextEventsSQL reads the log after a position up to the horizon, in log order (PostgreSQL).
const nextEventsSQL = `SELECT * FROM events WHERE (xid, id) > (?, ?) AND xid < ` + pgHorizon + ` ORDER BY xid, id LIMIT ?`

// EventStore reads the event log.
type EventStore struct{ db *database.DB }

// NewEventStore builds the event store over db.
func NewEventStore(db *database.DB) *EventStore { return &EventStore{db: db} }

// nextEvents returns up to limit events after pos in log order, only those below the horizon on
// PostgreSQL, in q's transaction if it has one.
func nextEvents(q *gorm.DB, dialect database.Dialect, after EventPos, limit int) ([]Event, error) {
	var evs []Event
	var err error
	if dialect == database.Postgres {
		err = q.Raw(nextEventsSQL, after.XID, after.ID, limit).Scan(&evs).Error
	} else {
		err = q.Where("id > ?", after.ID).Order("id").Limit(limit).Find(&evs).Error
	}
	if err != nil {
		return nil, fmt.Errorf("events after %d/%d: %w", after.XID, after.ID, err)
	}
	return evs, nil
}

// Next returns up to limit events after pos, in log order. It is the resumable reader: calling it
// again from the last event returned (or from the same pos when none came) never skips or repeats
// an event, across any number of writers and processes.
func (s *EventStore) Next(ctx context.Context, after EventPos, limit int) ([]Event, error) {
	return nextEvents(s.db.Gorm.WithContext(ctx), s.db.Dialect, after, limit)
}

// Head is the position of "now": every event at or before it is already in the log, and Next
// returns every event after it. On PostgreSQL it is (horizon, 0); it first waits, briefly (as
// Latest does), for the horizon to pass the events committed when it was called, so those count
// as already in the log rather than arriving later as new. Should the wait run out (a long write
// transaction is open), some of them come after Head as if new: an extra event from just before,
// never a missed one.
func (s *EventStore) Head(ctx context.Context) (EventPos, error) {
	if s.db.Dialect == database.Postgres {
		if err := s.awaitHorizon(ctx); err != nil {
			return EventPos{}, err
		}
		var h int64
		if err := s.db.Gorm.WithContext(ctx).Raw(`SELECT ` + pgHorizon).Row().Scan(&h); err != nil {
			return EventPos{}, fmt.Errorf("event log horizon: %w", err)
		}
		return EventPos{XID: h}, nil
	}
	id, err := s.LastID(ctx)
	return EventPos{ID: id}, err
}

// Resume is where a client that last saw event id continues: that event's position. ahead is true
// for an id the log never gave (above its newest event: another deployment's, or from before a
// restore), and the caller then starts from Head. For an id at or below the newest event that is
// no longer in the log (deleted) the answer leans towards repeating rather than skipping: on
// PostgreSQL, the position just before the oldest transaction among the surviving events from the
// nearest one below the id onwards (an event whose transaction overlapped the deleted one's is
// replayed, and may repeat); on SQLite, whose ids are in commit order, exactly (0, id).
func (s *EventStore) Resume(ctx context.Context, id int64) (pos EventPos, ahead bool, err error) {
	if id <= 0 {
		return EventPos{}, false, nil
	}
	last, err := s.LastID(ctx)
	if err != nil {
		return EventPos{}, false, err
	}
	if id > last {
		return EventPos{}, true, nil
	}
	if s.db.Dialect != database.Postgres {
		return EventPos{ID: id}, false, nil
	}
	g := s.db.Gorm.WithContext(ctx)
	var xids []int64
	if err := g.Raw(`SELECT xid FROM events WHERE id = ?`, id).Scan(&xids).Error; err != nil {
		return EventPos{}, false, fmt.Errorf("position of event %d: %w", id, err)
	}
	if len(xids) == 1 {
		return EventPos{XID: xids[0], ID: id}, false, nil
	}
	var low []*int64
	if err := g.Raw(`SELECT min(xid) FROM events WHERE id >= (SELECT coalesce(max(id), 0) FROM events WHERE id < ?)`, id).
		Scan(&low).Error; err != nil {
		return EventPos{}, false, fmt.Errorf("position of deleted event %d: %w", id, err)
	}
	if len(low) == 0 || low[0] == nil {
		return EventPos{}, false, nil
	}
	return EventPos{XID: *low[0]}, false, nil
}

// After returns up to limit committed events with id > afterID in id order, for tools and tests
// that want the whole log. It is not a resumable reader on PostgreSQL (ids commit out of order
// there); the live feed and the webhook fan-out use Next.
func (s *EventStore) After(ctx context.Context, afterID int64, limit int) ([]Event, error) {
	var evs []Event
	if err := s.db.Gorm.WithContext(ctx).Where("id > ?", afterID).Order("id").Limit(limit).Find(&evs).Error; err != nil {
		return nil, fmt.Errorf("events after %d: %w", afterID, err)
	}
	return evs, nil
}

// latestWait bounds how long Latest and Head wait for the horizon to pass the newest committed event.
const latestWait = 2 * time.Second

// Latest returns the newest limit events that Next has reached, newest first in log order, so a
// client shown them resumes exactly after the first (Resume of its id). On PostgreSQL it first
// waits, briefly (normally not at all: until the write transactions older than the newest event
// have ended, at most latestWait), for the horizon to pass the newest committed event, so an event
// committed just before the call is among them.
func (s *EventStore) Latest(ctx context.Context, limit int) ([]Event, error) {
	var evs []Event
	var err error
	if s.db.Dialect == database.Postgres {
		if err := s.awaitHorizon(ctx); err != nil {
			return nil, err
		}
		err = s.db.Gorm.WithContext(ctx).Raw(`SELECT * FROM events WHERE xid < `+pgHorizon+` ORDER BY xid DESC, id DESC LIMIT ?`, limit).
			Scan(&evs).Error
	} else {
		err = s.db.Gorm.WithContext(ctx).Order("id DESC").Limit(limit).Find(&evs).Error
	}
	if err != nil {
		return nil, fmt.Errorf("latest events: %w", err)
	}
	return evs, nil
}

// awaitHorizon returns once the horizon has passed every event committed when it was called, or
// after latestWait, or when ctx ends (then with its error).
func (s *EventStore) awaitHorizon(ctx context.Context) error {
	deadline := time.Now().Add(latestWait)
	var newest *int64
	var horizon int64
	err := s.db.Gorm.WithContext(ctx).Raw(`SELECT (SELECT max(xid) FROM events), `+pgHorizon).Row().Scan(&newest, &horizon)
	for {
		if err != nil {
			return fmt.Errorf("event log horizon: %w", err)
		}
		// Only the events committed now are waited for, so steady writing cannot keep it waiting.
		if newest == nil || *newest < horizon || time.Now().After(deadline) {
			return nil
		}
		t := time.NewTimer(10 * time.Millisecond)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		err = s.db.Gorm.WithContext(ctx).Raw(`SELECT ` + pgHorizon).Row().Scan(&horizon)
	}
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
// belongs to the firm that owns bbc.co.uk). Callers run it before the transaction that inserts the
// claim, so that transaction holds its locks only for its writes.
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

// appendEvents appends, in order, every event the event rule chooses for change, all with data,
// in one statement.
func appendEvents(tx *gorm.DB, dialect database.Dialect, rule EventRule, change ClaimChange, claimID *string, data any, now time.Time) error {
	_, err := insertEvents(tx, rule.Events(change), claimID, data, now)
	return err
}

// insertClaim inserts the claim and writes what follows from it, all in tx: one insert per table
// (the claim, its first score history entry, its events), plus the firm's trust when it has one.
// The firm must already be linked (linkFirmByDomain, before the transaction).
func insertClaim(tx *gorm.DB, dialect database.Dialect, rules Rules, c *Claim, created bool, now time.Time) error {
	if !c.Facts.Complete() {
		// Derived here only when the caller did not: internal/checking derives them before the
		// transaction, which on SQLite holds the one write lock.
		c.Facts = c.DeriveScoreFacts()
	}
	if err := tx.Create(c).Error; err != nil {
		return fmt.Errorf("store claim: %w", err)
	}
	return afterClaimInsert(tx, dialect, rules, c, created, now)
}
