package models

import (
	"context"
	"fmt"

	"github.com/claimcheck/claimcheck/database"
	"gorm.io/gorm"
)

// Stores bundles every store over one database, built once by the wiring code.
type Stores struct {
	Claims      *ClaimStore
	Keys        *KeyStore
	Plans       *PlanStore
	Usage       *UsageStore
	RateLimits  *RateLimitStore
	KV          *KVStore
	Reviews     *ReviewStore
	Evidence    *EvidenceStore
	Outbox      *OutboxStore
	Accounts    *AccountStore
	Admin       *AdminStore
	Audit       *AuditStore
	Waitlist    *WaitlistStore
	Billing     *BillingStore
	Events      *EventStore
	Experts     *ExpertStore
	Firms       *FirmStore
	Search      *SearchStore
	Submissions *SubmissionStore
	Webhooks    *WebhookStore
	// AccountModels are accounts' own model endpoints (Enterprise's custom model).
	AccountModels *AccountModelStore
	// Tx opens transactions that span several of the stores above.
	Tx *Transactor
}

// NewStoresWith builds the stores over db; the stores that change claims apply rules inside their
// transactions (the wiring in internal/app hands them in).
func NewStores(db *database.DB, rules Rules) *Stores {
	usage := &UsageStore{db: db}
	return &Stores{
		Claims:        &ClaimStore{db: db, rules: rules},
		Keys:          &KeyStore{db: db},
		Plans:         &PlanStore{db: db},
		Usage:         usage,
		RateLimits:    &RateLimitStore{db: db},
		KV:            &KVStore{db: db},
		Reviews:       &ReviewStore{db: db},
		Evidence:      &EvidenceStore{db: db},
		Outbox:        NewOutboxStore(db),
		Accounts:      NewAccountStore(db),
		AccountModels: NewAccountModelStore(db),
		Admin:         NewAdminStore(db, rules),
		Audit:         NewAuditStore(db),
		Waitlist:      NewWaitlistStore(db),
		Billing:       NewBillingStore(db),
		Events:        NewEventStore(db),
		Experts:       NewExpertStore(db, rules),
		Firms:         NewFirmStore(db, rules),
		Search:        NewSearchStore(db),
		Submissions:   NewSubmissionStore(db, rules),
		Webhooks:      NewWebhookStore(db),
		Tx:            NewTransactor(db),
	}
}

// PlanStore reads plans.
type PlanStore struct{ db *database.DB }

// BySlug returns the plan with the given slug.
func (s *PlanStore) BySlug(ctx context.Context, slug string) (*Plan, error) {
	var p Plan
	err := s.db.Gorm.WithContext(ctx).Where("slug = ?", slug).Take(&p).Error
	if err == gorm.ErrRecordNotFound {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("plan %q: %w", slug, err)
	}
	return &p, nil
}

// List returns all plans in display order.
func (s *PlanStore) List(ctx context.Context) ([]Plan, error) {
	var ps []Plan
	if err := s.db.Gorm.WithContext(ctx).Order("sort_order, name").Find(&ps).Error; err != nil {
		return nil, fmt.Errorf("list plans: %w", err)
	}
	return ps, nil
}
