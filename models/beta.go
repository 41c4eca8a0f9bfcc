package models

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/google/uuid"
	"gorm.io/gorm"
)

// WaitlistState is where a person stands on the beta waiting list; the table's CHECK lists the same values.
type WaitlistState string

const (
	// WaitlistWaiting joined but has not opened the confirmation link yet.
	WaitlistWaiting WaitlistState = "waiting"
	// WaitlistConfirmed proved the address and waits for an invitation.
	WaitlistConfirmed WaitlistState = "confirmed"
	// WaitlistInvited was sent the invitation mail.
	WaitlistInvited WaitlistState = "invited"
	// WaitlistJoined has an account with beta access.
	WaitlistJoined WaitlistState = "joined"
	// WaitlistLeft asked to be removed; the row stays so the address is never mailed again by accident.
	WaitlistLeft WaitlistState = "left"
)

// WaitlistStates lists the states in the order the admin page shows them.
var WaitlistStates = []WaitlistState{WaitlistWaiting, WaitlistConfirmed, WaitlistInvited, WaitlistJoined, WaitlistLeft}

// Valid reports whether s is a known state, so a filter from a query string is checked before SQL sees it.
func (s WaitlistState) Valid() bool {
	for _, v := range WaitlistStates {
		if s == v {
			return true
		}
	}
	return false
}

// WaitlistEntry is one person on the beta waiting list; Email is normalised (trimmed, lower case).
type WaitlistEntry struct {
	ID               string        `gorm:"column:id;primaryKey"`
	Email            string        `gorm:"column:email"`
	Name             string        `gorm:"column:name"`
	Organisation     string        `gorm:"column:organisation"`
	IntendedUse      string        `gorm:"column:intended_use"`
	State            WaitlistState `gorm:"column:state"`
	ConfirmTokenHash string        `gorm:"column:confirm_token_hash"`
	LeaveTokenHash   string        `gorm:"column:leave_token_hash"`
	ConfirmSentAt    *time.Time    `gorm:"column:confirm_sent_at"` // throttles re-sent confirmations
	CreatedAt        time.Time     `gorm:"column:created_at"`
	ConfirmedAt      *time.Time    `gorm:"column:confirmed_at"` // the queue order
	InvitedAt        *time.Time    `gorm:"column:invited_at"`
	JoinedAt         *time.Time    `gorm:"column:joined_at"`
	LeftAt           *time.Time    `gorm:"column:left_at"`
	InviteRunID      *string       `gorm:"column:invite_run_id"`
	Language         string        `gorm:"column:language;default:en"` // "en" or "tr": its mail
	UpdatedAt        time.Time     `gorm:"column:updated_at"`
}

// TableName pins the table name so GORM never guesses.
func (WaitlistEntry) TableName() string { return "waitlist_entries" }

// BetaInviteRun records one press of "invite selected" or "open the beta"; a run left "running"
// was interrupted, and pressing again resumes it.
type BetaInviteRun struct {
	ID         string     `gorm:"column:id;primaryKey"`
	StartedBy  string     `gorm:"column:started_by"`
	StartedAt  time.Time  `gorm:"column:started_at"`
	FinishedAt *time.Time `gorm:"column:finished_at"`
	State      string     `gorm:"column:state"`
	Invited    int        `gorm:"column:invited"`
}

// TableName pins the table name so GORM never guesses.
func (BetaInviteRun) TableName() string { return "beta_invite_runs" }

// AuditEntry is one change made in the admin console.
type AuditEntry struct {
	ID          string    `gorm:"column:id;primaryKey"`
	ActorUserID *string   `gorm:"column:actor_user_id"` // nil for changes made by the system
	Action      string    `gorm:"column:action"`        // dotted verb, e.g. "waitlist.invite"
	Subject     string    `gorm:"column:subject"`       // what was changed, e.g. an entry or user id
	Detail      string    `gorm:"column:detail"`        // JSON object
	CreatedAt   time.Time `gorm:"column:created_at"`
}

// TableName pins the table name so GORM never guesses.
func (AuditEntry) TableName() string { return "audit_log" }

// BetaModels lists the beta and audit models, for schema tests.
func BetaModels() []any { return []any{&WaitlistEntry{}, &BetaInviteRun{}, &AuditEntry{}} }

// AuditStore writes and reads the admin audit log; every admin change goes through Add.
type AuditStore struct{ db *database.DB }

// NewAuditStore builds the audit store over db.
func NewAuditStore(db *database.DB) *AuditStore { return &AuditStore{db: db} }

// Add records that actorID did action to subject. detail is marshalled to JSON (nil = {}). Pass the
// transaction of the change as tx so the record exists exactly when the change does; the zero Tx
// uses the store's own connection.
func (s *AuditStore) Add(ctx context.Context, tx Tx, actorID, action, subject string, detail any) error {
	d := []byte("{}")
	if detail != nil {
		var err error
		if d, err = json.Marshal(detail); err != nil {
			return fmt.Errorf("audit %s: encode detail: %w", action, err)
		}
	}
	e := AuditEntry{ID: uuid.NewString(), Action: action, Subject: subject, Detail: string(d), CreatedAt: dbTime(time.Now())}
	if actorID != "" {
		e.ActorUserID = &actorID
	}
	if err := tx.gorm(ctx, s.db).Create(&e).Error; err != nil {
		return fmt.Errorf("audit %s %s: %w", action, subject, err)
	}
	return nil
}

// AuditFilter narrows List; zero values mean no restriction.
type AuditFilter struct {
	// Action matches exactly, or by prefix when it ends in "." (e.g. "waitlist.").
	Action string
	// ActorUserID matches exactly.
	ActorUserID string
	// Limit caps the rows (default 100), Offset skips rows for paging.
	Limit, Offset int
}

// List returns audit entries newest first.
func (s *AuditStore) List(ctx context.Context, f AuditFilter) ([]AuditEntry, error) {
	if f.Limit <= 0 {
		f.Limit = 100
	}
	q := s.db.Gorm.WithContext(ctx).Model(&AuditEntry{})
	switch {
	case strings.HasSuffix(f.Action, "."):
		q = q.Where(`action LIKE ? ESCAPE '\'`, escapeLike(f.Action)+"%")
	case f.Action != "":
		q = q.Where("action = ?", f.Action)
	}
	if f.ActorUserID != "" {
		q = q.Where("actor_user_id = ?", f.ActorUserID)
	}
	var out []AuditEntry
	if err := q.Order("created_at DESC, id").Limit(f.Limit).Offset(max(f.Offset, 0)).Find(&out).Error; err != nil {
		return nil, fmt.Errorf("list audit log: %w", err)
	}
	return out, nil
}

// WaitlistFilter narrows the admin list of the waiting list.
type WaitlistFilter struct {
	// Query matches email, name or organisation, case-insensitively, as a substring.
	Query string
	// State restricts to one state; "" means all.
	State WaitlistState
	// Limit and Offset page the result; Limit <= 0 means no limit (the CSV export).
	Limit, Offset int
}

// WaitlistStore reads the waiting list for the admin console; state changes live in internal/beta.
type WaitlistStore struct{ db *database.DB }

// NewWaitlistStore builds the waiting-list store over db.
func NewWaitlistStore(db *database.DB) *WaitlistStore { return &WaitlistStore{db: db} }

// filtered applies f's conditions (not its paging).
func (s *WaitlistStore) filtered(ctx context.Context, f WaitlistFilter) *gorm.DB {
	q := s.db.Gorm.WithContext(ctx).Model(&WaitlistEntry{})
	if f.State != "" {
		q = q.Where("state = ?", f.State)
	}
	if t := strings.TrimSpace(f.Query); t != "" {
		p := "%" + escapeLike(database.SearchFold(t)) + "%"
		fold := func(col string) string { return database.SearchFoldSQL(s.db.Dialect, col) + ` LIKE ? ESCAPE '\'` }
		q = q.Where("("+fold("email")+" OR "+fold("name")+" OR "+fold("organisation")+")", p, p, p)
	}
	return q
}

// List returns entries matching f, oldest first (the queue order of joining), and the total count.
func (s *WaitlistStore) List(ctx context.Context, f WaitlistFilter) ([]WaitlistEntry, int64, error) {
	var total int64
	if err := s.filtered(ctx, f).Count(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("count waiting list: %w", err)
	}
	q := s.filtered(ctx, f).Order("created_at, id")
	if f.Limit > 0 {
		q = q.Limit(f.Limit).Offset(max(f.Offset, 0))
	}
	var out []WaitlistEntry
	if err := q.Find(&out).Error; err != nil {
		return nil, 0, fmt.Errorf("list waiting list: %w", err)
	}
	return out, total, nil
}

// Counts returns how many entries are in each state; states without entries are present as 0.
func (s *WaitlistStore) Counts(ctx context.Context) (map[WaitlistState]int64, error) {
	var rows []struct {
		State WaitlistState
		N     int64
	}
	if err := s.db.Gorm.WithContext(ctx).Model(&WaitlistEntry{}).Select("state, count(*) AS n").Group("state").Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("count waiting list by state: %w", err)
	}
	out := make(map[WaitlistState]int64, len(WaitlistStates))
	for _, st := range WaitlistStates {
		out[st] = 0
	}
	for _, r := range rows {
		out[r.State] = r.N
	}
	return out, nil
}

// ByID returns one entry or ErrNotFound.
func (s *WaitlistStore) ByID(ctx context.Context, id string) (*WaitlistEntry, error) {
	if s.db.Dialect == database.Postgres {
		if _, err := uuid.Parse(id); err != nil {
			return nil, ErrNotFound // a malformed id would otherwise be a uuid cast error, not a miss
		}
	}
	var e WaitlistEntry
	err := s.db.Gorm.WithContext(ctx).Where("id = ?", id).Take(&e).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("waiting-list entry %s: %w", id, err)
	}
	return &e, nil
}
