package migrations_test

import (
	"fmt"
	"io/fs"
	"math"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/migrations"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
	"github.com/pressly/goose/v3"
	"gorm.io/gorm/schema"
)

func versions(t *testing.T, dialect string) []int64 {
	t.Helper()
	fsys, err := migrations.FS(dialect)
	if err != nil {
		t.Fatal(err)
	}
	names, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	var vs []int64
	for _, n := range names {
		v, err := goose.NumericComponent(n)
		if err != nil {
			t.Fatalf("%s/%s: %v", dialect, n, err)
		}
		vs = append(vs, v)
	}
	slices.Sort(vs)
	return vs
}

func TestDialectsHaveTheSameVersions(t *testing.T) {
	sq, pg := versions(t, "sqlite"), versions(t, "postgres")
	if len(sq) == 0 {
		t.Fatal("no sqlite migrations found")
	}
	if !slices.Equal(sq, pg) {
		t.Fatalf("migration versions differ: sqlite %v, postgres %v", sq, pg)
	}
}

func TestSchemaHasEveryMappedColumn(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		for _, m := range models.All() {
			s, err := schema.Parse(m, &sync.Map{}, db.Gorm.NamingStrategy)
			if err != nil {
				t.Fatalf("parse %T: %v", m, err)
			}
			if !db.Gorm.Migrator().HasTable(s.Table) {
				t.Errorf("%s: table %s missing", db.Dialect, s.Table)
				continue
			}
			cols, err := db.Gorm.Migrator().ColumnTypes(m)
			if err != nil {
				t.Fatalf("%s: columns of %s: %v", db.Dialect, s.Table, err)
			}
			have := map[string]bool{}
			for _, c := range cols {
				have[c.Name()] = true
			}
			for _, f := range s.Fields {
				if f.DBName != "" && !have[f.DBName] {
					t.Errorf("%s: %s.%s is mapped by %T but missing from the schema", db.Dialect, s.Table, f.DBName, m)
				}
			}
		}
	})
}

func TestDownThenUpAgain(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		sqlDB, _ := db.Gorm.DB()
		p, err := migrations.Provider(sqlDB, string(db.Dialect))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.DownTo(t.Context(), 0); err != nil {
			t.Fatalf("down to 0: %v", err)
		}
		if db.Gorm.Migrator().HasTable("claims") {
			t.Fatal("claims table survived down migration")
		}
		if _, err := p.Up(t.Context()); err != nil {
			t.Fatalf("up again: %v", err)
		}
		var n int64
		if err := db.Gorm.Table("plans").Where("slug IN ?", []string{"starter", "enterprise"}).Count(&n).Error; err != nil || n != 2 {
			t.Fatalf("seeded plans = %d, %v; want starter and enterprise", n, err)
		}
	})
}

// TestSettledAndTrustBackfill checks migration 00013 on data written before it: a claim whose
// votes settle it by the community rule is marked settled (one whose agreement falls short is
// not), and firm trust scores are recomputed from settled claims only, since nobody has
// confirmed an attribution yet.
func TestSettledAndTrustBackfill(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := t.Context()
		sqlDB, _ := db.Gorm.DB()
		p, err := migrations.Provider(sqlDB, string(db.Dialect))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.DownTo(ctx, 12); err != nil {
			t.Fatalf("down to 12: %v", err)
		}
		now := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
		var experts []string
		for i := range 2 {
			// Inserted by SQL: the model maps columns that later migrations add (users.language).
			id := uuid.NewString()
			if err := db.Gorm.Exec(`INSERT INTO users (id, email, name, password_hash, role, created_at, updated_at) VALUES (?, ?, 'Expert', 'x', ?, ?, ?)`,
				id, fmt.Sprintf("expert%d@example.org", i), models.RoleExpert, now, now).Error; err != nil {
				t.Fatal(err)
			}
			experts = append(experts, id)
		}
		firm := uuid.NewString()
		exec := func(q string, args ...any) {
			t.Helper()
			if err := db.Gorm.Exec(q, args...).Error; err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		exec(`INSERT INTO firms (id, slug, name, trust_score, claim_count, created_at, updated_at) VALUES (?, 'wire', 'Wire', 30, 3, ?, ?)`, firm, now, now)
		claim := func(aiVerdict string, aiScore int, community *string, score, conf float64, experts int) string {
			id := uuid.NewString()
			exec(`INSERT INTO claims (id, content, category, ai_score, ai_verdict, source_score, science_score, academic_score, public_score,
	analyzer, analyzer_version, created_at, firm_id, firm_source, community_verdict, community_score, community_confidence, expert_count)
VALUES (?, 'c', 'other', ?, ?, 50, 50, 50, 50, 'offline', 't', ?, ?, 'domain', ?, ?, ?, ?)`,
				id, aiScore, aiVerdict, now, firm, community, score, conf, experts)
			return id
		}
		vote := func(claimID, expertID, verdict string, conf float64) {
			exec(`INSERT INTO claim_votes (id, claim_id, expert_id, verdict, confidence, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
				uuid.NewString(), claimID, expertID, verdict, conf, now, now)
		}
		yanlis := "yanlis"
		settled := claim("belirsiz", 50, &yanlis, 0, 0.6, 2) // agreement 1, confidence 1 × 0.8 × 0.75 = 0.6
		vote(settled, experts[0], "yanlis", 0.8)
		vote(settled, experts[1], "yanlis", 0.8)
		split := claim("belirsiz", 50, &yanlis, 32.14, 0.5, 2) // agreement 0.9 / 1.4 < 0.75
		vote(split, experts[0], "yanlis", 0.9)
		vote(split, experts[1], "dogru", 0.5)
		pasted := claim("dogru", 90, nil, 0, 0, 0) // only the submitter's link: does not count
		if _, err := p.Up(ctx); err != nil {
			t.Fatalf("up: %v", err)
		}
		for id, want := range map[string]bool{settled: true, split: false, pasted: false} {
			var c models.Claim
			if err := db.Gorm.Where("id = ?", id).Take(&c).Error; err != nil {
				t.Fatal(err)
			}
			if c.CommunitySettled != want || c.FirmConfirmedFor != nil {
				t.Errorf("claim %s: settled %v confirmed for %v, want settled %v and unconfirmed", id, c.CommunitySettled, c.FirmConfirmedFor, want)
			}
		}
		var f models.Firm
		if err := db.Gorm.Where("id = ?", firm).Take(&f).Error; err != nil {
			t.Fatal(err)
		}
		// Only the settled claim counts: (5 × 50 + 0) / 6.
		if f.TrustScore == nil || math.Abs(*f.TrustScore-41.67) > 0.005 {
			t.Errorf("trust after the backfill %v, want 41.67", f.TrustScore)
		}
	})
}
