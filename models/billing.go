package models

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Subscription mirrors one Stripe subscription of one account, as far as webhooks have told us.
type Subscription struct {
	ID                   string     `gorm:"column:id;primaryKey"`
	UserID               string     `gorm:"column:user_id"`
	StripeCustomerID     string     `gorm:"column:stripe_customer_id"`
	StripeSubscriptionID string     `gorm:"column:stripe_subscription_id"`
	StripePriceID        string     `gorm:"column:stripe_price_id"`
	PlanID               *string    `gorm:"column:plan_id"` // nil when the price matches no plan
	Status               string     `gorm:"column:status"`  // Stripe's subscription status, verbatim
	CurrentPeriodEnd     *time.Time `gorm:"column:current_period_end"`
	CancelAtPeriodEnd    bool       `gorm:"column:cancel_at_period_end"`
	LastEventCreated     int64      `gorm:"column:last_event_created"` // unix seconds; orders webhook deliveries
	PlanChangeAt         *time.Time `gorm:"column:plan_change_at"`     // next plan change that needs no event
	CreatedAt            time.Time  `gorm:"column:created_at"`
	UpdatedAt            time.Time  `gorm:"column:updated_at"`
}

// TableName pins the table name so GORM never guesses.
func (Subscription) TableName() string { return "subscriptions" }

// StripeEvent records a Stripe event id once its effect is committed, which makes replays no-ops.
type StripeEvent struct {
	ID         string    `gorm:"column:id;primaryKey"`
	Type       string    `gorm:"column:type"`
	ReceivedAt time.Time `gorm:"column:received_at"`
}

// TableName pins the table name so GORM never guesses.
func (StripeEvent) TableName() string { return "stripe_events" }

// ContactLead is a contact-sales request, the Enterprise path when Stripe is not configured.
type ContactLead struct {
	ID        string    `gorm:"column:id;primaryKey"`
	Name      string    `gorm:"column:name"`
	Email     string    `gorm:"column:email"`
	Company   string    `gorm:"column:company"`
	Message   string    `gorm:"column:message"`
	CreatedAt time.Time `gorm:"column:created_at"`
}

// TableName pins the table name so GORM never guesses.
func (ContactLead) TableName() string { return "contact_leads" }

// BillingStore reads and writes subscriptions, processed Stripe events and contact leads.
// Inside Tx it is bound to the transaction, so every call joins it.
type BillingStore struct {
	db *database.DB
	g  *gorm.DB
}

// NewBillingStore builds the store over db.
func NewBillingStore(db *database.DB) *BillingStore { return &BillingStore{db: db, g: db.Gorm} }

// Dialect tells callers which SQL flavour the store runs on.
func (s *BillingStore) Dialect() database.Dialect { return s.db.Dialect }

// Current is the store's transaction as a Tx token (the zero Tx outside Tx), so hooks that must
// commit together with a billing change write through other stores in the same transaction.
func (s *BillingStore) Current() Tx {
	if s.g == s.db.Gorm {
		return Tx{}
	}
	return Tx{g: s.g}
}

// WithTx is the store bound to tx (the pool for the zero Tx).
func (s *BillingStore) WithTx(tx Tx) *BillingStore {
	if tx.g == nil {
		return &BillingStore{db: s.db, g: s.db.Gorm}
	}
	return &BillingStore{db: s.db, g: tx.g}
}

// Tx runs fn in one transaction with a store bound to it; an error from fn rolls everything back.
func (s *BillingStore) Tx(ctx context.Context, fn func(tx *BillingStore) error) error {
	return s.g.WithContext(ctx).Transaction(func(g *gorm.DB) error {
		return fn(&BillingStore{db: s.db, g: g})
	})
}

// EventSeen reports whether a Stripe event id was already applied; a cheap pre-check that spares
// Stripe API calls for redeliveries (RecordEvent is the authoritative check).
func (s *BillingStore) EventSeen(ctx context.Context, id string) (bool, error) {
	var n int64
	if err := s.g.WithContext(ctx).Model(&StripeEvent{}).Where("id = ?", id).Count(&n).Error; err != nil {
		return false, fmt.Errorf("look up stripe event %s: %w", id, err)
	}
	return n > 0, nil
}

// RecordEvent inserts the event id and reports whether it was new; false means another delivery of
// the same event got there first and the caller must change nothing.
func (s *BillingStore) RecordEvent(ctx context.Context, id, typ string, at time.Time) (bool, error) {
	res := s.g.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).
		Create(&StripeEvent{ID: id, Type: typ, ReceivedAt: at.UTC()})
	if res.Error != nil {
		return false, fmt.Errorf("record stripe event %s: %w", id, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// SubscriptionByStripeID returns the row of a Stripe subscription, locked for update on
// PostgreSQL so two deliveries for one subscription apply one after the other.
func (s *BillingStore) SubscriptionByStripeID(ctx context.Context, stripeID string) (*Subscription, error) {
	var sub Subscription
	err := s.g.WithContext(ctx).Clauses(lockForUpdate(s.db.Dialect)...).
		Where("stripe_subscription_id = ?", stripeID).Take(&sub).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("subscription %s: %w", stripeID, err)
	}
	return &sub, nil
}

// SaveSubscription inserts sub when it has no id yet and updates it otherwise.
func (s *BillingStore) SaveSubscription(ctx context.Context, sub *Subscription) error {
	now := s.g.NowFunc()
	sub.UpdatedAt = now
	if sub.ID == "" {
		sub.ID = uuid.NewString()
		sub.CreatedAt = now
		if err := s.g.WithContext(ctx).Create(sub).Error; err != nil {
			return fmt.Errorf("create subscription %s: %w", sub.StripeSubscriptionID, err)
		}
		return nil
	}
	if err := s.g.WithContext(ctx).Save(sub).Error; err != nil {
		return fmt.Errorf("update subscription %s: %w", sub.StripeSubscriptionID, err)
	}
	return nil
}

// SubscriptionsByUser returns every subscription of an account, newest first.
func (s *BillingStore) SubscriptionsByUser(ctx context.Context, userID string) ([]Subscription, error) {
	var subs []Subscription
	err := s.g.WithContext(ctx).Where("user_id = ?", userID).Order("created_at DESC, id").Find(&subs).Error
	if err != nil {
		return nil, fmt.Errorf("subscriptions of %s: %w", userID, err)
	}
	return subs, nil
}

// CustomerID returns the Stripe customer of an account's newest subscription, or "" when it has none,
// so a second checkout reuses the customer instead of creating a duplicate.
func (s *BillingStore) CustomerID(ctx context.Context, userID string) (string, error) {
	var ids []string
	err := s.g.WithContext(ctx).Model(&Subscription{}).
		Where("user_id = ? AND stripe_customer_id <> ''", userID).
		Order("updated_at DESC").Limit(1).Pluck("stripe_customer_id", &ids).Error
	if err != nil {
		return "", fmt.Errorf("stripe customer of %s: %w", userID, err)
	}
	if len(ids) == 0 {
		return "", nil
	}
	return ids[0], nil
}

// UsersWithPlanChangeDue lists the accounts with a subscription whose plan_change_at has passed.
func (s *BillingStore) UsersWithPlanChangeDue(ctx context.Context, now time.Time) ([]string, error) {
	var ids []string
	err := s.g.WithContext(ctx).Model(&Subscription{}).
		Where("plan_change_at IS NOT NULL AND plan_change_at <= ?", now.UTC()).
		Distinct("user_id").Order("user_id").Pluck("user_id", &ids).Error
	if err != nil {
		return nil, fmt.Errorf("subscriptions with a due plan change: %w", err)
	}
	return ids, nil
}

// ClearDuePlanChanges forgets an account's plan changes that are due at now, once they are applied.
func (s *BillingStore) ClearDuePlanChanges(ctx context.Context, userID string, now time.Time) error {
	err := s.g.WithContext(ctx).Model(&Subscription{}).
		Where("user_id = ? AND plan_change_at IS NOT NULL AND plan_change_at <= ?", userID, now.UTC()).
		UpdateColumn("plan_change_at", nil).Error
	if err != nil {
		return fmt.Errorf("clear due plan changes of %s: %w", userID, err)
	}
	return nil
}

// PlanByID returns one plan.
func (s *BillingStore) PlanByID(ctx context.Context, id string) (*Plan, error) {
	return s.plan(ctx, "id = ?", id)
}

// PlanBySlug returns one plan.
func (s *BillingStore) PlanBySlug(ctx context.Context, slug string) (*Plan, error) {
	return s.plan(ctx, "slug = ?", slug)
}

// PlanByStripePrice returns the plan sold at a Stripe price; a subscription's price, not its
// metadata, decides which plan was paid for.
func (s *BillingStore) PlanByStripePrice(ctx context.Context, priceID string) (*Plan, error) {
	return s.plan(ctx, "stripe_price_id = ?", priceID)
}

func (s *BillingStore) plan(ctx context.Context, where string, arg string) (*Plan, error) {
	var p Plan
	err := s.g.WithContext(ctx).Where(where, arg).Order("sort_order DESC").Take(&p).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("plan where %s %q: %w", where, arg, err)
	}
	return &p, nil
}

// CreateContactLead stores a contact-sales request.
func (s *BillingStore) CreateContactLead(ctx context.Context, l *ContactLead) error {
	if l.ID == "" {
		l.ID = uuid.NewString()
	}
	if l.CreatedAt.IsZero() {
		l.CreatedAt = s.g.NowFunc()
	}
	if err := s.g.WithContext(ctx).Create(l).Error; err != nil {
		return fmt.Errorf("create contact lead from %s: %w", l.Email, err)
	}
	return nil
}

// ContactLeads returns one page of contact-sales requests, newest first, and the total count.
func (s *BillingStore) ContactLeads(ctx context.Context, limit, offset int) ([]ContactLead, int64, error) {
	var total int64
	if err := s.g.WithContext(ctx).Model(&ContactLead{}).Count(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("count contact leads: %w", err)
	}
	var ls []ContactLead
	err := s.g.WithContext(ctx).Order("created_at DESC, id").Limit(limit).Offset(offset).Find(&ls).Error
	if err != nil {
		return nil, 0, fmt.Errorf("list contact leads: %w", err)
	}
	return ls, total, nil
}
