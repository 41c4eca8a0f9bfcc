package models

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// MaxWebhookEndpoints caps the endpoints one owner may register: enough for staging, production and
// a few tools, few enough that one account cannot turn every event into hundreds of requests.
const MaxWebhookEndpoints = 10

// maxDeliveryError caps last_error; the worker already reads at most 4 KiB of an answer.
const maxDeliveryError = 4096

// ErrWebhookLimit is returned when an owner already has MaxWebhookEndpoints endpoints.
var ErrWebhookLimit = errors.New("webhook endpoint limit reached")

// ErrWebhookDuplicate is returned when the owner already has an endpoint with the same URL, which
// would receive every event twice.
var ErrWebhookDuplicate = errors.New("webhook endpoint URL already registered")

// ErrEndpointDisabled is returned when an action needs an active endpoint.
var ErrEndpointDisabled = errors.New("webhook endpoint is disabled")

// ErrRotationInProgress is returned when a secret is rotated while the previous rotation's old
// secret still signs: a second rotation would drop that old secret, which receivers may still use.
var ErrRotationInProgress = errors.New("webhook secret rotation still in its grace period")

// WebhookOwner is whom an endpoint belongs to: an account, or for keys made with the CLI (which
// have no account) the key itself. Exactly one of the two is set.
type WebhookOwner struct {
	// UserID is the owning account, "" for a key-owned endpoint.
	UserID string
	// KeyID is the owning key, used only when UserID is "".
	KeyID string
}

// where narrows q to the owner's endpoints; an empty owner matches nothing rather than everything.
func (o WebhookOwner) where(q *gorm.DB) *gorm.DB {
	switch {
	case o.UserID != "":
		return q.Where("user_id = ?", o.UserID)
	case o.KeyID != "":
		return q.Where("user_id IS NULL AND key_id = ?", o.KeyID)
	}
	return q.Where("1 = 0")
}

// DueDelivery is a claimed delivery with what the worker needs to send it.
type DueDelivery struct {
	WebhookDelivery
	// URL is the endpoint's receiver address.
	URL string
	// Secrets are the endpoint's signing secrets: the current one, then the previous one while its
	// rotation grace lasts.
	Secrets []string
}

// DeliveryOutcome is the recorded result of one attempt.
type DeliveryOutcome struct {
	// State is DeliveryFailed (retry at RetryAt) or DeliveryDead (give up).
	State string
	// Status is the receiver's HTTP status, nil when no answer came.
	Status *int
	// Error says what went wrong, for the owner.
	Error string
	// RetryAt is when a failed delivery is due again.
	RetryAt time.Time
	// Now is when the attempt ended.
	Now time.Time
}

// WebhookStore keeps webhook endpoints and their delivery outbox.
type WebhookStore struct{ db *database.DB }

// NewWebhookStore builds the webhook store over db.
func NewWebhookStore(db *database.DB) *WebhookStore { return &WebhookStore{db: db} }

// CreateEndpoint stores ep for owner unless the owner already has MaxWebhookEndpoints endpoints
// (ErrWebhookLimit) or one with the same URL (ErrWebhookDuplicate). The count and insert share a transaction that locks the owner's row on
// PostgreSQL, so two concurrent creates cannot both take the last slot.
func (s *WebhookStore) CreateEndpoint(ctx context.Context, owner WebhookOwner, ep *WebhookEndpoint) error {
	if owner.UserID == "" && owner.KeyID == "" {
		return errors.New("create webhook endpoint: no owner")
	}
	if ep.ID == "" {
		ep.ID = uuid.Must(uuid.NewV7()).String()
	}
	ep.UserID, ep.KeyID = nil, nil
	if owner.UserID != "" {
		ep.UserID = &owner.UserID
	} else {
		ep.KeyID = &owner.KeyID
	}
	ep.CreatedAt, ep.UpdatedAt = dbTime(ep.CreatedAt), dbTime(ep.UpdatedAt)
	err := s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if s.db.Dialect == database.Postgres {
			lock := "SELECT id FROM users WHERE id = ? FOR UPDATE"
			arg := owner.UserID
			if owner.UserID == "" {
				lock, arg = "SELECT id FROM api_keys WHERE id = ? FOR UPDATE", owner.KeyID
			}
			if err := tx.Exec(lock, arg).Error; err != nil {
				return fmt.Errorf("lock owner: %w", err)
			}
		}
		var n int64
		if err := owner.where(tx.Model(&WebhookEndpoint{})).Count(&n).Error; err != nil {
			return fmt.Errorf("count endpoints: %w", err)
		}
		if n >= MaxWebhookEndpoints {
			return ErrWebhookLimit
		}
		if err := owner.where(tx.Model(&WebhookEndpoint{})).Where("url = ?", ep.URL).Count(&n).Error; err != nil {
			return fmt.Errorf("look for the same url: %w", err)
		}
		if n > 0 {
			return ErrWebhookDuplicate
		}
		return tx.Create(ep).Error
	})
	if err != nil && !errors.Is(err, ErrWebhookLimit) && !errors.Is(err, ErrWebhookDuplicate) {
		return fmt.Errorf("create webhook endpoint %s: %w", ep.URL, err)
	}
	return err
}

// ListEndpoints returns the owner's endpoints, newest first.
func (s *WebhookStore) ListEndpoints(ctx context.Context, owner WebhookOwner) ([]WebhookEndpoint, error) {
	var eps []WebhookEndpoint
	if err := owner.where(s.db.Gorm.WithContext(ctx)).Order("created_at DESC, id DESC").Find(&eps).Error; err != nil {
		return nil, fmt.Errorf("list webhook endpoints: %w", err)
	}
	return eps, nil
}

// Endpoint returns one of the owner's endpoints; another owner's endpoint is ErrNotFound, exactly
// like one that does not exist.
func (s *WebhookStore) Endpoint(ctx context.Context, owner WebhookOwner, id string) (*WebhookEndpoint, error) {
	return s.endpoint(s.db.Gorm.WithContext(ctx), owner, id)
}

// endpoint reads one of the owner's endpoints inside q's transaction, if any.
func (s *WebhookStore) endpoint(q *gorm.DB, owner WebhookOwner, id string) (*WebhookEndpoint, error) {
	id = strings.ToLower(id)
	if _, err := uuid.Parse(id); err != nil {
		return nil, ErrNotFound // a uuid column would fail on PostgreSQL instead of missing
	}
	var ep WebhookEndpoint
	err := owner.where(q.Where("id = ?", id)).Take(&ep).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("webhook endpoint %s: %w", id, err)
	}
	return &ep, nil
}

// DeleteEndpoint removes one of the owner's endpoints; its deliveries go with it (ON DELETE CASCADE),
// so nothing more is sent to it.
func (s *WebhookStore) DeleteEndpoint(ctx context.Context, owner WebhookOwner, id string) error {
	id = strings.ToLower(id)
	if _, err := uuid.Parse(id); err != nil {
		return ErrNotFound
	}
	res := owner.where(s.db.Gorm.WithContext(ctx).Where("id = ?", id)).Delete(&WebhookEndpoint{})
	if res.Error != nil {
		return fmt.Errorf("delete webhook endpoint %s: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// RotateSecret makes secret the endpoint's signing secret; the old one keeps signing beside it until
// now+grace, so receivers can switch over without dropping messages. A second rotation within the
// grace period is ErrRotationInProgress: it would stop the oldest secret at once, which is what a
// reloaded form or a retried request would otherwise do to a receiver still being switched over.
func (s *WebhookStore) RotateSecret(ctx context.Context, owner WebhookOwner, id, secret string, grace time.Duration, now time.Time) (*WebhookEndpoint, error) {
	var out *WebhookEndpoint
	err := s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		ep, err := s.endpoint(tx, owner, id)
		if err != nil {
			return err
		}
		if ep.PreviousExpiresAt != nil && now.Before(*ep.PreviousExpiresAt) {
			return ErrRotationInProgress
		}
		until := dbTime(now.Add(grace))
		prev := ep.Secret
		if err := tx.Model(&WebhookEndpoint{}).Where("id = ?", ep.ID).Updates(map[string]any{
			"secret": secret, "previous_secret": prev, "previous_expires_at": until, "updated_at": dbTime(now),
		}).Error; err != nil {
			return fmt.Errorf("store secret: %w", err)
		}
		ep.Secret, ep.PreviousSecret, ep.PreviousExpiresAt, ep.UpdatedAt = secret, &prev, &until, dbTime(now)
		out = ep
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("rotate webhook secret %s: %w", id, err)
	}
	return out, nil
}

// Disable stops deliveries to one of the owner's endpoints and cancels those still waiting.
func (s *WebhookStore) Disable(ctx context.Context, owner WebhookOwner, id, reason string, now time.Time) (*WebhookEndpoint, error) {
	var out *WebhookEndpoint
	err := s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		ep, err := s.endpoint(tx, owner, id)
		if err != nil {
			return err
		}
		if err := disableEndpoint(tx, ep.ID, reason, "", now); err != nil {
			return err
		}
		out, err = s.endpoint(tx, owner, id)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("disable webhook endpoint %s: %w", id, err)
	}
	return out, nil
}

// Enable lets a disabled endpoint receive events again. Deliveries cancelled while it was disabled
// stay cancelled: they describe the past, and the owner chose (or the receiver asked) to stop them.
func (s *WebhookStore) Enable(ctx context.Context, owner WebhookOwner, id string, now time.Time) (*WebhookEndpoint, error) {
	var out *WebhookEndpoint
	err := s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		ep, err := s.endpoint(tx, owner, id)
		if err != nil {
			return err
		}
		if err := tx.Model(&WebhookEndpoint{}).Where("id = ?", ep.ID).Updates(map[string]any{
			"disabled_at": nil, "disabled_reason": nil, "updated_at": dbTime(now),
		}).Error; err != nil {
			return fmt.Errorf("enable: %w", err)
		}
		out, err = s.endpoint(tx, owner, id)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("enable webhook endpoint %s: %w", id, err)
	}
	return out, nil
}

// disableEndpoint marks the endpoint disabled and cancels its unfinished deliveries except keep (the
// one whose answer caused it, which the caller records itself).
func disableEndpoint(tx *gorm.DB, endpointID, reason, keep string, now time.Time) error {
	if err := tx.Model(&WebhookEndpoint{}).Where("id = ?", endpointID).Updates(map[string]any{
		"disabled_at": dbTime(now), "disabled_reason": reason, "updated_at": dbTime(now),
	}).Error; err != nil {
		return fmt.Errorf("disable endpoint %s: %w", endpointID, err)
	}
	q := tx.Model(&WebhookDelivery{}).Where("endpoint_id = ? AND state IN ?", endpointID, []string{DeliveryPending, DeliveryFailed, DeliverySending})
	if keep != "" {
		q = q.Where("id <> ?", keep)
	}
	if err := q.Updates(map[string]any{"state": DeliveryCancelled, "locked_by": nil, "locked_until": nil}).Error; err != nil {
		return fmt.Errorf("cancel deliveries of %s: %w", endpointID, err)
	}
	return nil
}

// Deliveries returns up to limit (1–100) of the endpoint's deliveries, newest first. The caller
// checks the endpoint belongs to the asker.
func (s *WebhookStore) Deliveries(ctx context.Context, endpointID string, limit int) ([]WebhookDelivery, error) {
	limit = min(max(limit, 1), 100)
	var ds []WebhookDelivery
	if err := s.db.Gorm.WithContext(ctx).Where("endpoint_id = ?", endpointID).Order("created_at DESC, id DESC").
		Limit(limit).Find(&ds).Error; err != nil {
		return nil, fmt.Errorf("deliveries of %s: %w", endpointID, err)
	}
	return ds, nil
}

// Delivery returns one delivery by id, for tests and tools.
func (s *WebhookStore) Delivery(ctx context.Context, id string) (*WebhookDelivery, error) {
	var d WebhookDelivery
	err := s.db.Gorm.WithContext(ctx).Where("id = ?", id).Take(&d).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("delivery %s: %w", id, err)
	}
	return &d, nil
}

// EnqueueTest queues a webhook.test message to one of the owner's active endpoints, with no event
// behind it: it exists so the owner can check their receiver and its signature verification.
func (s *WebhookStore) EnqueueTest(ctx context.Context, owner WebhookOwner, id string, data any, now time.Time) (*WebhookDelivery, error) {
	body, err := json.Marshal(data)
	if err != nil {
		return nil, fmt.Errorf("test event: encode: %w", err)
	}
	var out *WebhookDelivery
	err = s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		ep, err := s.endpoint(tx, owner, id)
		if err != nil {
			return err
		}
		if ep.DisabledAt != nil {
			return ErrEndpointDisabled
		}
		out, err = enqueueDelivery(tx, ep.ID, nil, EventWebhookTest, body, now)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("test event for %s: %w", id, err)
	}
	return out, nil
}

// UserV1AccessSQL holds for a user row aliased u that may use /v1: invited from the waiting list
// (beta_access_at), or on a plan with /v1 access, its own or one of its live keys'. The account
// pages, the webhook outbox and the worker all ask it, so they agree on who has access.
const UserV1AccessSQL = `(u.beta_access_at IS NOT NULL
  OR EXISTS (SELECT 1 FROM plans up WHERE up.id = u.plan_id AND up.v1_access)
  OR EXISTS (SELECT 1 FROM api_keys uk JOIN plans ukp ON ukp.id = uk.plan_id
    WHERE uk.user_id = u.id AND uk.revoked_at IS NULL AND ukp.v1_access))`

// endpointOwnerActiveSQL holds for an endpoint e whose owner may still use /v1: an account that is
// not disabled and passes UserV1AccessSQL, or for a key-owned endpoint (CLI keys, which cannot be
// rotated) a key that is not revoked and whose plan has /v1. Events are not queued for other
// endpoints, and deliveries queued before the owner lost access wait unsent until it comes back:
// an account an admin disabled, or a key revoked, stops its receivers at once without losing their
// history.
const endpointOwnerActiveSQL = `((e.user_id IS NOT NULL AND EXISTS (SELECT 1 FROM users u
    WHERE u.id = e.user_id AND u.disabled_at IS NULL AND ` + UserV1AccessSQL + `))
  OR (e.user_id IS NULL AND EXISTS (SELECT 1 FROM api_keys k JOIN plans kp ON kp.id = k.plan_id
    WHERE k.id = e.key_id AND k.revoked_at IS NULL AND kp.v1_access)))`

// claimDueSQL picks deliveries that are due and that nobody holds a live lease on: waiting ones
// whose time has come, and 'sending' ones whose worker died before recording (its lease ran out).
// Deliveries of disabled endpoints, or of endpoints whose owner lost /v1 access, are not sent, nor
// those of an endpoint with an attempt in flight (see ClaimDue).
const claimDueSQL = `SELECT d.id, d.endpoint_id FROM webhook_deliveries d
WHERE ((d.state IN ('pending','failed') AND d.next_attempt_at <= ?) OR (d.state = 'sending' AND d.locked_until < ?))
  AND d.endpoint_id IN (SELECT e.id FROM webhook_endpoints e WHERE e.disabled_at IS NULL AND ` + endpointOwnerActiveSQL + `)
  AND NOT EXISTS (SELECT 1 FROM webhook_deliveries f
    WHERE f.endpoint_id = d.endpoint_id AND f.state = 'sending' AND f.locked_until >= ?)
ORDER BY d.next_attempt_at, d.id LIMIT ?`

// ClaimDue leases up to n due deliveries to worker until now+lease, counting an attempt on each, and
// returns them with their endpoint's URL and secrets, oldest due first. It takes at most one
// delivery per endpoint and none of an endpoint that has an attempt in flight, so a receiver that
// hangs until the timeout holds one worker, not all of them, while other accounts' deliveries go on
// (on PostgreSQL two workers claiming at the same instant may still each take one). The claim is one
// transaction: PostgreSQL's SKIP LOCKED lets concurrent workers take disjoint rows without waiting;
// SQLite's immediate transactions serialise claims.
func (s *WebhookStore) ClaimDue(ctx context.Context, worker string, n int, now time.Time, lease time.Duration) ([]DueDelivery, error) {
	if n <= 0 {
		return nil, nil
	}
	now = dbTime(now)
	until := dbTime(now.Add(lease))
	pick := claimDueSQL
	if s.db.Dialect == database.Postgres {
		pick += ` FOR UPDATE OF d SKIP LOCKED`
	}
	var out []DueDelivery
	err := s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var due []struct{ ID, EndpointID string }
		if err := tx.Raw(pick, now, now, now, n).Scan(&due).Error; err != nil {
			return fmt.Errorf("pick: %w", err)
		}
		ids := make([]string, 0, len(due))
		taken := make(map[string]bool, len(due))
		for _, d := range due {
			if !taken[d.EndpointID] {
				taken[d.EndpointID] = true
				ids = append(ids, d.ID)
			}
		}
		if len(ids) == 0 {
			return nil
		}
		if err := tx.Exec(`UPDATE webhook_deliveries SET state = 'sending', attempts = attempts + 1, locked_by = ?, locked_until = ?, last_attempt_at = ?
WHERE id IN ?`, worker, until, now, ids).Error; err != nil {
			return fmt.Errorf("claim: %w", err)
		}
		var ds []WebhookDelivery
		if err := tx.Where("id IN ?", ids).Find(&ds).Error; err != nil {
			return fmt.Errorf("read claimed: %w", err)
		}
		epIDs := make([]string, 0, len(ds))
		for _, d := range ds {
			epIDs = append(epIDs, d.EndpointID)
		}
		var eps []WebhookEndpoint
		if err := tx.Where("id IN ?", epIDs).Find(&eps).Error; err != nil {
			return fmt.Errorf("read endpoints: %w", err)
		}
		byID := make(map[string]WebhookEndpoint, len(eps))
		for _, e := range eps {
			byID[e.ID] = e
		}
		for _, d := range ds {
			e := byID[d.EndpointID]
			secrets := []string{e.Secret}
			if e.PreviousSecret != nil && e.PreviousExpiresAt != nil && now.Before(*e.PreviousExpiresAt) {
				secrets = append(secrets, *e.PreviousSecret)
			}
			out = append(out, DueDelivery{WebhookDelivery: d, URL: e.URL, Secrets: secrets})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("claim webhook deliveries for %s: %w", worker, err)
	}
	slices.SortFunc(out, func(a, b DueDelivery) int { return a.NextAttemptAt.Compare(b.NextAttemptAt) })
	return out, nil
}

// MarkDelivered records a 2xx answer to a delivery worker still holds. It reports false when the
// worker lost the lease to another worker (or the delivery was cancelled), which then owns the outcome.
func (s *WebhookStore) MarkDelivered(ctx context.Context, id, worker string, status int, now time.Time) (bool, error) {
	res := s.db.Gorm.WithContext(ctx).Exec(`UPDATE webhook_deliveries
SET state = 'delivered', delivered_at = ?, last_status = ?, last_error = '', locked_by = NULL, locked_until = NULL
WHERE id = ? AND locked_by = ? AND state = 'sending'`, dbTime(now), status, id, worker)
	if res.Error != nil {
		return false, fmt.Errorf("mark delivery %s delivered: %w", id, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// MarkFailed records a failed attempt of a delivery worker still holds: failed with a retry time, or
// dead. It reports false when the worker no longer holds the delivery.
func (s *WebhookStore) MarkFailed(ctx context.Context, id, worker string, o DeliveryOutcome) (bool, error) {
	if o.State != DeliveryFailed && o.State != DeliveryDead {
		return false, fmt.Errorf("mark delivery %s: state %q is not a failure", id, o.State)
	}
	next := o.RetryAt
	if o.State == DeliveryDead || next.IsZero() {
		next = o.Now
	}
	res := s.db.Gorm.WithContext(ctx).Exec(`UPDATE webhook_deliveries
SET state = ?, next_attempt_at = ?, last_status = ?, last_error = ?, locked_by = NULL, locked_until = NULL
WHERE id = ? AND locked_by = ? AND state = 'sending'`, o.State, dbTime(next), o.Status, truncateError(o.Error), id, worker)
	if res.Error != nil {
		return false, fmt.Errorf("mark delivery %s failed: %w", id, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// MarkGone records a 410 Gone answer: the receiver says it will never want messages again, so the
// endpoint is disabled with reason and everything still waiting for it is cancelled, this delivery
// included. It reports false when the worker no longer holds the delivery (then nothing changes).
func (s *WebhookStore) MarkGone(ctx context.Context, id, worker string, status int, reason string, now time.Time) (bool, error) {
	held := false
	err := s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var d WebhookDelivery
		err := tx.Where("id = ? AND locked_by = ? AND state = 'sending'", id, worker).Take(&d).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		held = true
		if err := tx.Exec(`UPDATE webhook_deliveries
SET state = 'cancelled', last_status = ?, last_error = ?, locked_by = NULL, locked_until = NULL WHERE id = ?`,
			status, truncateError(reason), id).Error; err != nil {
			return err
		}
		return disableEndpoint(tx, d.EndpointID, reason, id, now)
	})
	if err != nil {
		return false, fmt.Errorf("mark delivery %s gone: %w", id, err)
	}
	return held, nil
}

// truncateError caps an error message at maxDeliveryError bytes without splitting a UTF-8 sequence.
func truncateError(s string) string {
	if len(s) <= maxDeliveryError {
		return s
	}
	cut := maxDeliveryError
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut]
}

// fanOutPending* tell whether any event past the fan-out cursor is readable yet, so an idle poll
// costs one read and no lock (PostgreSQL: below the horizon, as EventStore.Next reads). The ORDER
// BY keeps the planner on the (xid, id) index, which then stops at the first row.
const (
	fanOutPendingPG = `SELECT e.id FROM events e
WHERE (e.xid, e.id) > (SELECT xid, event_id FROM webhook_fanout WHERE id = 1) AND e.xid < ` + pgHorizon + `
ORDER BY e.xid, e.id LIMIT 1`
	fanOutPendingSQLite = `SELECT e.id FROM events e WHERE e.id > (SELECT event_id FROM webhook_fanout WHERE id = 1) ORDER BY e.id LIMIT 1`
)

// FanOut queues the webhook deliveries of up to limit events past the fan-out cursor (the
// webhook_fanout row) and moves the cursor past them, in one transaction; it returns how many
// events it read. Each event goes to every endpoint that is active, subscribes to its type and
// has an owner with /v1 access when the fan-out runs (normally within a worker poll of the write;
// after a worker outage, later: an endpoint registered meanwhile then gets the backlog too).
//
// It runs in the delivery worker, so the request that wrote the event never scans endpoints. Any
// number of workers in any number of processes may call it: on PostgreSQL the cursor row is taken
// with FOR UPDATE SKIP LOCKED, so one fans out while the others go on delivering; SQLite's
// immediate transactions serialise them. The events are read with the log's horizon reader
// (EventStore.Next), so none is passed over however late its transaction commits; and the unique
// (endpoint_id, event_id) index with ON CONFLICT DO NOTHING keeps one delivery per endpoint and
// event even if a fan-out is repeated. Deliveries are therefore queued at least once and exist
// exactly once.
func (s *WebhookStore) FanOut(ctx context.Context, limit int, now time.Time) (int, error) {
	if limit <= 0 {
		return 0, nil
	}
	pending := fanOutPendingSQLite
	lock := `SELECT xid, event_id FROM webhook_fanout WHERE id = 1`
	if s.db.Dialect == database.Postgres {
		pending = fanOutPendingPG
		lock += ` FOR UPDATE SKIP LOCKED`
	}
	var ids []int64
	if err := s.db.Gorm.WithContext(ctx).Raw(pending).Scan(&ids).Error; err != nil {
		return 0, fmt.Errorf("webhook fan-out: look for new events: %w", err)
	}
	if len(ids) == 0 {
		return 0, nil
	}
	n := 0
	err := s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var cur EventPos
		err := tx.Raw(lock).Row().Scan(&cur.XID, &cur.ID)
		if errors.Is(err, sql.ErrNoRows) {
			return nil // another worker is fanning out
		}
		if err != nil {
			return fmt.Errorf("take cursor: %w", err)
		}
		evs, err := nextEvents(tx, s.db.Dialect, cur, limit)
		if err != nil || len(evs) == 0 {
			return err
		}
		var eps []WebhookEndpoint
		if err := tx.Table("webhook_endpoints AS e").Select("e.*").
			Where("e.disabled_at IS NULL AND " + endpointOwnerActiveSQL).Order("e.id").Find(&eps).Error; err != nil {
			return fmt.Errorf("endpoints: %w", err)
		}
		var ds []*WebhookDelivery
		for _, ev := range evs {
			for _, ep := range eps {
				if !ep.Subscribes(ev.Type) {
					continue
				}
				id := ev.ID
				d, err := newDelivery(ep.ID, &id, ev.Type, json.RawMessage(ev.Data), ev.CreatedAt, now)
				if err != nil {
					return err
				}
				ds = append(ds, d)
			}
		}
		if len(ds) > 0 {
			if err := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "endpoint_id"}, {Name: "event_id"}}, DoNothing: true}).
				CreateInBatches(ds, 100).Error; err != nil {
				return fmt.Errorf("queue deliveries: %w", err)
			}
		}
		last := evs[len(evs)-1].Pos()
		if err := tx.Exec(`UPDATE webhook_fanout SET xid = ?, event_id = ? WHERE id = 1`, last.XID, last.ID).Error; err != nil {
			return fmt.Errorf("move cursor: %w", err)
		}
		n = len(evs)
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("webhook fan-out: %w", err)
	}
	return n, nil
}
