package models

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// AnonymousExpert is how a vote of an expert without a public profile is credited.
const AnonymousExpert = "An expert"

// ErrNotExpert is returned when a vote comes from an account that is not an active expert.
var ErrNotExpert = errors.New("only active expert accounts may vote")

// Review queue tabs.
const (
	// QueueNewest lists claims no expert has voted on, newest first.
	QueueNewest = "newest"
	// QueueMostViewed lists claims no expert has voted on, most viewed first.
	QueueMostViewed = "viewed"
	// QueueNeedsVotes lists claims with exactly one vote, by someone other than the asking expert.
	QueueNeedsVotes = "more"
)

// ExpertStore reads expert profiles, votes and score histories, and records votes.
type ExpertStore struct {
	db    *database.DB
	rules Rules
}

// NewExpertStoreWith builds the expert store over db applying rules.
func NewExpertStore(db *database.DB, rules Rules) *ExpertStore {
	return &ExpertStore{db: db, rules: rules}
}

// ExpertListing is an expert as the public list and profile show them.
type ExpertListing struct {
	UserID, Name, Bio string
	Expertise         []string
	// Affiliation and Credentials are the expert's own account of where they work and what
	// qualifies them ("" when not given).
	Affiliation, Credentials string
	// Reviews counts the expert's votes on visible claims.
	Reviews int
	// JoinedAt is when the account was created.
	JoinedAt time.Time
	// LastReviewAt is the newest vote's time (nil without votes).
	LastReviewAt *time.Time
}

// VoteListing is one vote as pages and the API show it. ExpertID and ExpertName are set only for
// experts with a public profile; others are credited as AnonymousExpert with an empty ExpertID,
// so nothing can link to or identify them.
type VoteListing struct {
	ExpertID, ExpertName, Verdict string // Verdict: compatible slug
	Confidence                    float64
	Note                          string
	Sources                       []string
	UpdatedAt                     time.Time
}

// publicExpertSQL is the predicate of an expert whose profile may be shown: the expert role, not
// disabled, and a public profile (no profile row counts as public). Tables are aliased u and p.
const publicExpertSQL = `u.role = 'expert' AND u.disabled_at IS NULL AND (p.public IS NULL OR p.public = ?)`

// reviewsSQL counts an expert's votes on visible claims (u is the users alias).
const reviewsSQL = `(SELECT COUNT(*) FROM claim_votes rv JOIN claims rc ON rc.id = rv.claim_id WHERE rv.expert_id = u.id AND rc.hidden_at IS NULL)`

// expertRow is the scan target of the expert listings.
type expertRow struct {
	UserID    string  `gorm:"column:user_id"`
	Name      string  `gorm:"column:name"`
	Bio       *string `gorm:"column:bio"`
	Expertise *string `gorm:"column:expertise"`
	// Affiliation and Credentials are NULL for an expert who never saved a profile.
	Affiliation *string   `gorm:"column:affiliation"`
	Credentials *string   `gorm:"column:credentials"`
	Reviews     int       `gorm:"column:reviews"`
	CreatedAt   time.Time `gorm:"column:created_at"`
}

// listing converts a row, decoding the expertise tags (a corrupt value shows no tags).
func (r expertRow) listing() ExpertListing {
	l := ExpertListing{UserID: r.UserID, Name: r.Name, Reviews: r.Reviews, JoinedAt: r.CreatedAt}
	if r.Bio != nil {
		l.Bio = *r.Bio
	}
	if r.Expertise != nil {
		l.Expertise = decodeStrings(*r.Expertise)
	}
	if r.Affiliation != nil {
		l.Affiliation = *r.Affiliation
	}
	if r.Credentials != nil {
		l.Credentials = *r.Credentials
	}
	return l
}

// decodeStrings reads a JSON array of strings; anything else reads as none.
func decodeStrings(raw string) []string {
	var out []string
	if json.Unmarshal([]byte(raw), &out) != nil {
		return nil
	}
	return out
}

// expertQuery selects public experts with their review counts.
func (s *ExpertStore) expertQuery(ctx context.Context) *gorm.DB {
	return s.db.Gorm.WithContext(ctx).Table("users u").
		Select("u.id AS user_id, u.name AS name, p.bio AS bio, p.expertise AS expertise, p.affiliation AS affiliation, p.credentials AS credentials, u.created_at AS created_at, "+reviewsSQL+" AS reviews").
		Joins("LEFT JOIN expert_profiles p ON p.user_id = u.id").
		Where(publicExpertSQL, true)
}

// lastReview fills LastReviewAt; one indexed lookup per expert keeps the time typed on SQLite,
// where an aggregate over a datetime column comes back as text.
func (s *ExpertStore) lastReview(ctx context.Context, l *ExpertListing) error {
	var vs []ClaimVote
	err := s.db.Gorm.WithContext(ctx).Table("claim_votes").Select("claim_votes.updated_at").
		Joins("JOIN claims ON claims.id = claim_votes.claim_id").
		Where("claim_votes.expert_id = ? AND claims.hidden_at IS NULL", l.UserID).
		Order("claim_votes.updated_at DESC").Limit(1).Find(&vs).Error
	if err != nil {
		return fmt.Errorf("last review of expert %s: %w", l.UserID, err)
	}
	if len(vs) == 1 {
		t := vs[0].UpdatedAt
		l.LastReviewAt = &t
	}
	return nil
}

// ListPublic returns public experts, most reviews first, and how many there are in all.
func (s *ExpertStore) ListPublic(ctx context.Context, limit, offset int) ([]ExpertListing, int64, error) {
	if limit <= 0 || limit > 100 {
		limit = 20
	}
	var total int64
	if err := s.db.Gorm.WithContext(ctx).Table("users u").Joins("LEFT JOIN expert_profiles p ON p.user_id = u.id").
		Where(publicExpertSQL, true).Count(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("count experts: %w", err)
	}
	var rows []expertRow
	if err := s.expertQuery(ctx).Order("reviews DESC, u.name, u.id").Limit(limit).Offset(max(offset, 0)).Scan(&rows).Error; err != nil {
		return nil, 0, fmt.Errorf("list experts: %w", err)
	}
	out := make([]ExpertListing, len(rows))
	for i, r := range rows {
		out[i] = r.listing()
		if err := s.lastReview(ctx, &out[i]); err != nil {
			return nil, 0, err
		}
	}
	return out, total, nil
}

// Public returns one public expert, or ErrNotFound for anyone else (no such user, not an expert,
// disabled, or a private profile).
func (s *ExpertStore) Public(ctx context.Context, userID string) (*ExpertListing, error) {
	if !isRowUUID(userID) {
		return nil, ErrNotFound
	}
	var rows []expertRow
	if err := s.expertQuery(ctx).Where("u.id = ?", userID).Limit(1).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("expert %s: %w", userID, err)
	}
	if len(rows) == 0 {
		return nil, ErrNotFound
	}
	l := rows[0].listing()
	if err := s.lastReview(ctx, &l); err != nil {
		return nil, err
	}
	return &l, nil
}

// ExpertReview is one claim an expert voted on, for their public profile.
type ExpertReview struct {
	// Claim is the visible claim.
	Claim Claim
	// Verdict and Confidence are the expert's vote; VotedAt its last change.
	Verdict    string
	Confidence float64
	VotedAt    time.Time
}

// RecentReviews returns the visible claims expertID voted on, most recent vote first.
func (s *ExpertStore) RecentReviews(ctx context.Context, expertID string, limit int) ([]ExpertReview, error) {
	if !isRowUUID(expertID) {
		return nil, nil
	}
	if limit <= 0 || limit > 100 {
		limit = 10
	}
	g := s.db.Gorm.WithContext(ctx)
	var vs []ClaimVote
	if err := g.Table("claim_votes").Select("claim_votes.*").Joins("JOIN claims ON claims.id = claim_votes.claim_id").
		Where("claim_votes.expert_id = ? AND claims.hidden_at IS NULL", expertID).
		Order("claim_votes.updated_at DESC, claim_votes.id DESC").Limit(limit).Find(&vs).Error; err != nil {
		return nil, fmt.Errorf("reviews of expert %s: %w", expertID, err)
	}
	if len(vs) == 0 {
		return nil, nil
	}
	ids := make([]string, len(vs))
	for i, v := range vs {
		ids[i] = v.ClaimID
	}
	var cs []Claim
	if err := g.Where("id IN ? AND "+visible, ids).Find(&cs).Error; err != nil {
		return nil, fmt.Errorf("reviews of expert %s: %w", expertID, err)
	}
	byID := make(map[string]Claim, len(cs))
	for _, c := range cs {
		byID[c.ID] = c
	}
	out := make([]ExpertReview, 0, len(vs))
	for _, v := range vs {
		if c, ok := byID[v.ClaimID]; ok {
			out = append(out, ExpertReview{Claim: c, Verdict: v.Verdict, Confidence: v.Confidence, VotedAt: v.UpdatedAt})
		}
	}
	return out, nil
}

// voteRow is the scan target of Votes.
type voteRow struct {
	ClaimVote
	UserName   string     `gorm:"column:user_name"`
	UserRole   Role       `gorm:"column:user_role"`
	UserOff    *time.Time `gorm:"column:user_disabled_at"`
	ProfileOn  *bool      `gorm:"column:profile_public"`
	ProfileSet *string    `gorm:"column:profile_user_id"`
}

// votes lists a claim's votes inside tx (or the store's connection), newest first.
func votes(tx *gorm.DB, claimID string) ([]VoteListing, error) {
	var rows []voteRow
	err := tx.Table("claim_votes v").
		Select("v.*, u.name AS user_name, u.role AS user_role, u.disabled_at AS user_disabled_at, p.public AS profile_public, p.user_id AS profile_user_id").
		Joins("JOIN users u ON u.id = v.expert_id").
		Joins("LEFT JOIN expert_profiles p ON p.user_id = v.expert_id").
		Where("v.claim_id = ?", claimID).Order("v.updated_at DESC, v.id DESC").Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("votes on claim %s: %w", claimID, err)
	}
	out := make([]VoteListing, len(rows))
	for i, r := range rows {
		l := VoteListing{ExpertName: AnonymousExpert, Verdict: r.Verdict, Confidence: r.Confidence, Note: r.Note,
			Sources: decodeStrings(r.Sources), UpdatedAt: r.UpdatedAt}
		public := r.ProfileSet == nil || (r.ProfileOn != nil && *r.ProfileOn)
		if public && r.UserRole == RoleExpert && r.UserOff == nil {
			l.ExpertID, l.ExpertName = r.ExpertID, r.UserName
		}
		out[i] = l
	}
	return out, nil
}

// Votes returns the claim's votes, newest first; only experts with public profiles are named.
func (s *ExpertStore) Votes(ctx context.Context, claimID string) ([]VoteListing, error) {
	if !isRowUUID(claimID) {
		return nil, nil
	}
	return votes(s.db.Gorm.WithContext(ctx), claimID)
}

// ScoreHistory returns the claim's score history, oldest first.
func (s *ExpertStore) ScoreHistory(ctx context.Context, claimID string) ([]ClaimScoreChange, error) {
	if !isRowUUID(claimID) {
		return nil, nil
	}
	var hs []ClaimScoreChange
	if err := s.db.Gorm.WithContext(ctx).Where("claim_id = ?", claimID).Order("created_at, id").Find(&hs).Error; err != nil {
		return nil, fmt.Errorf("score history of claim %s: %w", claimID, err)
	}
	return hs, nil
}

// MyVote returns expertID's vote on claimID, or ErrNotFound.
func (s *ExpertStore) MyVote(ctx context.Context, claimID, expertID string) (*ClaimVote, error) {
	if !isRowUUID(claimID) || !isRowUUID(expertID) {
		return nil, ErrNotFound
	}
	var v ClaimVote
	err := s.db.Gorm.WithContext(ctx).Where("claim_id = ? AND expert_id = ?", claimID, expertID).Take(&v).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("vote of %s on claim %s: %w", expertID, claimID, err)
	}
	return &v, nil
}

// Profile returns the expert's stored profile, or ErrNotFound when they never saved one (the
// defaults then apply: public, no bio, no expertise).
func (s *ExpertStore) Profile(ctx context.Context, userID string) (*ExpertProfile, error) {
	if !isRowUUID(userID) {
		return nil, ErrNotFound
	}
	var p ExpertProfile
	err := s.db.Gorm.WithContext(ctx).Where("user_id = ?", userID).Take(&p).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("profile of %s: %w", userID, err)
	}
	return &p, nil
}

// SaveProfile creates or updates p (by user id); the caller has validated it.
func (s *ExpertStore) SaveProfile(ctx context.Context, p *ExpertProfile, now time.Time) error {
	p.CreatedAt, p.UpdatedAt = dbTime(now), dbTime(now)
	if p.Expertise == "" {
		p.Expertise = "[]"
	}
	err := s.db.Gorm.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "user_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"bio", "expertise", "affiliation", "credentials", "public", "updated_at"}),
	}).Create(p).Error
	if err != nil {
		return fmt.Errorf("save profile of %s: %w", p.UserID, err)
	}
	return nil
}

// QueueQuery selects one page of the review queue.
type QueueQuery struct {
	// Tab is QueueNewest (default), QueueMostViewed or QueueNeedsVotes.
	Tab string
	// ExpertID is the asking expert; QueueNeedsVotes leaves out claims they voted on.
	ExpertID string
	// Limit (1..100, default 20) and Offset page through the list.
	Limit, Offset int
}

// Queue returns a page of the review queue and how many claims the tab holds in all.
func (s *ExpertStore) Queue(ctx context.Context, q QueueQuery) ([]Claim, int64, error) {
	g := s.db.Gorm.WithContext(ctx).Model(&Claim{}).Where(visible)
	order := "created_at DESC, id DESC"
	switch q.Tab {
	case QueueMostViewed:
		g = g.Where("expert_count = 0")
		order = "view_count DESC, created_at DESC, id DESC"
	case QueueNeedsVotes:
		g = g.Where("expert_count = 1")
		if isRowUUID(q.ExpertID) {
			g = g.Where("NOT EXISTS (SELECT 1 FROM claim_votes mv WHERE mv.claim_id = claims.id AND mv.expert_id = ?)", q.ExpertID)
		}
	default:
		g = g.Where("expert_count = 0")
	}
	var total int64
	if err := g.Count(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("count review queue %q: %w", q.Tab, err)
	}
	limit := q.Limit
	if limit <= 0 || limit > 100 {
		limit = 20
	}
	var cs []Claim
	if err := g.Order(order).Limit(limit).Offset(max(q.Offset, 0)).Find(&cs).Error; err != nil {
		return nil, 0, fmt.Errorf("review queue %q: %w", q.Tab, err)
	}
	return cs, total, nil
}

// CommunityTally is what the community rule makes of a claim's votes (see internal/community).
type CommunityTally struct {
	// Score is 0–100; Verdict a compatible slug; Confidence 0–1; Experts the number of votes.
	Score      float64
	Verdict    string
	Confidence float64
	Experts    int
	// Settled is true when the votes settle the claim, so it counts toward its firm's trust
	// score whether or not anyone confirmed who published it.
	Settled bool
}

// TallyFunc applies the community rule to all of a claim's votes.
type TallyFunc func(votes []ClaimVote) CommunityTally

// VoteResult is what ApplyVote did.
type VoteResult struct {
	// Claim is the claim after the vote.
	Claim Claim
	// Previous is the claim's score before the vote; Current after it.
	Previous, Current ScoreView
	// Changed is true when the community score, verdict, expert count or confidence changed (and
	// so a history row and a claim.score_changed event were written).
	Changed bool
	// Votes are all the claim's votes after this one, newest first.
	Votes []VoteListing
}

// ApplyVote records v (one vote per expert per claim: a repeated vote updates the row) and
// recomputes the claim's community score with tally, all in one transaction that holds the claim
// row locked, so concurrent votes on one claim are applied one after the other and all count. It
// returns ErrNotFound for a missing or hidden claim and ErrNotExpert when v.ExpertID is not an
// active expert account.
func (s *ExpertStore) ApplyVote(ctx context.Context, v ClaimVote, tally TallyFunc, now time.Time) (*VoteResult, error) {
	if !isRowUUID(v.ClaimID) {
		return nil, ErrNotFound
	}
	if !isRowUUID(v.ExpertID) {
		return nil, ErrNotExpert
	}
	if v.Sources == "" {
		v.Sources = "[]"
	}
	var res VoteResult
	err := s.db.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var u User
		err := tx.Select("id", "role", "disabled_at").Where("id = ?", v.ExpertID).Take(&u).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return ErrNotExpert
		}
		if err != nil {
			return fmt.Errorf("voter: %w", err)
		}
		if u.Role != RoleExpert || u.DisabledAt != nil {
			return ErrNotExpert
		}
		cq := tx.Where("id = ? AND "+visible, v.ClaimID)
		if s.db.Dialect == database.Postgres {
			// Two experts voting at once must both count: the second waits here until the first
			// commits, then recomputes from both votes.
			cq = cq.Clauses(clause.Locking{Strength: "UPDATE"})
		}
		var c Claim
		err = cq.Take(&c).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("lock claim: %w", err)
		}
		res.Previous = c.EffectiveScore()
		v.ID = uuid.Must(uuid.NewV7()).String()
		v.CreatedAt, v.UpdatedAt = dbTime(now), dbTime(now)
		if err := tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "claim_id"}, {Name: "expert_id"}},
			DoUpdates: clause.AssignmentColumns([]string{"verdict", "confidence", "note", "sources", "updated_at"}),
		}).Create(&v).Error; err != nil {
			return fmt.Errorf("store vote: %w", err)
		}
		var all []ClaimVote
		if err := tx.Where("claim_id = ?", v.ClaimID).Order("created_at, id").Find(&all).Error; err != nil {
			return fmt.Errorf("read votes: %w", err)
		}
		t := tally(all)
		res.Changed = !sameTally(c.ClaimStanding, t)
		if res.Changed {
			if err := applyTally(tx, s.db.Dialect, s.rules, &c, t, res.Previous, now); err != nil {
				return err
			}
		}
		res.Claim, res.Current = c, c.EffectiveScore()
		res.Votes, err = votes(tx, v.ClaimID)
		return err
	})
	if err != nil {
		if errors.Is(err, ErrNotFound) || errors.Is(err, ErrNotExpert) {
			return nil, err
		}
		return nil, fmt.Errorf("vote on claim %s: %w", v.ClaimID, err)
	}
	return &res, nil
}

// sameTally reports whether the stored community columns already say what t says.
func sameTally(c ClaimStanding, t CommunityTally) bool {
	if c.CommunitySettled != t.Settled {
		return false
	}
	if t.Experts == 0 {
		return c.ExpertCount == 0 && c.CommunityScore == nil && c.CommunityVerdict == nil && c.CommunityConfidence == nil
	}
	return c.ExpertCount == t.Experts &&
		c.CommunityScore != nil && math.Abs(*c.CommunityScore-t.Score) < 0.005 &&
		c.CommunityVerdict != nil && *c.CommunityVerdict == t.Verdict &&
		c.CommunityConfidence != nil && math.Abs(*c.CommunityConfidence-t.Confidence) < 0.005
}

// applyTally writes a changed community score: the claim's columns, a history row, the
// events the event rule chooses for a rescore (the delivery worker queues their webhooks) and the firm's trust
// score by the trust rule.
func applyTally(tx *gorm.DB, dialect database.Dialect, rules Rules, c *Claim, t CommunityTally, prev ScoreView, now time.Time) error {
	if t.Experts == 0 {
		c.CommunityScore, c.CommunityVerdict, c.CommunityConfidence = nil, nil, nil
	} else {
		score, verdict, conf := round2(t.Score), t.Verdict, round2(t.Confidence)
		c.CommunityScore, c.CommunityVerdict, c.CommunityConfidence = &score, &verdict, &conf
	}
	c.ExpertCount = t.Experts
	c.CommunitySettled = t.Settled && t.Experts > 0
	if err := tx.Model(&Claim{}).Where("id = ?", c.ID).Updates(map[string]any{
		"community_score": c.CommunityScore, "community_verdict": c.CommunityVerdict,
		"community_confidence": c.CommunityConfidence, "expert_count": c.ExpertCount,
		"community_settled": c.CommunitySettled,
	}).Error; err != nil {
		return fmt.Errorf("update community score: %w", err)
	}
	sv := c.EffectiveScore()
	verdict := c.AIVerdict
	if c.CommunityVerdict != nil && c.ExpertCount > 0 {
		verdict = *c.CommunityVerdict
	}
	h := &ClaimScoreChange{ID: uuid.Must(uuid.NewV7()).String(), ClaimID: c.ID, Score: sv.Score, Verdict: verdict,
		Experts: sv.Experts, Confidence: sv.Confidence, Cause: "vote", CreatedAt: dbTime(now)}
	if err := tx.Create(h).Error; err != nil {
		return fmt.Errorf("score history: %w", err)
	}
	// The firm row is locked before the event-order lock, the same order a new claim takes them
	// (afterClaimInsert), so a vote and a new claim of the same firm cannot deadlock.
	if c.FirmID != nil {
		if err := RecomputeFirmTrust(tx, rules.Trust, *c.FirmID, now); err != nil {
			return err
		}
	}
	data := ClaimData(c)
	data.Previous = &prev
	return appendEvents(tx, dialect, rules.Events, ChangeRescored, &c.ID, data, now)
}

// isRowUUID reports whether s can be a row id; PostgreSQL's uuid columns refuse anything else with an
// error rather than finding nothing.
func isRowUUID(s string) bool {
	_, err := uuid.Parse(s)
	return err == nil && len(s) == 36
}
