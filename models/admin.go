package models

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"gorm.io/gorm"
)

// ErrPlanInUse refuses to delete a plan that keys, accounts or subscriptions still point at:
// deleting it would silently move paying customers; hiding it is the way out.
var ErrPlanInUse = errors.New("plan has subscribers")

// ErrSlugTaken is returned when another plan (or firm) already has the slug.
var ErrSlugTaken = errors.New("slug already in use")

// WaitlistTable is the beta waiting list's table; it arrives with a later migration, so the
// overview checks for it instead of assuming it.
const WaitlistTable = "waitlist_entries"

// AdminStore holds the reads and changes only the admin console makes.
type AdminStore struct {
	db    *database.DB
	rules Rules
}

// NewAdminStoreWith builds the store over db applying rules.
func NewAdminStore(db *database.DB, rules Rules) *AdminStore {
	return &AdminStore{db: db, rules: rules}
}

// VerdictCount is how many visible claims carry one verdict.
type VerdictCount struct {
	Verdict string `gorm:"column:ai_verdict"`
	Count   int64  `gorm:"column:n"`
}

// DayCount is how many claims were stored on one UTC day.
type DayCount struct {
	Day   time.Time
	Count int64
}

// Overview is the admin landing page's numbers.
type Overview struct {
	ClaimsToday, ClaimsMonth int64
	Verdicts                 []VerdictCount
	Daily                    []DayCount // oldest first, one entry per day
	ActiveKeys               int64
	RequestsMonth            int64
	// Waitlist is nil when the waiting-list table does not exist yet.
	Waitlist            *int64
	ActiveSubscriptions int64
}

// dayStart is the UTC midnight starting t's day.
func dayStart(t time.Time) time.Time {
	u := t.UTC()
	return time.Date(u.Year(), u.Month(), u.Day(), 0, 0, 0, 0, time.UTC)
}

// countClaims counts every stored claim (hidden ones too: moderation does not undo the work) in [from, to).
func (s *AdminStore) countClaims(ctx context.Context, from, to time.Time) (int64, error) {
	var n int64
	err := s.db.Gorm.WithContext(ctx).Model(&Claim{}).Where("created_at >= ? AND created_at < ?", dbTime(from), dbTime(to)).Count(&n).Error
	if err != nil {
		return 0, fmt.Errorf("count claims: %w", err)
	}
	return n, nil
}

// Overview gathers the console's headline numbers for the day and month containing now (UTC).
// Daily counts use one range query per day rather than a date expression, which would differ
// between the dialects and between how each stores timestamps.
func (s *AdminStore) Overview(ctx context.Context, now time.Time, period string, days int) (*Overview, error) {
	g := s.db.Gorm.WithContext(ctx)
	today := dayStart(now)
	month := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, time.UTC)
	o := &Overview{}
	var err error
	if o.ClaimsToday, err = s.countClaims(ctx, today, today.AddDate(0, 0, 1)); err != nil {
		return nil, err
	}
	if o.ClaimsMonth, err = s.countClaims(ctx, month, month.AddDate(0, 1, 0)); err != nil {
		return nil, err
	}
	if err := g.Model(&Claim{}).Select("ai_verdict, COUNT(*) AS n").Where(visible).Group("ai_verdict").Order("n DESC, ai_verdict").Scan(&o.Verdicts).Error; err != nil {
		return nil, fmt.Errorf("verdict distribution: %w", err)
	}
	for i := days - 1; i >= 0; i-- {
		d := today.AddDate(0, 0, -i)
		n, err := s.countClaims(ctx, d, d.AddDate(0, 0, 1))
		if err != nil {
			return nil, err
		}
		o.Daily = append(o.Daily, DayCount{Day: d, Count: n})
	}
	if err := g.Model(&APIKey{}).Where("revoked_at IS NULL AND (revoke_at IS NULL OR revoke_at > ?)", dbTime(now)).Count(&o.ActiveKeys).Error; err != nil {
		return nil, fmt.Errorf("count active keys: %w", err)
	}
	if err := g.Model(&UsageCounter{}).Select("COALESCE(SUM(count), 0)").Where("period = ?", period).Scan(&o.RequestsMonth).Error; err != nil {
		return nil, fmt.Errorf("sum requests: %w", err)
	}
	if err := g.Model(&Subscription{}).Where("status IN ?", []string{"active", "trialing", "past_due"}).Count(&o.ActiveSubscriptions).Error; err != nil {
		return nil, fmt.Errorf("count subscriptions: %w", err)
	}
	if g.Migrator().HasTable(WaitlistTable) {
		var n int64
		// Everyone still waiting for the beta: people who left or already joined are not on the list.
		if err := g.Table(WaitlistTable).Where("state IN ?", []string{"waiting", "confirmed", "invited"}).Count(&n).Error; err != nil {
			return nil, fmt.Errorf("count waiting list: %w", err)
		}
		o.Waitlist = &n
	}
	return o, nil
}

// UserRow is one user in the admin's user list, with the plan's name.
type UserRow struct {
	User
	PlanName string `gorm:"column:plan_name"`
}

// SearchUsers finds users whose email or name contains q (all users when q is empty), newest first.
func (s *AdminStore) SearchUsers(ctx context.Context, q string, limit int) ([]UserRow, error) {
	g := s.db.Gorm.WithContext(ctx).Table("users").
		Select("users.*, COALESCE(plans.name, '') AS plan_name").
		Joins("LEFT JOIN plans ON plans.id = users.plan_id")
	if t := strings.TrimSpace(q); t != "" {
		like := "%" + escapeLike(database.SearchFold(t)) + "%"
		g = g.Where(database.SearchFoldSQL(s.db.Dialect, "users.email")+` LIKE ? ESCAPE '\' OR `+
			database.SearchFoldSQL(s.db.Dialect, "users.name")+` LIKE ? ESCAPE '\'`, like, like)
	}
	var rows []UserRow
	if err := g.Order("users.created_at DESC, users.id").Limit(limit).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("search users: %w", err)
	}
	return rows, nil
}

// AdminKeyRow is one key in the admin's key list, with owner, plan and this month's usage.
type AdminKeyRow struct {
	APIKey
	OwnerEmail string `gorm:"column:owner_email"`
	PlanName   string `gorm:"column:plan_name"`
	UsedMonth  int    `gorm:"column:used_month"`
}

// SearchKeys finds keys by display prefix (with or without the cc_live_ scheme) or by owner
// email, newest first, with usage in period.
func (s *AdminStore) SearchKeys(ctx context.Context, q, period string, limit int) ([]AdminKeyRow, error) {
	g := s.db.Gorm.WithContext(ctx).Table("api_keys").
		Select("api_keys.*, COALESCE(users.email, '') AS owner_email, COALESCE(plans.name, '') AS plan_name, COALESCE(usage_counters.count, 0) AS used_month").
		Joins("LEFT JOIN users ON users.id = api_keys.user_id").
		Joins("LEFT JOIN plans ON plans.id = api_keys.plan_id").
		Joins("LEFT JOIN usage_counters ON usage_counters.key_id = api_keys.id AND usage_counters.period = ?", period)
	if t := strings.TrimSpace(q); t != "" {
		prefix := strings.TrimSuffix(strings.TrimPrefix(t, "cc_live_"), "…")
		g = g.Where(`api_keys.prefix LIKE ? ESCAPE '\' OR users.email LIKE ? ESCAPE '\'`,
			escapeLike(prefix)+"%", "%"+escapeLike(strings.ToLower(t))+"%")
	}
	var rows []AdminKeyRow
	if err := g.Order("api_keys.created_at DESC, api_keys.id").Limit(limit).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("search keys: %w", err)
	}
	return rows, nil
}

// KeyByID returns any key, revoked or not.
func (s *AdminStore) KeyByID(ctx context.Context, id string) (*APIKey, error) {
	var k APIKey
	err := s.db.Gorm.WithContext(ctx).Where("id = ?", id).Take(&k).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("key %s: %w", id, err)
	}
	return &k, nil
}

// RevokeKey revokes a key at once, ending a rotation grace too; a revoked key stays revoked at its first time.
func (s *AdminStore) RevokeKey(ctx context.Context, id string, now time.Time) error {
	res := s.db.Gorm.WithContext(ctx).Model(&APIKey{}).Where("id = ? AND revoked_at IS NULL", id).Update("revoked_at", dbTime(now))
	if res.Error != nil {
		return fmt.Errorf("revoke key %s: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		if _, err := s.KeyByID(ctx, id); err != nil {
			return err
		}
	}
	return nil
}

// SetQuotaOverride sets (or, with nil, clears) a key's own monthly limit.
func (s *AdminStore) SetQuotaOverride(ctx context.Context, id string, quota *int) error {
	res := s.db.Gorm.WithContext(ctx).Model(&APIKey{}).Where("id = ?", id).Update("quota_override", quota)
	if res.Error != nil {
		return fmt.Errorf("set quota override of key %s: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// ClaimByID returns a claim whether or not it is hidden: moderators must see what they moderate.
func (s *AdminStore) ClaimByID(ctx context.Context, id string) (*Claim, error) {
	var c Claim
	err := s.db.Gorm.WithContext(ctx).Where("id = ?", id).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("claim %s: %w", id, err)
	}
	return &c, nil
}

// HideClaim takes a claim off every public read; the record stays, with the reason.
func (s *AdminStore) HideClaim(ctx context.Context, id, reason string, now time.Time) error {
	return s.setHidden(ctx, id, map[string]any{"hidden_at": dbTime(now), "hidden_reason": reason}, now)
}

// setHidden changes a claim's moderation columns and, in the same transaction, its firm's trust
// score, which counts only visible claims.
func (s *AdminStore) setHidden(ctx context.Context, id string, cols map[string]any, now time.Time) error {
	return s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&Claim{}).Where("id = ?", id).Updates(cols)
		if res.Error != nil {
			return fmt.Errorf("moderate claim %s: %w", id, res.Error)
		}
		if res.RowsAffected == 0 {
			return ErrNotFound
		}
		var c Claim
		if err := tx.Select("id", "firm_id").Where("id = ?", id).Take(&c).Error; err != nil {
			return fmt.Errorf("moderate claim %s: %w", id, err)
		}
		if c.FirmID != nil {
			return RecomputeFirmTrust(tx, s.rules.Trust, *c.FirmID, now)
		}
		return nil
	})
}

// UnhideClaim makes a hidden claim public again.
func (s *AdminStore) UnhideClaim(ctx context.Context, id string) error {
	return s.setHidden(ctx, id, map[string]any{"hidden_at": nil, "hidden_reason": nil}, time.Now().UTC())
}

// HiddenClaims lists hidden claims, most recently hidden first.
func (s *AdminStore) HiddenClaims(ctx context.Context, limit int) ([]Claim, error) {
	var cs []Claim
	if err := s.db.Gorm.WithContext(ctx).Where("hidden_at IS NOT NULL").Order("hidden_at DESC, id").Limit(limit).Find(&cs).Error; err != nil {
		return nil, fmt.Errorf("hidden claims: %w", err)
	}
	return cs, nil
}

// PlanUse counts what points at a plan; any of them makes it undeletable.
type PlanUse struct {
	Keys, Users, Subscriptions int64
}

// InUse reports whether anything points at the plan.
func (u PlanUse) InUse() bool { return u.Keys+u.Users+u.Subscriptions > 0 }

// planUse counts a plan's keys (revoked ones too: their rows reference it), accounts and subscriptions.
func planUse(g *gorm.DB, id string) (PlanUse, error) {
	var u PlanUse
	if err := g.Model(&APIKey{}).Where("plan_id = ?", id).Count(&u.Keys).Error; err != nil {
		return u, fmt.Errorf("keys on plan %s: %w", id, err)
	}
	if err := g.Model(&User{}).Where("plan_id = ?", id).Count(&u.Users).Error; err != nil {
		return u, fmt.Errorf("accounts on plan %s: %w", id, err)
	}
	if err := g.Model(&Subscription{}).Where("plan_id = ?", id).Count(&u.Subscriptions).Error; err != nil {
		return u, fmt.Errorf("subscriptions on plan %s: %w", id, err)
	}
	return u, nil
}

// PlanUse counts what points at the plan.
func (s *AdminStore) PlanUse(ctx context.Context, id string) (PlanUse, error) {
	return planUse(s.db.Gorm.WithContext(ctx), id)
}

// Plans lists every plan, hidden ones included, in display order.
func (s *AdminStore) Plans(ctx context.Context) ([]Plan, error) {
	var ps []Plan
	if err := s.db.Gorm.WithContext(ctx).Order("sort_order, name").Find(&ps).Error; err != nil {
		return nil, fmt.Errorf("list plans: %w", err)
	}
	return ps, nil
}

// PlanByID returns one plan, hidden or not.
func (s *AdminStore) PlanByID(ctx context.Context, id string) (*Plan, error) {
	var p Plan
	err := s.db.Gorm.WithContext(ctx).Where("id = ?", id).Take(&p).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("plan %s: %w", id, err)
	}
	return &p, nil
}

// CreatePlan stores a new plan; ErrSlugTaken when the slug is in use.
func (s *AdminStore) CreatePlan(ctx context.Context, p *Plan) error {
	if err := s.db.Gorm.WithContext(ctx).Create(p).Error; err != nil {
		if isUniqueViolation(err) {
			return ErrSlugTaken
		}
		return fmt.Errorf("create plan %s: %w", p.Slug, err)
	}
	return nil
}

// UpdatePlan saves every editable field of p; the slug stays, since checkout links and seeds name plans by it.
func (s *AdminStore) UpdatePlan(ctx context.Context, p *Plan) error {
	res := s.db.Gorm.WithContext(ctx).Model(&Plan{}).Where("id = ?", p.ID).Updates(map[string]any{
		"name": p.Name, "price_text": p.PriceText, "monthly_quota": p.MonthlyQuota, "max_active_keys": p.MaxActiveKeys,
		"stripe_price_id": p.StripePriceID, "features": p.Features, "public": p.Public, "v1_access": p.V1Access,
		"sort_order": p.SortOrder, "updated_at": p.UpdatedAt,
	})
	if res.Error != nil {
		return fmt.Errorf("update plan %s: %w", p.ID, res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// DeletePlan removes an unused plan; ErrPlanInUse (wrapped with the counts) when anything points at it.
// The check and the delete share a transaction so a key created in between cannot be orphaned on
// PostgreSQL (its foreign key would make the delete fail instead).
func (s *AdminStore) DeletePlan(ctx context.Context, id string) error {
	return s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		u, err := planUse(tx, id)
		if err != nil {
			return err
		}
		if u.InUse() {
			return fmt.Errorf("delete plan %s (%d keys, %d accounts, %d subscriptions): %w", id, u.Keys, u.Users, u.Subscriptions, ErrPlanInUse)
		}
		res := tx.Where("id = ?", id).Delete(&Plan{})
		if res.Error != nil {
			return fmt.Errorf("delete plan %s: %w", id, res.Error)
		}
		if res.RowsAffected == 0 {
			return ErrNotFound
		}
		return nil
	})
}

// HidePlan takes a plan off the pricing page; its subscribers keep it.
func (s *AdminStore) HidePlan(ctx context.Context, id string, now time.Time) error {
	res := s.db.Gorm.WithContext(ctx).Model(&Plan{}).Where("id = ?", id).Updates(map[string]any{"public": false, "updated_at": dbTime(now)})
	if res.Error != nil {
		return fmt.Errorf("hide plan %s: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// PlanFeatures decodes the plan's JSON feature list; a malformed list reads as empty rather than failing a page.
func PlanFeatures(p *Plan) []string {
	var fs []string
	if err := json.Unmarshal([]byte(p.Features), &fs); err != nil {
		return nil
	}
	return fs
}

// ClaimAnalyzers lists the analyzer names claims were checked by, for the moderation filter.
func (s *AdminStore) ClaimAnalyzers(ctx context.Context) ([]string, error) {
	var names []string
	if err := s.db.Gorm.WithContext(ctx).Model(&Claim{}).Distinct("analyzer").Order("analyzer").Limit(50).Pluck("analyzer", &names).Error; err != nil {
		return nil, fmt.Errorf("claim analyzers: %w", err)
	}
	return names, nil
}

// OutboxFilter narrows the console's outbox list.
type OutboxFilter struct {
	// State is one of the Outbox* states, or "" for any.
	State string
	// To matches the recipient as a case-insensitive substring.
	To string
	// Kind is the mail's kind: its dedupe key up to the first colon ("beta-invite"), or "".
	Kind string
	// Limit (1..100, default 50) and Offset page the list, newest first.
	Limit, Offset int
}

// SearchOutbox returns one page of mails matching f, newest first, and whether more follow.
func (s *AdminStore) SearchOutbox(ctx context.Context, f OutboxFilter) ([]OutboxMail, bool, error) {
	limit := f.Limit
	if limit <= 0 || limit > 100 {
		limit = 50
	}
	q := s.db.Gorm.WithContext(ctx).Model(&OutboxMail{})
	if f.State != "" {
		q = q.Where("state = ?", f.State)
	}
	if t := strings.TrimSpace(f.To); t != "" {
		q = q.Where(`LOWER(to_addr) LIKE ? ESCAPE '\'`, likePattern(t))
	}
	if f.Kind != "" {
		r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
		q = q.Where(`dedupe_key LIKE ? ESCAPE '\'`, r.Replace(f.Kind)+":%")
	}
	var ms []OutboxMail
	if err := q.Order("created_at DESC, id").Limit(limit + 1).Offset(max(f.Offset, 0)).Find(&ms).Error; err != nil {
		return nil, false, fmt.Errorf("search outbox: %w", err)
	}
	more := len(ms) > limit
	return ms[:min(len(ms), limit)], more, nil
}

// OutboxKinds lists the kinds of mail in the outbox (see OutboxFilter.Kind), for the filter.
func (s *AdminStore) OutboxKinds(ctx context.Context) ([]string, error) {
	expr := "substr(dedupe_key, 1, instr(dedupe_key, ':') - 1)"
	if s.db.Dialect == database.Postgres {
		expr = "split_part(dedupe_key, ':', 1)"
	}
	var kinds []string
	err := s.db.Gorm.WithContext(ctx).Raw("SELECT DISTINCT " + expr + " AS kind FROM email_outbox WHERE dedupe_key LIKE '%:%' ORDER BY kind LIMIT 50").Scan(&kinds).Error
	if err != nil {
		return nil, fmt.Errorf("outbox kinds: %w", err)
	}
	return kinds, nil
}
