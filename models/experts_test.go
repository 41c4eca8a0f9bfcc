package models_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// expertFixture stores accounts, profiles, claims and votes directly.
type expertFixture struct {
	t      *testing.T
	db     *database.DB
	stores *models.Stores
	store  *models.ExpertStore
}

func newExpertFixture(t *testing.T, db *database.DB) *expertFixture {
	return &expertFixture{t: t, db: db, stores: storerules.Stores(db), store: models.NewExpertStore(db, storerules.Default())}
}

// user stores an account; created sets its creation time.
func (f *expertFixture) user(name string, role models.Role, disabled bool, created time.Time) *models.User {
	f.t.Helper()
	u := &models.User{ID: uuid.NewString(), Email: strings.ToLower(strings.ReplaceAll(name, " ", ".")) + "@example.org", Name: name,
		PasswordHash: "x", Role: role, CreatedAt: created.UTC(), UpdatedAt: created.UTC()}
	if disabled {
		u.DisabledAt = &u.CreatedAt
	}
	if err := f.stores.Accounts.CreateUser(context.Background(), u); err != nil {
		f.t.Fatal(err)
	}
	return u
}

// profile saves a profile for u.
func (f *expertFixture) profile(u *models.User, bio, expertise string, public bool) {
	f.t.Helper()
	if err := f.store.SaveProfile(context.Background(), &models.ExpertProfile{UserID: u.ID, Bio: bio, Expertise: expertise, Public: public}, time.Now()); err != nil {
		f.t.Fatal(err)
	}
}

// claim stores a claim created at at.
func (f *expertFixture) claim(text string, at time.Time) *models.Claim {
	f.t.Helper()
	c := &models.Claim{ID: uuid.Must(uuid.NewV7()).String(), Content: text, Language: "en", Category: "health", EnQuery: "q",
		AIScore: 50, AIVerdict: "belirsiz", AISummary: "s", Analyzer: "seed", AnalyzerVersion: "1", Basis: "{}", CreatedAt: at.UTC()}
	if err := f.stores.Claims.Create(context.Background(), c); err != nil {
		f.t.Fatal(err)
	}
	return c
}

// countTally is a stand-in rule: the score is the share of dogru votes.
func countTally(vs []models.ClaimVote) models.CommunityTally {
	yes := 0
	for _, v := range vs {
		if v.Verdict == "dogru" {
			yes++
		}
	}
	verdict := "yanlis"
	if yes*2 >= len(vs) {
		verdict = "dogru"
	}
	return models.CommunityTally{Score: float64(100*yes) / float64(len(vs)), Verdict: verdict, Confidence: 0.5, Experts: len(vs)}
}

// vote records u's vote on c at at.
func (f *expertFixture) vote(c *models.Claim, u *models.User, verdict string, at time.Time) *models.VoteResult {
	f.t.Helper()
	res, err := f.store.ApplyVote(context.Background(), models.ClaimVote{ClaimID: c.ID, ExpertID: u.ID, Verdict: verdict, Confidence: 0.7,
		Note: "note by " + u.Name, Sources: `["https://example.org/src"]`}, countTally, at)
	if err != nil {
		f.t.Fatal(err)
	}
	return res
}

func TestExpertListingsShowOnlyPublicActiveExperts(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newExpertFixture(t, db)
		ctx := context.Background()
		t0 := time.Now().UTC().Add(-time.Hour).Truncate(time.Second)
		ada := f.user("Ada", models.RoleExpert, false, t0)
		f.profile(ada, "Epidemiologist.", `["health","statistics"]`, true)
		bob := f.user("Bob", models.RoleExpert, false, t0) // no profile row: public by default
		cem := f.user("Cem", models.RoleExpert, false, t0)
		f.profile(cem, "Private person.", `[]`, false)
		dan := f.user("Dan", models.RoleExpert, true, t0)
		eve := f.user("Eve", models.RoleUser, false, t0)
		f.profile(eve, "Not an expert.", `[]`, true)
		adm := f.user("Admin", models.RoleAdmin, false, t0)

		c1, c2, c3 := f.claim("one", t0), f.claim("two", t0), f.claim("three", t0)
		f.vote(c1, bob, "dogru", t0.Add(1*time.Minute))
		f.vote(c2, bob, "dogru", t0.Add(2*time.Minute))
		f.vote(c3, bob, "yanlis", t0.Add(3*time.Minute))
		f.vote(c1, ada, "yanlis", t0.Add(4*time.Minute))
		// A vote on a hidden claim is not a review anyone can see.
		if err := db.Gorm.Exec("UPDATE claims SET hidden_at = ? WHERE id = ?", t0, c3.ID).Error; err != nil {
			t.Fatal(err)
		}

		list, total, err := f.store.ListPublic(ctx, 10, 0)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, l := range list {
			names = append(names, l.Name)
		}
		if total != 2 || strings.Join(names, ",") != "Bob,Ada" {
			t.Fatalf("public experts %v (total %d), want Bob,Ada (most reviews first)", names, total)
		}
		if list[0].Reviews != 2 || list[1].Reviews != 1 {
			t.Errorf("reviews %d, %d; want 2, 1", list[0].Reviews, list[1].Reviews)
		}
		if list[1].Bio != "Epidemiologist." || strings.Join(list[1].Expertise, "|") != "health|statistics" || list[0].Bio != "" || len(list[0].Expertise) != 0 {
			t.Errorf("profiles %+v", list)
		}
		if list[0].LastReviewAt == nil || !list[0].LastReviewAt.Equal(t0.Add(2*time.Minute)) {
			t.Errorf("Bob's last visible review %v, want %v", list[0].LastReviewAt, t0.Add(2*time.Minute))
		}
		if !list[1].JoinedAt.Equal(t0) {
			t.Errorf("joined %v, want %v", list[1].JoinedAt, t0)
		}
		page2, total2, err := f.store.ListPublic(ctx, 1, 1)
		if err != nil || total2 != 2 || len(page2) != 1 || page2[0].Name != "Ada" {
			t.Fatalf("second page %+v %d %v", page2, total2, err)
		}

		for _, u := range []*models.User{cem, dan, eve, adm} {
			if _, err := f.store.Public(ctx, u.ID); !errors.Is(err, models.ErrNotFound) {
				t.Errorf("%s has a public profile (err %v)", u.Name, err)
			}
		}
		for _, id := range []string{uuid.NewString(), "nope"} {
			if _, err := f.store.Public(ctx, id); !errors.Is(err, models.ErrNotFound) {
				t.Errorf("Public(%q) err %v", id, err)
			}
		}
		p, err := f.store.Public(ctx, ada.ID)
		if err != nil || p.Name != "Ada" || p.Reviews != 1 {
			t.Fatalf("Ada's profile %+v %v", p, err)
		}
		revs, err := f.store.RecentReviews(ctx, bob.ID, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(revs) != 2 || revs[0].Claim.ID != c2.ID || revs[1].Claim.ID != c1.ID || revs[0].Verdict != "dogru" {
			t.Fatalf("Bob's recent reviews %+v, want two, c2 first", revs)
		}
	})
}

func TestVotesNameOnlyPublicExperts(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newExpertFixture(t, db)
		ctx := context.Background()
		t0 := time.Now().UTC().Truncate(time.Second)
		ada := f.user("Ada", models.RoleExpert, false, t0)
		cem := f.user("Cem", models.RoleExpert, false, t0)
		f.profile(cem, "", `[]`, false)
		c := f.claim("claim", t0)
		f.vote(c, ada, "dogru", t0.Add(time.Minute))
		res := f.vote(c, cem, "yanlis", t0.Add(2*time.Minute))
		if len(res.Votes) != 2 {
			t.Fatalf("result votes %+v", res.Votes)
		}
		vs, err := f.store.Votes(ctx, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(vs) != 2 {
			t.Fatalf("votes %+v", vs)
		}
		if vs[0].ExpertName != models.AnonymousExpert || vs[0].ExpertID != "" || vs[0].Verdict != "yanlis" {
			t.Errorf("private expert's vote %+v, want anonymous and first (newest)", vs[0])
		}
		if vs[1].ExpertName != "Ada" || vs[1].ExpertID != ada.ID || vs[1].Note != "note by Ada" ||
			len(vs[1].Sources) != 1 || vs[1].Sources[0] != "https://example.org/src" || !vs[1].UpdatedAt.Equal(t0.Add(time.Minute)) {
			t.Errorf("public expert's vote %+v", vs[1])
		}
		// A disabled expert stays counted but is no longer named.
		if err := db.Gorm.Exec("UPDATE users SET disabled_at = ? WHERE id = ?", t0, ada.ID).Error; err != nil {
			t.Fatal(err)
		}
		vs, _ = f.store.Votes(ctx, c.ID)
		if vs[1].ExpertName != models.AnonymousExpert {
			t.Errorf("disabled expert still named: %+v", vs[1])
		}
		if _, err := f.store.ApplyVote(ctx, models.ClaimVote{ClaimID: c.ID, ExpertID: ada.ID, Verdict: "dogru"}, countTally, t0); !errors.Is(err, models.ErrNotExpert) {
			t.Errorf("disabled expert voted: %v", err)
		}
		if vs, err := f.store.Votes(ctx, "nope"); err != nil || len(vs) != 0 {
			t.Errorf("Votes(nope) = %v, %v", vs, err)
		}
		if _, err := f.store.MyVote(ctx, c.ID, uuid.NewString()); !errors.Is(err, models.ErrNotFound) {
			t.Errorf("MyVote of a non-voter: %v", err)
		}
	})
}

func TestReviewQueueTabs(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newExpertFixture(t, db)
		ctx := context.Background()
		t0 := time.Now().UTC().Add(-time.Hour).Truncate(time.Second)
		me := f.user("Me", models.RoleExpert, false, t0)
		other := f.user("Other", models.RoleExpert, false, t0)
		third := f.user("Third", models.RoleExpert, false, t0)
		old := f.claim("old, much viewed", t0)
		mid := f.claim("middle", t0.Add(time.Minute))
		f.claim("young", t0.Add(2*time.Minute))
		hidden := f.claim("hidden", t0.Add(3*time.Minute))
		votedByOther := f.claim("voted by other", t0.Add(4*time.Minute))
		votedByMe := f.claim("voted by me", t0.Add(5*time.Minute))
		votedTwice := f.claim("voted twice", t0.Add(6*time.Minute))
		if err := f.stores.Claims.AddViews(ctx, map[string]int64{old.ID: 3, mid.ID: 1}); err != nil {
			t.Fatal(err)
		}
		db.Gorm.Exec("UPDATE claims SET hidden_at = ? WHERE id = ?", t0, hidden.ID)
		f.vote(votedByOther, other, "dogru", t0)
		f.vote(votedByMe, me, "dogru", t0)
		f.vote(votedTwice, other, "dogru", t0)
		f.vote(votedTwice, third, "dogru", t0)

		ids := func(cs []models.Claim) string {
			var out []string
			for _, c := range cs {
				out = append(out, c.Content)
			}
			return strings.Join(out, "|")
		}
		cases := []struct {
			tab   string
			want  string
			total int64
		}{
			{models.QueueNewest, "young|middle|old, much viewed", 3},
			{"", "young|middle|old, much viewed", 3},
			{models.QueueMostViewed, "old, much viewed|middle|young", 3},
			{models.QueueNeedsVotes, "voted by other", 1},
		}
		for _, tc := range cases {
			cs, total, err := f.store.Queue(ctx, models.QueueQuery{Tab: tc.tab, ExpertID: me.ID, Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			if ids(cs) != tc.want || total != tc.total {
				t.Errorf("tab %q: %s (total %d), want %s (total %d)", tc.tab, ids(cs), total, tc.want, tc.total)
			}
		}
		cs, total, err := f.store.Queue(ctx, models.QueueQuery{Tab: models.QueueNewest, Limit: 2, Offset: 2})
		if err != nil || total != 3 || ids(cs) != "old, much viewed" {
			t.Errorf("second page %s total %d err %v", ids(cs), total, err)
		}
		// Another expert sees the claim I voted on as needing a second vote.
		cs, _, _ = f.store.Queue(ctx, models.QueueQuery{Tab: models.QueueNeedsVotes, ExpertID: third.ID})
		if ids(cs) != "voted by me|voted by other" {
			t.Errorf("third expert's needs-votes tab: %s", ids(cs))
		}
	})
}

func TestExpertProfileSaveAndUpdate(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newExpertFixture(t, db)
		ctx := context.Background()
		u := f.user("Ada", models.RoleExpert, false, time.Now())
		if _, err := f.store.Profile(ctx, u.ID); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("profile before saving: %v", err)
		}
		f.profile(u, "First bio", `["a"]`, true)
		f.profile(u, "Second bio", `["b","c"]`, false)
		p, err := f.store.Profile(ctx, u.ID)
		if err != nil || p.Bio != "Second bio" || p.Expertise != `["b","c"]` || p.Public {
			t.Fatalf("profile %+v %v", p, err)
		}
		var n int64
		db.Gorm.Model(&models.ExpertProfile{}).Count(&n)
		if n != 1 {
			t.Errorf("%d profile rows, want 1", n)
		}
	})
}
