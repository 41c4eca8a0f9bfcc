// Package beta runs the /v1 beta waiting list (docs/DECISIONS.md §5): double opt-in joining, one-click
// leaving, invitations that reach every person exactly once, and the beta access that follows.
//
// Exactly-once invitations: each entry is invited in its own transaction that moves it
// confirmed → invited with a conditional UPDATE and enqueues the invitation with the dedupe key
// "beta-invite:<entry id>" in the same transaction. Two runs racing for one entry cannot both win
// the UPDATE, and even a second attempt would hit the outbox's unique key; a crash between entries
// leaves the rest confirmed, so pressing the button again resumes where the first run stopped.
//
// Mail links carry tokens derived by HMAC from a per-install secret (table beta_token_secret), so the
// same link can be put in every mail to a person while the table only keeps their SHA-256.
package beta

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	netmail "net/mail"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/claimcheck/claimcheck/internal/accounts"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/internal/mail"
	"github.com/claimcheck/claimcheck/models"
	"github.com/claimcheck/claimcheck/views/emails"
	"github.com/claimcheck/claimcheck/views/format"
	"github.com/google/uuid"
)

// Input limits of the join form, shared with the page so it can state them.
const (
	// MaxNameChars caps the name field.
	MaxNameChars = accounts.MaxNameChars
	// MaxOrganisationChars caps the organisation field.
	MaxOrganisationChars = 200
	// MaxIntendedUseChars caps the intended-use field.
	MaxIntendedUseChars = 2000
	// ResendAfter is the least time between two confirmation mails to one address, so the public
	// form cannot be used to flood an inbox.
	ResendAfter = time.Hour
)

// Audit actions written by this package.
const (
	// ActionInviteSelected is an admin inviting chosen entries.
	ActionInviteSelected = "waitlist.invite_selected"
	// ActionOpenBeta is an admin inviting every confirmed entry.
	ActionOpenBeta = "waitlist.open_beta"
	// ActionExport is an admin downloading the list, which holds personal data.
	ActionExport = "waitlist.export"
)

// The free beta plan (docs/DECISIONS.md §5): what /beta, /pricing, the dashboard and the invitation
// mail announce, and what an invitation puts an account on.
const (
	// FreePlanSlug is the seeded plan an invited account moves to from Starter.
	FreePlanSlug = "beta-free"
	// AnnouncedFreeQuota is the free beta plan's monthly requests as announced; a test holds it
	// equal to the seeded plan's quota.
	AnnouncedFreeQuota = 1000
)

// ErrInvalidToken is returned for a confirm or leave link that matches no usable entry.
var ErrInvalidToken = errors.New("this link is not valid")

// Config is what the service needs.
type Config struct {
	// Waitlist is the waiting list's store (and the beta columns of users).
	Waitlist *models.WaitlistStore
	// Tx opens the transactions that make an entry's state, its mail and its audit record atomic.
	Tx *models.Transactor
	// Outbox queues mail inside the transactions that cause it.
	Outbox *mail.Outbox
	// Audit records admin actions.
	Audit *models.AuditStore
	// BaseURL is the public address (no trailing slash) mailed links point to.
	BaseURL string
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Log receives failures that are not worth failing a request for; nil means slog.Default().
	Log *slog.Logger
	// Languages writes each entry's mail in the language stored with it; nil writes English.
	Languages *i18n.Bundle
	// InviteHook, when set, runs inside each invitation's transaction after its mail is queued, with
	// the number of invitations this run committed before; an error rolls that one back and stops
	// the run, exactly like a crash at that point. Tests use it; production leaves it nil.
	InviteHook func(ctx context.Context, committed int, entryID string) error
}

// Service runs the waiting list.
type Service struct {
	cfg   Config
	store *models.WaitlistStore
	audit *models.AuditStore

	mu     sync.Mutex
	secret []byte
}

// New builds the service.
func New(cfg Config) *Service {
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	return &Service{cfg: cfg, store: cfg.Waitlist, audit: cfg.Audit}
}

// Audit is the audit store the service writes to, for the admin pages.
func (s *Service) Audit() *models.AuditStore { return s.audit }

// now is the clock in the form SQLite compares correctly (UTC, microseconds).
func (s *Service) now() time.Time { return s.cfg.Now().UTC().Truncate(time.Microsecond) }

// --- tokens ---

// loadSecret reads the install's token secret once; a failure is retried on the next call.
func (s *Service) loadSecret(ctx context.Context) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.secret != nil {
		return s.secret, nil
	}
	sec, err := s.store.TokenSecret(ctx)
	if err != nil {
		return nil, fmt.Errorf("beta: %w", err)
	}
	if len(sec) < 32 {
		return nil, errors.New("beta: token secret missing; is migration 00008 applied?")
	}
	s.secret = []byte(sec)
	return s.secret, nil
}

// token derives the link token of purpose for entry id; stable, so every mail carries the same link.
func (s *Service) token(ctx context.Context, purpose, id string) (string, error) {
	sec, err := s.loadSecret(ctx)
	if err != nil {
		return "", err
	}
	h := hmac.New(sha256.New, sec)
	h.Write([]byte("beta-" + purpose + ":" + id))
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil)), nil
}

// hashToken is what the table stores for a token.
func hashToken(t string) string {
	sum := sha256.Sum256([]byte(t))
	return hex.EncodeToString(sum[:])
}

// links returns the confirm and leave URLs of entry id.
func (s *Service) links(ctx context.Context, id string) (confirm, leave string, err error) {
	ct, err := s.token(ctx, "confirm", id)
	if err != nil {
		return "", "", err
	}
	lt, err := s.token(ctx, "leave", id)
	if err != nil {
		return "", "", err
	}
	return s.cfg.BaseURL + "/beta/confirm/" + ct, s.cfg.BaseURL + "/beta/leave/" + lt, nil
}

// --- joining ---

// JoinInput is the join form.
type JoinInput struct {
	// Email is the address to put on the list; it is normalised.
	Email string
	// Name, Organisation and IntendedUse are optional and help admins choose whom to invite first.
	Name, Organisation, IntendedUse string
}

// normalise trims the input and lower-cases the email.
func (in JoinInput) normalise() JoinInput {
	return JoinInput{Email: accounts.NormalizeEmail(in.Email), Name: strings.TrimSpace(in.Name),
		Organisation: strings.TrimSpace(in.Organisation), IntendedUse: strings.TrimSpace(in.IntendedUse)}
}

// validate returns every problem with a normalised input, or nil.
func (in JoinInput) validate() *accounts.ValidationError {
	var fs []accounts.FieldError
	switch a, err := netmail.ParseAddress(in.Email); {
	case in.Email == "":
		fs = append(fs, accounts.FieldError{Field: "email", Message: "Enter your email address.", Key: "accounts.email.empty"})
	case len(in.Email) > accounts.MaxEmailChars || err != nil || a.Name != "" || a.Address != in.Email:
		fs = append(fs, accounts.FieldError{Field: "email", Message: "Enter a valid email address, such as name@example.com.", Key: "accounts.email.invalid"})
	}
	long := func(field, label, v string, n int) {
		if utf8.RuneCountInString(v) > n || !utf8.ValidString(v) {
			fs = append(fs, accounts.FieldError{Field: field, Message: label + " can be at most " + strconv.Itoa(n) + " characters long.",
				Key: "beta.join_error." + field, Data: map[string]any{"Max": n}})
		}
	}
	long("name", "Your name", in.Name, MaxNameChars)
	long("organisation", "The organisation", in.Organisation, MaxOrganisationChars)
	long("intended_use", "The intended use", in.IntendedUse, MaxIntendedUseChars)
	if len(fs) == 0 {
		return nil
	}
	return &accounts.ValidationError{Fields: fs}
}

// Join puts an address on the list and mails the confirmation link. It returns nil alike for a new
// address and one already on the list, so the caller cannot reveal membership: a waiting entry is
// re-sent its confirmation at most once per ResendAfter, confirmed and later entries get nothing,
// and an entry that left starts over. The stored name and purpose are only ever set by a join that
// creates or restarts an entry, so a stranger cannot overwrite someone else's.
// A *accounts.ValidationError reports bad input.
func (s *Service) Join(ctx context.Context, in JoinInput) error {
	in = in.normalise()
	if verr := in.validate(); verr != nil {
		return verr
	}
	now := s.now()
	return s.cfg.Tx.InTx(ctx, func(tx models.Tx) error {
		id := uuid.NewString()
		ct, err := s.token(ctx, "confirm", id)
		if err != nil {
			return err
		}
		lt, err := s.token(ctx, "leave", id)
		if err != nil {
			return err
		}
		e := models.WaitlistEntry{ID: id, Email: in.Email, Name: in.Name, Organisation: in.Organisation,
			IntendedUse: in.IntendedUse, State: models.WaitlistWaiting, ConfirmTokenHash: hashToken(ct),
			LeaveTokenHash: hashToken(lt), ConfirmSentAt: &now, CreatedAt: now, UpdatedAt: now,
			Language: string(i18n.LangOf(ctx))} // the joining page's language, for the entry's mail
		created, err := s.store.CreateIfNew(ctx, tx, &e)
		if err != nil {
			return fmt.Errorf("beta: join: %w", err)
		}
		if created {
			return s.sendConfirmation(ctx, tx, &e, now)
		}
		// The address is on the list already: at most re-send, or restart an entry that left. The
		// mail still to come follows the language of the latest join.
		old, err := s.store.ByEmail(ctx, tx, in.Email)
		if err != nil {
			return fmt.Errorf("beta: join: read existing entry: %w", err)
		}
		if old.Language != e.Language {
			if err := s.store.SetLanguage(ctx, tx, old.ID, e.Language); err != nil {
				return fmt.Errorf("beta: join: %w", err)
			}
			old.Language = e.Language
		}
		due := now.Add(-ResendAfter)
		var changed bool
		switch old.State {
		case models.WaitlistWaiting:
			changed, err = s.store.MarkResent(ctx, tx, old.ID, now, due)
		case models.WaitlistLeft:
			changed, err = s.store.Restart(ctx, tx, old.ID, in.Name, in.Organisation, in.IntendedUse, now, due)
			old.Name = in.Name
		default:
			return nil
		}
		if err != nil {
			return fmt.Errorf("beta: join: %w", err)
		}
		if !changed {
			return nil
		}
		return s.sendConfirmation(ctx, tx, old, now)
	})
}

// sendConfirmation queues the double opt-in mail inside tx; the key names the send time, so each
// allowed re-send is one mail and a retried transaction is still one.
func (s *Service) sendConfirmation(ctx context.Context, tx models.Tx, e *models.WaitlistEntry, now time.Time) error {
	confirm, leave, err := s.links(ctx, e.ID)
	if err != nil {
		return err
	}
	m, err := mail.Compose(s.mailContext(ctx, e), e.Email, "beta-confirm:"+e.ID+":"+strconv.FormatInt(now.Unix(), 10),
		emails.BetaConfirm{Name: e.Name, ConfirmLink: confirm, LeaveLink: leave})
	if err != nil {
		return fmt.Errorf("beta: compose confirmation: %w", err)
	}
	if _, err := s.cfg.Outbox.EnqueueTx(ctx, tx, m); err != nil {
		return fmt.Errorf("beta: queue confirmation for %s: %w", e.ID, err)
	}
	return nil
}

// mailContext is ctx carrying the localizer of e's stored language, so a mail is written in the
// language the person joined in, not in the language of whoever's request sends it (an admin's
// invitation run).
func (s *Service) mailContext(ctx context.Context, e *models.WaitlistEntry) context.Context {
	lang, ok := i18n.Parse(e.Language)
	if !ok {
		lang = i18n.Default
	}
	if s.cfg.Languages == nil {
		return i18n.WithLocalizer(ctx, i18n.From(context.Background()))
	}
	return i18n.WithLocalizer(ctx, s.cfg.Languages.Localizer(lang))
}

// byToken finds the entry that lookup (by the confirm or the leave hash) returns for token's hash.
func (s *Service) byToken(ctx context.Context, lookup func(context.Context, string) (*models.WaitlistEntry, error), token string) (*models.WaitlistEntry, error) {
	if token == "" || len(token) > 200 {
		return nil, ErrInvalidToken
	}
	e, err := lookup(ctx, hashToken(token))
	if errors.Is(err, models.ErrNotFound) {
		return nil, ErrInvalidToken
	}
	if err != nil {
		return nil, fmt.Errorf("beta: look up link: %w", err)
	}
	return e, nil
}

// Confirmation is the outcome of a confirm link.
type Confirmation struct {
	// State is the entry's state after confirming: confirmed, or already invited or joined.
	State models.WaitlistState
	// Position is the place in the queue (1 = next) while confirmed, else 0.
	Position int64
}

// Confirm opens a confirmation link. Opening it again shows the place again; an entry that left
// must join again, so its old link is invalid.
func (s *Service) Confirm(ctx context.Context, token string) (*Confirmation, error) {
	e, err := s.byToken(ctx, s.store.ByConfirmHash, token)
	if err != nil {
		return nil, err
	}
	if e.State == models.WaitlistLeft {
		return nil, ErrInvalidToken
	}
	now := s.now()
	if e.State == models.WaitlistWaiting {
		if err := s.store.Confirm(ctx, e.ID, now); err != nil {
			return nil, fmt.Errorf("beta: %w", err)
		}
		if e, err = s.store.Get(ctx, models.Tx{}, e.ID); err != nil {
			return nil, fmt.Errorf("beta: confirm: reread: %w", err)
		}
	}
	out := &Confirmation{State: e.State}
	if e.State == models.WaitlistConfirmed && e.ConfirmedAt != nil {
		if out.Position, err = s.position(ctx, e); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// position counts the people still queued (confirmed or invited) who confirmed before e, plus one.
func (s *Service) position(ctx context.Context, e *models.WaitlistEntry) (int64, error) {
	n, err := s.store.QueuedBefore(ctx, e)
	if err != nil {
		return 0, fmt.Errorf("beta: %w", err)
	}
	return n + 1, nil
}

// CheckLeaveToken reports whether a leave link is valid, for the confirmation form before leaving.
func (s *Service) CheckLeaveToken(ctx context.Context, token string) error {
	_, err := s.byToken(ctx, s.store.ByLeaveHash, token)
	return err
}

// Leave takes the entry of a leave link off the list; leaving twice is fine. Beta access already
// granted to an account stays: leaving stops mail, it does not close accounts.
func (s *Service) Leave(ctx context.Context, token string) error {
	e, err := s.byToken(ctx, s.store.ByLeaveHash, token)
	if err != nil {
		return err
	}
	if err := s.store.Leave(ctx, e.ID, s.now()); err != nil {
		return fmt.Errorf("beta: %w", err)
	}
	return nil
}

// --- invitations ---

// RunResult says what one invitation run did.
type RunResult struct {
	// RunID identifies the run in beta_invite_runs.
	RunID string
	// Invited counts the people this run told; people another run told already are not counted.
	Invited int
}

// OpenBeta invites every confirmed person, including those who confirm while it runs.
func (s *Service) OpenBeta(ctx context.Context, adminID string) (RunResult, error) {
	return s.run(ctx, adminID, ActionOpenBeta, nil, func(ctx context.Context) ([]string, error) {
		return s.store.ConfirmedIDs(ctx, 200)
	})
}

// InviteSelected invites the chosen entries; those not confirmed (waiting, already invited, left)
// are skipped, so a stale selection never mails anyone twice or anyone who did not opt in.
func (s *Service) InviteSelected(ctx context.Context, adminID string, ids []string) (RunResult, error) {
	ids = cleanIDs(s.store.ValidID, ids)
	done := false
	return s.run(ctx, adminID, ActionInviteSelected, map[string]any{"selected": ids}, func(context.Context) ([]string, error) {
		if done {
			return nil, nil
		}
		done = true
		return ids, nil
	})
}

// cleanIDs drops duplicates and ids that cannot be entries (they would be a cast error on PostgreSQL).
func cleanIDs(valid func(string) bool, ids []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, id := range ids {
		id = strings.TrimSpace(id)
		if id == "" || seen[id] {
			continue
		}
		if !valid(id) {
			continue
		}
		seen[id] = true
		out = append(out, id)
	}
	return out
}

// run records a run and the admin action, then invites batch after batch until next returns none.
// Every entry a batch names leaves the confirmed state (invited by this run or another), so
// OpenBeta's re-query always ends.
func (s *Service) run(ctx context.Context, adminID, action string, detail map[string]any,
	next func(context.Context) ([]string, error)) (RunResult, error) {
	now := s.now()
	r := models.BetaInviteRun{ID: uuid.NewString(), StartedBy: adminID, StartedAt: now, State: "running"}
	if detail == nil {
		detail = map[string]any{}
	}
	detail["run_id"] = r.ID
	err := s.cfg.Tx.InTx(ctx, func(tx models.Tx) error {
		if err := s.store.StartRun(ctx, tx, &r); err != nil {
			return fmt.Errorf("beta: %w", err)
		}
		return s.audit.Add(ctx, tx, adminID, action, "waitlist", detail)
	})
	if err != nil {
		return RunResult{}, err
	}
	res := RunResult{RunID: r.ID}
	runErr := func() error {
		for {
			ids, err := next(ctx)
			if err != nil {
				return fmt.Errorf("beta: select people to invite: %w", err)
			}
			if len(ids) == 0 {
				return nil
			}
			for _, id := range ids {
				if err := ctx.Err(); err != nil {
					return err
				}
				ok, err := s.inviteOne(ctx, r.ID, id, res.Invited)
				if err != nil {
					return err
				}
				if ok {
					res.Invited++
				}
			}
		}
	}()
	state := "finished"
	if runErr != nil {
		state = "failed"
	}
	// The run row is bookkeeping for admins; the entries' states are the truth, so a failure to
	// close it is logged rather than reported over the run's own outcome.
	fin := s.now()
	if err := s.store.FinishRun(context.WithoutCancel(ctx), r.ID, state, fin, res.Invited); err != nil {
		s.cfg.Log.Error("close invitation run", "run", r.ID, "err", err)
	}
	if runErr != nil {
		return res, fmt.Errorf("beta: invitation run %s stopped after %d: %w", r.ID, res.Invited, runErr)
	}
	return res, nil
}

// inviteOne invites entry id if it is still confirmed, with its mail, in one transaction, and
// reports whether this call did it. An account already verified for the address gets beta access
// in the same transaction, and the entry goes straight to joined.
func (s *Service) inviteOne(ctx context.Context, runID, id string, committed int) (bool, error) {
	invited := false
	err := s.cfg.Tx.InTx(ctx, func(tx models.Tx) error {
		now := s.now()
		ok, err := s.store.MarkInvited(ctx, tx, id, runID, now)
		if err != nil {
			return fmt.Errorf("beta: %w", err)
		}
		if !ok {
			return nil // another run got there first, or the person is not (or no longer) confirmed
		}
		e, err := s.store.Get(ctx, tx, id)
		if err != nil {
			return fmt.Errorf("beta: invite %s: read entry: %w", id, err)
		}
		hasAccount, err := s.store.GrantVerifiedEmail(ctx, tx, e.Email, now)
		if err != nil {
			return fmt.Errorf("beta: invite %s: grant existing account: %w", id, err)
		}
		if hasAccount {
			if err := s.store.MoveVerifiedEmailFromStarter(ctx, tx, e.Email, FreePlanSlug, now); err != nil {
				return fmt.Errorf("beta: invite %s: free beta plan: %w", id, err)
			}
			if err := s.store.MarkJoined(ctx, tx, id, now); err != nil {
				return fmt.Errorf("beta: invite %s: %w", id, err)
			}
		}
		_, leave, err := s.links(ctx, id)
		if err != nil {
			return err
		}
		link := s.cfg.BaseURL + "/signup?beta=1"
		if hasAccount {
			link = s.cfg.BaseURL + "/account"
		}
		mctx := s.mailContext(ctx, e)
		m, err := mail.Compose(mctx, e.Email, InviteDedupeKey(id), emails.BetaInvite{Name: e.Name, SignupLink: link, HasAccount: hasAccount, LeaveLink: leave,
			DocsLink: s.cfg.BaseURL + "/docs", FreeQuota: format.For(i18n.From(mctx)).Int(AnnouncedFreeQuota)})
		if err != nil {
			return fmt.Errorf("beta: compose invitation %s: %w", id, err)
		}
		if _, err := s.cfg.Outbox.EnqueueTx(ctx, tx, m); err != nil {
			return fmt.Errorf("beta: queue invitation %s: %w", id, err)
		}
		if s.cfg.InviteHook != nil {
			if err := s.cfg.InviteHook(ctx, committed, id); err != nil {
				return fmt.Errorf("beta: invite %s: %w", id, err)
			}
		}
		invited = true
		return nil
	})
	return invited, err
}

// InviteDedupeKey is the outbox key of entry id's invitation; its uniqueness is the last guard
// against telling a person twice.
func InviteDedupeKey(id string) string { return "beta-invite:" + id }

// --- beta access ---

// GrantIfInvited gives user userID beta access, and moves an account on Starter (and its keys) to
// the free beta plan, when email is that user's verified address and is
// invited (or joined) on the list, and marks the entry joined. Requiring a verified address keeps
// someone who signs up with an invited stranger's address from taking the stranger's access. It
// reports whether the user has beta access afterwards; calling it again is harmless.
func (s *Service) GrantIfInvited(ctx context.Context, userID, email string) (bool, error) {
	email = accounts.NormalizeEmail(email)
	has := false
	err := s.cfg.Tx.InTx(ctx, func(tx models.Tx) error {
		u, err := s.store.BetaUser(ctx, tx, userID)
		if err != nil {
			return fmt.Errorf("beta: grant: %w", err)
		}
		if u.BetaAccessAt != nil {
			has = true
		}
		if u.Email == "" || u.Email != email || u.EmailVerifiedAt == nil {
			return nil
		}
		now := s.now()
		joined, err := s.store.JoinByEmail(ctx, tx, email, now)
		if err != nil {
			return fmt.Errorf("beta: grant %s: %w", userID, err)
		}
		if !joined {
			return nil
		}
		if err := s.store.GrantUser(ctx, tx, userID, now); err != nil {
			return fmt.Errorf("beta: %w", err)
		}
		if err := s.store.MoveUserFromStarter(ctx, tx, userID, FreePlanSlug, now); err != nil {
			return fmt.Errorf("beta: grant %s: free beta plan: %w", userID, err)
		}
		has = true
		return nil
	})
	return has, err
}

// HasBetaAccess reports whether the account may use /v1: it was invited from the waiting list
// (GrantIfInvited or an invitation) or an admin put it on a plan with /v1 access. The dashboard and
// the webhook pages ask this, so they agree with what the account's keys can do on /v1.
func (s *Service) HasBetaAccess(ctx context.Context, user *models.User) (bool, error) {
	if user == nil {
		return false, nil
	}
	has, err := s.store.UserHasV1(ctx, user.ID)
	if err != nil {
		return false, fmt.Errorf("beta: %w", err)
	}
	return has, nil
}

// KeyHasV1 reports whether key is marked for /v1: its owner has beta access or its plan includes
// /v1. A lookup failure counts as no, because /v1 is an extra the key can do without.
func (s *Service) KeyHasV1(ctx context.Context, key *models.APIKey) bool {
	if key == nil {
		return false
	}
	has, err := s.store.KeyHasV1(ctx, key)
	if err != nil {
		s.cfg.Log.Error("beta: key /v1 mark", "key", key.ID, "err", err)
		return false
	}
	return has
}

// Status is where an account stands with the beta, for the dashboard.
type Status struct {
	// Access is true when the account's keys work on /v1 (HasBetaAccess).
	Access bool
	// Invited is true when the account's address was invited but the access waits for the address
	// to be verified: the dashboard says "confirm your address", not "join the waiting list".
	Invited bool
	// Listed is true when the address is on the waiting list, waiting for its confirmation or its
	// invitation.
	Listed bool
}

// BetaStatus tells the dashboard what to say about the beta: access, an invitation that waits for
// the address to be verified, a place on the waiting list, or none of these.
func (s *Service) BetaStatus(ctx context.Context, user *models.User) (Status, error) {
	var st Status
	if user == nil {
		return st, nil
	}
	has, err := s.HasBetaAccess(ctx, user)
	if err != nil || has {
		return Status{Access: has}, err
	}
	e, err := s.store.ByEmail(ctx, models.Tx{}, accounts.NormalizeEmail(user.Email))
	if errors.Is(err, models.ErrNotFound) {
		return st, nil
	}
	if err != nil {
		return st, fmt.Errorf("beta: status of %s: %w", user.ID, err)
	}
	switch e.State {
	case models.WaitlistInvited, models.WaitlistJoined:
		if user.Verified() {
			// Verified but not granted yet (the address was verified before the invitation, on a
			// path that does not grant): grant now rather than show a stale answer.
			has, err := s.GrantIfInvited(ctx, user.ID, user.Email)
			return Status{Access: has, Invited: !has}, err
		}
		st.Invited = true
	case models.WaitlistWaiting, models.WaitlistConfirmed:
		st.Listed = true
	}
	return st, nil
}
